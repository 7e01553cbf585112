// The detail pane of one log entry: every field a person reads, and with "raw" on the stored row
// as JSON (what an auditor copies into a report).
import type { ReactElement } from 'react';
import { Alert, Code, Stack, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ApplicationLogEntry } from '../../api/adminLog';
import { useAppSelector } from '../../app/hooks';
import { SlidePane } from '../../common/slidePane';
import { messages } from './messages';

const SHOWN: (keyof ApplicationLogEntry)[] = [
  'createdAt', 'event', 'severity', 'message', 'reason', 'msg', 'httpMethod', 'url', 'httpResponseCode', 'responseTime',
  'userName', 'userId', 'onBehalfOfName', 'targetType', 'targetName', 'targetId', 'remoteAddress', 'userAgent', 'referer', 'reqId',
];

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function LogEntryPane({ onClose }: { onClose: () => void }): ReactElement {
  const intl = useIntl();
  const { detail, raw } = useAppSelector((state) => state.applicationLog);
  const entry = detail.entry;
  return (
    <SlidePane opened={detail.id !== null} onClose={onClose} title={intl.formatMessage(messages.detailTitle)} width={640}>
      <Stack>
        {detail.error && (
          <Alert color="red" role="alert">
            {intl.formatMessage(messages.loadError, { message: detail.error.message ?? '' })}
          </Alert>
        )}
        {entry && (
          <Table>
            <Table.Tbody>
              {SHOWN.filter((key) => text(entry[key]) !== '').map((key) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row">{key}</Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{text(entry[key])}</Table.Td>
                </Table.Tr>
              ))}
              {entry.data !== null && (
                <Table.Tr>
                  <Table.Th scope="row">data</Table.Th>
                  <Table.Td>
                    <Code block>{JSON.stringify(entry.data, null, 2)}</Code>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
        {entry && raw && (
          <>
            <Text fw={700}>{intl.formatMessage(messages.rawEntry)}</Text>
            <Code block aria-label={intl.formatMessage(messages.rawEntry)}>
              {JSON.stringify(entry.raw ?? entry, null, 2)}
            </Code>
          </>
        )}
      </Stack>
    </SlidePane>
  );
}
