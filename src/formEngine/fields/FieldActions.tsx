// A field's compact actions in read, inspect and correct views: small icon buttons beside the
// label, each named with the field ("Reject: Daily dose", "Start fixing: …", "History: …"), so a
// read-only form carries no row of buttons under every field. Rejecting opens a popover for the
// reason (in a portal: the sections paint-contain their fields); Escape or Cancel closes it and
// focus returns to the button.
import { useState, type ReactElement } from 'react';
import { Button, Group, Popover } from '@mantine/core';
import { rejectField, type FieldValue } from '../../domain/forms';
import type { EngineSettings } from '../EngineContext';
import { guideMessages } from '../guideMessages';
import { issueText } from '../issues';
import { messages } from '../messages';
import styles from '../formEngine.module.css';

interface FieldActionsProps {
  settings: EngineSettings;
  path: string;
  domId: string;
  label: string;
  value: FieldValue;
  canReject: boolean;
  canStartFix: boolean;
  canShowHistory: boolean;
}

/** Which actions a field offers here; none: the field renders no action element at all. */
export function hasFieldActions(canReject: boolean, canStartFix: boolean, canShowHistory: boolean): boolean {
  return canReject || canStartFix || canShowHistory;
}

function RejectAction({ settings, path, domId, label, value }: Pick<FieldActionsProps, 'settings' | 'path' | 'domId' | 'label' | 'value'>): ReactElement {
  const { intl, store } = settings;
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const textId = `${domId}-reject-text`;
  const problemId = `${domId}-reject-problem`;
  const close = (): void => {
    setOpened(false);
    setProblem(null);
  };
  const submit = (): void => {
    const result = rejectField(store.reviews(), path, text, value);
    if (!result.ok) return setProblem(issueText(intl, result));
    close();
    settings.review(result.reviews, { type: 'reject', path });
  };
  return (
    <Popover opened={opened} onChange={setOpened} onDismiss={close} trapFocus returnFocus position="bottom-end" shadow="md" width={320}>
      <Popover.Target>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={intl.formatMessage(guideMessages.rejectFieldOf, { field: label })}
          title={intl.formatMessage(guideMessages.rejectFieldOf, { field: label })}
          aria-expanded={opened}
          onClick={() => {
            setText('');
            setProblem(null);
            setOpened((o) => !o);
          }}
        >
          <span aria-hidden="true">✗</span>
        </button>
      </Popover.Target>
      <Popover.Dropdown>
        <label htmlFor={textId} className={styles.label}>
          {intl.formatMessage(messages.rejectReason)}
        </label>
        <textarea
          id={textId}
          className={styles.textarea}
          value={text}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {problem && (
          <p id={problemId} className={`${styles.issues} ${styles.error}`}>
            {problem}
          </p>
        )}
        <Group gap="xs" mt={4}>
          <Button size="compact-sm" onClick={submit}>
            {intl.formatMessage(messages.confirmRejectField)}
          </Button>
          <Button size="compact-sm" variant="default" onClick={close}>
            {intl.formatMessage(guideMessages.cancel)}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

export function FieldActions(props: FieldActionsProps): ReactElement {
  const { settings, path, label, canReject, canStartFix, canShowHistory } = props;
  const { intl } = settings;
  const fixName = intl.formatMessage(guideMessages.startFixOf, { field: label });
  const historyName = intl.formatMessage(messages.fieldHistoryOf, { field: label });
  return (
    <span className={styles.actions}>
      {canReject && <RejectAction {...props} />}
      {canStartFix && (
        <button type="button" className={styles.iconButton} aria-label={fixName} title={fixName} onClick={() => settings.startFix?.(path)}>
          <span aria-hidden="true">✎</span>
        </button>
      )}
      {canShowHistory && (
        <button type="button" className={styles.iconButton} aria-label={historyName} title={historyName} onClick={() => settings.fieldHistory?.(path)}>
          <span aria-hidden="true">⟲</span>
        </button>
      )}
    </span>
  );
}
