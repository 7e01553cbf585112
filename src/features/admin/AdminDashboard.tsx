// /admin: what waits for the administrator (accounts awaiting activation first), each count linking
// to its list when the caller may use it.
import { useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectAdminActor } from './adminActor';
import { adminDashboardActions } from './adminDashboard.slice';
import { sectionPath } from './adminSections';
import { messages } from './messages';
import type { RootState } from '../../app/rootReducer';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

const selectDashboard = (state: RootState): RootState['adminDashboard'] => state.adminDashboard;

function CountCard({ label, count, to }: { label: MessageDescriptor; count: number | null; to: string | null }): ReactElement | null {
  const intl = useIntl();
  if (count === null) return null;
  const text = intl.formatMessage(label);
  return (
    <Card withBorder padding="md">
      <Text size="sm">{text}</Text>
      {to ? (
        <Anchor component={Link} to={to} fz={28} fw={700} aria-label={`${text}: ${count}`}>
          {count}
        </Anchor>
      ) : (
        <Text fz={28} fw={700} aria-label={`${text}: ${count}`}>
          {count}
        </Text>
      )}
    </Card>
  );
}

export function AdminDashboard(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const actor = useAppSelector(selectAdminActor);
  const { counts, failed } = useAppSelector(selectDashboard);
  useEffect(() => void dispatch(adminDashboardActions.countsRequested()), [dispatch]);
  const users = sectionPath(actor, 'users');
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      {failed && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.countsFailed)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <CountCard label={messages.awaitingActivation} count={counts.awaitingActivation} to={users && `${users}?state=confirmed`} />
        <CountCard label={messages.inactiveUsers} count={counts.inactiveUsers} to={users && `${users}?state=inactive`} />
        <CountCard label={messages.institutes} count={counts.institutes} to={sectionPath(actor, 'institutes')} />
        <CountCard label={messages.groups} count={counts.groups} to={sectionPath(actor, 'groups')} />
      </SimpleGrid>
    </Stack>
  );
}
