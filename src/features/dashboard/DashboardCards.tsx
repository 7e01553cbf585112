// The dashboard's read-only cards: accessible registries, attendance list and to-do list.
import type { ReactElement } from 'react';
import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectFormCounts } from '../forms/formLists.selectors';
import { selectDashboard } from './dashboard.selectors';
import { messages } from './messages';
import { useFormatter } from '../../i18n/useFormatter';

export function RegistriesCard(): ReactElement {
  const intl = useIntl();
  const { registries } = useAppSelector(selectDashboard);
  return (
    <Card withBorder component="section" aria-labelledby="dashboard-registries">
      <Title order={2} size="h4" id="dashboard-registries" mb="sm">
        {intl.formatMessage(messages.registriesTitle)}
      </Title>
      {registries.length === 0 ? (
        <Text size="sm">{intl.formatMessage(messages.noRegistries)}</Text>
      ) : (
        <List listStyleType="none" spacing="sm">
          {registries.map((r) => (
            <List.Item key={r.id}>
              <Group gap="xs">
                <Text fw={500}>{r.name}</Text>
                <Badge variant={r.registryType === 'trial' ? 'filled' : 'outline'}>
                  {intl.formatMessage(r.registryType === 'trial' ? messages.typeTrial : messages.typeRegistry)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {intl.formatMessage(messages.registryCounts, {
                  patients: r.counts.patients,
                  attendances: r.counts.attendances,
                  institutes: r.instituteCount,
                  formTypes: r.formTypeCount,
                })}
              </Text>
              <Anchor component={Link} to={`/registries/${r.id}/status-matrix`} size="sm">
                {intl.formatMessage(messages.statusMatrixLink, { registry: r.shortName })}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

export function AttendanceListCard(): ReactElement {
  const intl = useIntl();
  return (
    <Card withBorder component="section" aria-labelledby="dashboard-attendance-list">
      <Title order={2} size="h4" id="dashboard-attendance-list" mb="sm">
        {intl.formatMessage(messages.attendanceListTitle)}
      </Title>
      <Text size="sm" mb="xs">
        {intl.formatMessage(messages.attendanceListText)}
      </Text>
      <Anchor component={Link} to="/patients">
        {intl.formatMessage(messages.attendanceListLink)}
      </Anchor>
    </Card>
  );
}

function CountLink({ to, label, count }: { to: string; label: string; count: number | null }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  return (
    <Group justify="space-between">
      <Anchor component={Link} to={to}>
        {label}
      </Anchor>
      <Badge size="lg" variant="light" aria-label={count === null ? intl.formatMessage(messages.countUnknown) : undefined}>
        {count === null ? '?' : format.number(count)}
      </Badge>
    </Group>
  );
}

/** Only the lists the user works on: approving for monitors, correcting for investigators (dashboardPlan). */
export function TodoCard({ lists }: { lists: { approvable: boolean; correctable: boolean } }): ReactElement {
  const intl = useIntl();
  const counts = useAppSelector(selectFormCounts);
  return (
    <Card withBorder component="section" aria-labelledby="dashboard-todo">
      <Title order={2} size="h4" id="dashboard-todo" mb="sm">
        {intl.formatMessage(messages.todoTitle)}
      </Title>
      <Stack gap="xs">
        {lists.approvable && <CountLink to="/forms/approvable" label={intl.formatMessage(messages.approvable)} count={counts.approvable} />}
        {lists.correctable && <CountLink to="/forms/correctable" label={intl.formatMessage(messages.correctable)} count={counts.correctable} />}
      </Stack>
    </Card>
  );
}
