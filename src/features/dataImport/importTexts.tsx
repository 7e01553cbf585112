// What the import screens show of a job: its state as a badge, its progress in words, and a
// report error's message in the interface language.
import type { ReactElement } from 'react';
import { Badge } from '@mantine/core';
import { useIntl, type IntlShape } from 'react-intl';
import type { ImportError, ImportJob, ImportJobState } from '../../api/dataImport';
import type { Formatter } from '../../i18n/format';
import { messages } from './messages';

const STATE_COLOR: Record<ImportJobState, string> = {
  queued: 'gray',
  validating: 'blue',
  validated: 'teal',
  committing: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export function stateText(intl: IntlShape, state: ImportJobState): string {
  return intl.formatMessage(messages[`state_${state}`]);
}

export function StateBadge({ state }: { state: ImportJobState }): ReactElement {
  const intl = useIntl();
  return (
    <Badge color={STATE_COLOR[state]} variant="light">
      {stateText(intl, state)}
    </Badge>
  );
}

export function progressText(intl: IntlShape, format: Formatter, job: Pick<ImportJob, 'progress' | 'state'>): string {
  const { total } = job.progress;
  // A commit applies every row or none, so a succeeded job has done them all (SQLite's commit
  // cannot write its progress from inside its one transaction).
  const done = job.state === 'succeeded' && total ? total : job.progress.done;
  // No total yet (the check counts rows as it reads them): the rows read so far.
  return !total
    ? intl.formatMessage(messages.progressDone, { done: format.number(done) })
    : intl.formatMessage(messages.progressCount, { done: format.number(done), total: format.number(total) });
}

/**
 * The error's message from the catalogue (`import.*`, or `validation.*` for the form's own rules),
 * with its parameters; the server's already localized text when the catalogue lacks the key.
 */
export function importErrorText(intl: IntlShape, error: ImportError): string {
  if (!(error.messageId in intl.messages)) return error.message;
  return intl.formatMessage({ id: error.messageId }, error.params);
}

/** The job-level failure (wrong password, form type mismatch, not a CSV or xlsx file) as the server worded it. */
export function failureText(intl: IntlShape, job: Pick<ImportJob, 'error'>): string {
  return intl.formatMessage(messages.failedBecause, { reason: job.error ?? intl.formatMessage(messages.failedUnknown) });
}
