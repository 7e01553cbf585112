// The chain of custody of a sample (getBioSampleHistory) as a readable list: when, what, who
// (and on whose behalf), and which fields changed from what to what.
import type { ReactElement } from 'react';
import { List, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { BioSampleHistoryEntry } from '../../api/bioSamples';
import { useFormatter } from '../../i18n/useFormatter';
import { messages, operationMessages } from './messages';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A changed value in words: instants in the user's format, nothing as a dash. */
function shown(value: unknown, dateTime: (instant: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && INSTANT.test(value)) return dateTime(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function CustodyHistory({ entries }: { entries: readonly BioSampleHistoryEntry[] }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  if (entries.length === 0) return <Text size="sm">{intl.formatMessage(messages.noHistory)}</Text>;
  return (
    <List aria-label={intl.formatMessage(messages.historyTitle)} spacing="xs">
      {entries.map((entry) => (
        <List.Item key={entry.id}>
          <Text size="sm">
            {intl.formatMessage(messages.historyBy, {
              at: format.dateTime(entry.at),
              operation: intl.formatMessage(operationMessages[entry.operation] ?? operationMessages.updated),
              user: entry.user.name,
            })}{' '}
            {entry.onBehalfOf && intl.formatMessage(messages.historyOnBehalf, { name: entry.onBehalfOf.name })}
          </Text>
          {Object.entries(entry.changes).map(([field, [before, after]]) => (
            <Text key={field} size="xs" c="dimmed">
              {intl.formatMessage(messages.historyChange, { field, before: shown(before, format.dateTime), after: shown(after, format.dateTime) })}
            </Text>
          ))}
        </List.Item>
      ))}
    </List>
  );
}
