// Record entries as an audit trail: what was done (saving a draft, finalizing, approving or
// rejecting at level N, correcting, fixing, resetting ...), who did it (and on whose behalf), when
// (in the institute's time zone), the field changes old → new under the section and field labels of
// the user's language with values as the form shows them, rejection reasons and correct notes, and
// the reason of a destroy or approval reset (kept under "$form"). Used by the form's and a field's history.
import type { ReactElement } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useIntl, type IntlShape } from 'react-intl';
import type { FormHistoryEntry } from '../../api/forms';
import { FORM_STATES, RECORD_STATE_PATH, type FormDescriptor, type FormHistoryChange, type FormState } from '../../domain/forms';
import { useFormatter } from '../../i18n/useFormatter';
import { stateMessages } from '../forms/messages';
import { historyMessages } from './historyMessages';
import { historyOperationName } from './historyOperation';
import { messages } from './messages';
import { sectionedPathLabel, valueText } from './valueText';

/** Where the record keeps a form-level reason (server: FORM_REASON_PATH). */
const FORM_REASON = '$form';
/** Pseudo paths of the record that are no field (server: DISPLAY_ID_PATH, RANDOM_GROUP_PATH). */
const PSEUDO_PATHS = { $displayId: historyMessages.displayId, $randomGroup: historyMessages.randomGroup } as const;

const isFormState = (value: unknown): value is FormState => typeof value === 'string' && (FORM_STATES as readonly string[]).includes(value);

function stateName(intl: IntlShape, value: unknown): string {
  return isFormState(value) ? intl.formatMessage(stateMessages[value]) : String(value ?? '');
}

function changeText(intl: IntlShape, descriptor: FormDescriptor | null, change: FormHistoryChange): string | null {
  if (change.path === RECORD_STATE_PATH) {
    // A save that left the state as it was says so through its name ("Draft saved") alone.
    if (change.old === change.new || change.old === null || change.old === undefined) return null;
    return intl.formatMessage(historyMessages.stateChange, { old: stateName(intl, change.old), new: stateName(intl, change.new) });
  }
  const pseudo = PSEUDO_PATHS[change.path as keyof typeof PSEUDO_PATHS];
  const show = (value: unknown): string => (pseudo ? (value === null || value === undefined ? intl.formatMessage(messages.emptyValue) : String(value)) : valueText(intl, descriptor, change.path, value));
  return intl.formatMessage(messages.historyChange, {
    path: pseudo ? intl.formatMessage(pseudo) : sectionedPathLabel(intl, descriptor, change.path),
    old: show(change.old),
    new: show(change.new),
  });
}

function Entry({ entry, descriptor }: { entry: FormHistoryEntry; descriptor: FormDescriptor | null }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const label = (path: string): string => sectionedPathLabel(intl, descriptor, path);
  const time = format.dateTime(entry.at, { seconds: true });
  const changes = entry.changes.map((change) => ({ change, text: changeText(intl, descriptor, change) })).filter((c) => c.text !== null);
  return (
    <li>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {intl.formatMessage(historyMessages.operation, { operation: historyOperationName(entry), level: entry.level ?? 0 })}
        </Text>
      </Group>
      <Text size="sm">
        {entry.onBehalfOf
          ? intl.formatMessage(messages.historyByOnBehalfOf, { user: entry.userName, onBehalfOf: entry.onBehalfOf, time })
          : intl.formatMessage(messages.historyBy, { user: entry.userName, time })}
      </Text>
      {changes.map(({ change, text }) => (
        <Text size="xs" key={change.path}>
          {text}
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
  );
}

export function HistoryEntries({ entries, descriptor }: { entries: readonly FormHistoryEntry[]; descriptor: FormDescriptor | null }): ReactElement {
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0 }}>
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} descriptor={descriptor} />
      ))}
    </Stack>
  );
}
