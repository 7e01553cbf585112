// The form's buttons per view type: save draft and save (new, edit, correct), approve and request
// correction (inspect), finish correction (correct). Approve, reject and correct ask first
// ("Are you sure everything is correct?"). Saving stays inactive until patient and physician are in.
import type { ReactElement, ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { headerComplete, openRejections, type FormValues, type ViewType } from '../domain/forms';
import { FORM_KEY, type EngineStore } from './engineStore';
import { useChannel } from './EngineContext';
import { messages } from './messages';
import type { FormAction } from './types';

/** What a save button asks for: a submit type, or finishing a correction (validated like submit). */
export type SaveKind = 'submit' | 'draft' | 'correct';

interface FormToolbarProps {
  store: EngineStore;
  viewType: ViewType;
  inProgress: boolean;
  /** Inspect view: false leaves Approve out (e.g. four eyes); `note` says why. */
  canApprove?: boolean;
  note?: ReactNode;
  onSave: (kind: SaveKind) => void;
  onFormAction: (action: FormAction) => void;
}

/** Patient and physician filled (spec §5), read straight from the evaluator without a copy. */
export function headerReady(store: EngineStore): boolean {
  const header: FormValues = {};
  for (const field of store.descriptor.commonDataFields) header[field.id] = store.getValue(field.id);
  return headerComplete(store.descriptor, header);
}

export function FormToolbar({ store, viewType, inProgress, canApprove = true, note, onSave, onFormAction }: FormToolbarProps): ReactElement | null {
  const intl = useIntl();
  useChannel(store, FORM_KEY);
  const reviews = store.reviews();
  // Rejections not answered yet: in inspect view the monitor's own (a corrected form still carries
  // the previous round's, answered ones, which must not block its approval); in correct view the
  // ones still to correct.
  const open = openRejections(reviews, (path) => store.getValue(path));
  const ready = headerReady(store);

  const noteText = note && (
    <Text size="sm" c="dimmed" role="note">
      {note}
    </Text>
  );
  if (viewType === 'read') return noteText || null;
  if (viewType === 'inspect') {
    return (
      <Group>
        {canApprove && (
          <Button onClick={() => onFormAction('approve')} disabled={open.length > 0} loading={inProgress}>
            {intl.formatMessage(messages.approve)}
          </Button>
        )}
        <Button color="red" variant="outline" onClick={() => onFormAction('reject')} disabled={open.length === 0 || inProgress}>
          {intl.formatMessage(messages.reject)}
        </Button>
        {noteText}
      </Group>
    );
  }
  return (
    <Group>
      <Button variant="default" onClick={() => onSave('draft')} disabled={!ready || inProgress}>
        {intl.formatMessage(messages.saveDraft)}
      </Button>
      {viewType === 'correct' ? (
        <Button onClick={() => onFormAction('correct')} disabled={!ready || open.length > 0} loading={inProgress}>
          {intl.formatMessage(messages.finishCorrection)}
        </Button>
      ) : (
        <Button onClick={() => onSave('submit')} disabled={!ready} loading={inProgress}>
          {intl.formatMessage(messages.submit)}
        </Button>
      )}
      {!ready && (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(messages.headerIncomplete)}
        </Text>
      )}
    </Group>
  );
}
