// One period of an attendance: its name, its forms with their states, and "Add form" offering exactly
// the form types the server says may be added there now (none in a disqualified attendance). A
// refusal shows the server's message inside the period.
import type { ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Menu, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AttendancePeriod } from '../../api/attendances';
import { FormStateBadge } from '../forms/FormStateBadge';
import { selectLocale } from '../locale/locale.selectors';
import { attendancesActions } from './attendances.slice';
import { selectAddForm } from './attendances.selectors';
import { messages, periodMessages } from './messages';
import { useFormatter } from '../../i18n/useFormatter';

/** The period's name in the reader's language (the server's displayName follows the request's language). */
export function usePeriodName(): (period: AttendancePeriod) => string {
  const locale = useAppSelector(selectLocale);
  return (period) => period.name[locale] || period.displayName || period.name.hu || period.name.en;
}

function AddFormMenu({ period, name }: { period: AttendancePeriod; name: string }): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const adding = useAppSelector(selectAddForm);
  const addable = (period.formTypes ?? []).filter((type) => type.addable);
  if (addable.length === 0) return null;
  const busy = adding.periodId === period.id && adding.status === 'adding';
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button size="xs" variant="light" loading={busy} aria-label={intl.formatMessage(periodMessages.addForm, { period: name })}>
          {intl.formatMessage(periodMessages.addFormLabel)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {addable.map((type) => (
          <Menu.Item key={type.formTypeId} onClick={() => dispatch(attendancesActions.addFormRequested({ periodId: period.id, formTypeId: type.formTypeId }))}>
            {type.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function PeriodForms({ period, disqualified }: { period: AttendancePeriod; disqualified: boolean }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const adding = useAppSelector(selectAddForm);
  const name = usePeriodName()(period);
  const refused = adding.periodId === period.id && adding.status === 'failed' ? adding.error : null;
  return (
    // Not a landmark: every attendance has periods of the same names, and landmarks must differ.
    <div>
      <Group justify="space-between">
        <Title order={3} size="h5">
          {name}
        </Title>
        {!disqualified && <AddFormMenu period={period} name={name} />}
      </Group>
      {refused && (
        <Alert color="red" role="alert" mt="xs">
          {intl.formatMessage(periodMessages.addFailed, { reason: refused.message ?? 'Error' })}
        </Alert>
      )}
      {period.forms.length === 0 ? (
        <Text size="sm">{intl.formatMessage(messages.noForms)}</Text>
      ) : (
        <Table aria-label={name}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(messages.formType)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.formId)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.state)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.approvals)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.updatedAt)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {period.forms.map((form) => (
              <Table.Tr key={form.id}>
                <Table.Td>{form.formTypeName}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/forms/${form.id}`} size="sm">
                    {form.displayId}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <FormStateBadge state={form.state} />
                </Table.Td>
                <Table.Td>{form.approvals.join(', ')}</Table.Td>
                <Table.Td>{format.dateTime(form.updatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
