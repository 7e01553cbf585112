// /admin/mailing-list (central admins): "update/sync e-mail list". Shows the last run with its
// counts and errors, runs an update, and when the list is off names the settings to set.
import { useEffect, type ReactElement } from 'react';
import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MailingListRun } from '../../api/adminLog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { mailingListActions } from './mailingList.slice';
import { messages } from './messages';
import { useFormatter } from '../../i18n/useFormatter';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

function LastRun({ run }: { run: MailingListRun }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const counts = [
    { key: 'upserted', label: messages.upserted, value: run.upserted },
    { key: 'archived', label: messages.archived, value: run.archived },
    { key: 'failed', label: messages.failed, value: run.failed },
  ];
  return (
    <Stack gap="xs">
      <Text>{intl.formatMessage(messages.runAt, { time: format.dateTime(run.finishedAt, { seconds: true }), user: run.userName ?? '—' })}</Text>
      <Table w="auto" aria-label={intl.formatMessage(messages.lastRun)}>
        <Table.Tbody>
          {counts.map(({ key, label, value }) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{intl.formatMessage(label)}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {run.stopped && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.stopped)}
        </Alert>
      )}
      {run.errors.length > 0 && (
        <Table aria-label={intl.formatMessage(messages.errors)}>
          <Table.Tbody>
            {run.errors.map((error, index) => (
              <Table.Tr key={index}>
                <Table.Td>{error.email ?? '—'}</Table.Td>
                <Table.Td>{error.action}</Table.Td>
                <Table.Td>{error.status}</Table.Td>
                <Table.Td>{error.detail}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function MailingListPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const { status, running, error } = useAppSelector((state) => state.mailingList);
  useEffect(() => void dispatch(mailingListActions.statusRequested()), [dispatch]);
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      <Text>{intl.formatMessage(messages.intro)}</Text>
      {error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.updateError, { message: error.message ?? '' })}
        </Alert>
      )}
      {status && !status.configured && (
        <Alert color="yellow" role="status">
          {intl.formatMessage(messages.notConfigured, { settings: status.missingSettings.join(', ') })}
        </Alert>
      )}
      {status?.configured && (
        <Button w="fit-content" loading={running} onClick={() => dispatch(mailingListActions.updateRequested())}>
          {intl.formatMessage(running ? messages.running : messages.update)}
        </Button>
      )}
      {status && (
        <>
          <Title order={2}>{intl.formatMessage(messages.lastRun)}</Title>
          {status.lastRun ? <LastRun run={status.lastRun} /> : <Text>{intl.formatMessage(messages.never)}</Text>}
        </>
      )}
    </Stack>
  );
}
