// Per-field review in inspect view (reject with a reason, revoke, change the reason) and in correct
// view (the reason, the rejected value, and a correct note). Changes go out through settings.review.
import { useState, type ReactElement } from 'react';
import { Button, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import {
  changeRejectionReason,
  rejectField,
  revokeRejection,
  setCorrectNote,
  type FieldDescriptor,
  type FieldReview,
  type FieldValue,
  type RenderMode,
  type ReviewResult,
} from '../../domain/forms';
import { useEngineSettings, useEngineStore } from '../EngineContext';
import { issueText } from '../issues';
import { messages } from '../messages';
import type { ReviewAction } from '../types';
import styles from '../formEngine.module.css';
import { displayText } from './display';

interface ReviewControlsProps {
  field: FieldDescriptor;
  path: string;
  domId: string;
  mode: RenderMode;
  value: FieldValue;
  review?: FieldReview;
}

type Editing = null | 'reason' | 'note';

export function ReviewControls({ field, path, domId, mode, value, review }: ReviewControlsProps): ReactElement | null {
  const intl = useIntl();
  const store = useEngineStore();
  const settings = useEngineSettings();
  const [editing, setEditing] = useState<Editing>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inspecting = mode === 'inspect' || mode === 'inspect_reject';
  const correcting = (mode === 'correct' || mode === 'correct_fix') && review !== undefined;
  // A field not rejected in inspect view is rejected through its compact action (FieldActions):
  // nothing to show under it unless the previous round's review is there to read.
  if ((!inspecting && !correcting) || (mode === 'inspect' && !review && !editing)) return null;

  const apply = (result: ReviewResult, type: ReviewAction): void => {
    if (!result.ok) {
      setProblem(issueText(intl, result));
      return;
    }
    setProblem(null);
    setEditing(null);
    settings.review(result.reviews, { type, path });
  };
  const open = (kind: Editing, initial: string): void => {
    setText(initial);
    setProblem(null);
    setEditing(kind);
  };
  const submitText = (): void => {
    const reviews = store.reviews();
    if (editing === 'note') apply(setCorrectNote(reviews, path, text), 'correctNote');
    else if (review && mode === 'inspect_reject') apply(changeRejectionReason(reviews, path, text), 'changeReason');
    else apply(rejectField(reviews, path, text, value), 'reject');
  };
  const textId = `${domId}-review-text`;
  const problemId = `${domId}-review-problem`;
  const textLabel = editing === 'note' ? messages.correctNote : messages.rejectReason;
  const changingReason = review !== undefined && mode === 'inspect_reject';
  const submitLabel = editing === 'note' ? messages.saveNote : changingReason ? messages.saveReason : messages.confirmRejectField;

  return (
    <div className={styles.review}>
      {review && <div>{intl.formatMessage(messages.rejectionReason, { reason: review.reason })}</div>}
      {correcting && review && (
        <div>{intl.formatMessage(messages.rejectedValue, { value: displayText(intl, store.descriptor, field, review.rejectedValue) })}</div>
      )}
      {correcting && review?.correctNote && <div>{intl.formatMessage(messages.noteShown, { note: review.correctNote })}</div>}
      {editing ? (
        <div>
          <label htmlFor={textId} className={styles.label}>
            {intl.formatMessage(textLabel)}
          </label>
          <textarea
            id={textId}
            className={styles.textarea}
            value={text}
            aria-describedby={problem ? problemId : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setText(e.target.value)}
            // Opening the editor is an explicit request to type, so focus goes there at once.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          {problem && (
            <p id={problemId} className={`${styles.issues} ${styles.error}`}>
              {problem}
            </p>
          )}
          <Group gap="xs" mt={4}>
            <Button size="compact-sm" onClick={submitText}>
              {intl.formatMessage(submitLabel)}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setEditing(null)}>
              {intl.formatMessage(messages.cancel)}
            </Button>
          </Group>
        </div>
      ) : (
        <Group gap="xs" mt={4}>
          {/* A field corrected in the previous round may be rejected afresh through its compact action. */}
          {mode === 'inspect_reject' && review && (
            <>
              <Button size="compact-sm" variant="default" onClick={() => apply(revokeRejection(store.reviews(), path), 'revoke')}>
                {intl.formatMessage(messages.revoke)}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => open('reason', review.reason)}>
                {intl.formatMessage(messages.changeReason)}
              </Button>
            </>
          )}
          {correcting && (
            <Button size="compact-sm" variant="default" onClick={() => open('note', review?.correctNote ?? '')}>
              {intl.formatMessage(messages.writeCorrectNote)}
            </Button>
          )}
        </Group>
      )}
      {!editing && problem && <p className={`${styles.issues} ${styles.error}`}>{problem}</p>}
    </div>
  );
}
