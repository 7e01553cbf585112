// The form's record in a side pane: each operation (localized) with its level, who and when, the
// field changes old → new under the descriptor's labels, and the rejection reasons and notes.
import type { ReactElement } from 'react';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { SlidePane } from '../../common/slidePane';
import type { FormDescriptor } from '../../domain/forms';
import { selectFormHistory } from './formPage.selectors';
import { messages } from './messages';
import { pathLabel, valueText } from './valueText';

interface HistoryPaneProps {
  opened: boolean;
  onClose: () => void;
  descriptor: FormDescriptor | null;
}

export function HistoryPane({ opened, onClose, descriptor }: HistoryPaneProps): ReactElement {
  const intl = useIntl();
  const history = useAppSelector(selectFormHistory);
  const label = (path: string): string => pathLabel(intl, descriptor, path);
  return (
    <SlidePane opened={opened} onClose={onClose} title={intl.formatMessage(messages.historyTitle)}>
      {history.status === 'loading' && <Loader size="sm" aria-label={intl.formatMessage(messages.historyTitle)} />}
      {history.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.historyError)}
        </Alert>
      )}
      {history.status === 'loaded' && history.entries.length === 0 && <Text size="sm">{intl.formatMessage(messages.historyEmpty)}</Text>}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {history.entries.map((entry) => (
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
                {intl.formatMessage(messages.historyReason, { field: label(path), reason })}
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
    </SlidePane>
  );
}
