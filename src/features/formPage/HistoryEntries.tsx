// Record entries as a list: each operation (localized) with its level, who and when, the field
// changes old → new under the descriptor's labels, rejection reasons and notes, and the reason of
// a destroy or approval reset (kept under "$form"). Used by the form's and a field's history.
import type { ReactElement } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FormHistoryEntry } from '../../api/forms';
import type { FormDescriptor } from '../../domain/forms';
import { messages } from './messages';
import { pathLabel, valueText } from './valueText';

/** Where the record keeps a form-level reason (server: FORM_REASON_PATH). */
const FORM_REASON = '$form';

export function HistoryEntries({ entries, descriptor }: { entries: readonly FormHistoryEntry[]; descriptor: FormDescriptor | null }): ReactElement {
  const intl = useIntl();
  const label = (path: string): string => pathLabel(intl, descriptor, path);
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0 }}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {intl.formatMessage(messages.historyOperation, { operation: entry.operation })}
            </Text>
            {entry.level !== null && <Text size="sm">{intl.formatMessage(messages.historyLevel, { level: entry.level })}</Text>}
          </Group>
          <Text size="sm">
            {entry.onBehalfOf
              ? intl.formatMessage(messages.historyByOnBehalfOf, { user: entry.userName, onBehalfOf: entry.onBehalfOf, time: intl.formatDate(entry.at, { dateStyle: 'short', timeStyle: 'short' }) })
              : intl.formatMessage(messages.historyBy, { user: entry.userName, time: intl.formatDate(entry.at, { dateStyle: 'short', timeStyle: 'short' }) })}
          </Text>
          {entry.changes.map((change) => (
            <Text size="xs" key={change.path}>
              {intl.formatMessage(messages.historyChange, {
                path: label(change.path),
                old: valueText(intl, descriptor, change.path, change.old),
                new: valueText(intl, descriptor, change.path, change.new),
              })}
            </Text>
          ))}
          {Object.entries(entry.reasons).map(([path, reason]) => (
            <Text size="xs" key={`reason:${path}`}>
              {path === FORM_REASON ? intl.formatMessage(messages.historyFormReason, { reason }) : intl.formatMessage(messages.historyReason, { field: label(path), reason })}
            </Text>
          ))}
          {Object.entries(entry.notes).map(([path, note]) => (
            <Text size="xs" key={`note:${path}`}>
              {intl.formatMessage(messages.historyNote, { field: label(path), note })}
            </Text>
          ))}
        </li>
      ))}
    </Stack>
  );
}
