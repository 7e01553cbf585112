// The user dashboard (spec business-data §2): accessible registries, start attendance, attendance
// list, to-do list and the institute biobank. A user without any access entry sees only the
// no-permission text.
import { useEffect, type ReactElement } from 'react';
import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { selectLocale } from '../locale/locale.selectors';
import { AttendanceListCard, RegistriesCard, TodoCard } from './DashboardCards';
import { dashboardPlan } from './dashboardPlan';
import { StartAttendanceCard } from './StartAttendanceCard';
import { WaitingRolesCard } from './WaitingRolesCard';
import { BiobankCard } from '../biobank/BiobankCard';
import { dashboardActions } from './dashboard.slice';
import { selectDashboard } from './dashboard.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export function DashboardPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const { status, error, registries } = useAppSelector(selectDashboard);
  const locale = useAppSelector(selectLocale);
  const user = useAppSelector(selectCurrentUser);
  const plan = dashboardPlan(user?.roles ?? []);
  // Starting an attendance creates its start form: offered where the server grants frm_create.
  const mayStart = plan.patientWork && registries.some((registry) => registry.permissions.includes('frm_create'));

  // Registry and institute names come in the request's language: a language switch reloads them.
  useEffect(() => void dispatch(dashboardActions.opened()), [dispatch, locale]);

  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      {/* One line of greeting stays: the user sees whose session and institute this is. */}
      {user && (
        <Text>
          {intl.formatMessage(messages.welcome, { name: user.name })}
          {user.institute && ` ${intl.formatMessage(messages.userInstitute, { institute: user.institute.name })}`}
        </Text>
      )}
      {status === 'loading' && <Loader size="sm" aria-label={intl.formatMessage(messages.registriesTitle)} />}
      {user && plan.noScreens && <WaitingRolesCard roles={plan.waitingRoles} institute={user.institute?.name ?? null} />}
      {/* Biobank access comes from biobank entries, not registry ones: the card stands on its own. */}
      {plan.biobank && user && <BiobankCard instituteId={user.institute?.id ?? null} />}
      {status === 'noAccess' && !plan.noScreens && !plan.biobank && (
        <Alert color="yellow" role="alert">
          {intl.formatMessage(messages.noPermission)}
        </Alert>
      )}
      {status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadError)} {error?.message}
        </Alert>
      )}
      {status === 'ready' && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <RegistriesCard />
          {mayStart && <StartAttendanceCard />}
          {plan.patientWork && <AttendanceListCard />}
          {(plan.todo.approvable || plan.todo.correctable) && <TodoCard lists={plan.todo} />}
        </SimpleGrid>
      )}
    </Stack>
  );
}
