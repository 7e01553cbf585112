// The form's buttons per view type: save draft and save (new, edit, correct), approve and request
// correction (inspect), finish correction (correct) with "next rejected field". Approve, reject and
// correct ask first. Saving stays inactive until patient and physician are in. Each button carries
// a data-focus-key, so a host that remounts the engine after a save can give focus back to it.
import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { headerComplete, openRejections, type FormValues, type ViewType } from '../domain/forms';
import { FORM_KEY, type EngineStore } from './engineStore';
import { guideMessages } from './guideMessages';
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
  /** The level Approve approves at, named on the button. */
  approveLevel?: number;
  note?: ReactNode;
  onSave: (kind: SaveKind) => void;
  onFormAction: (action: FormAction) => void;
  /** Correct view: moves to the next rejected field not yet corrected. */
  onNextRejected?: () => void;
}

/** Patient and physician filled (spec §5), read straight from the evaluator without a copy. */
export function headerReady(store: EngineStore): boolean {
  const header: FormValues = {};
  for (const field of store.descriptor.commonDataFields) header[field.id] = store.getValue(field.id);
  return headerComplete(store.descriptor, header);
}

/**
 * What the toolbar shows of the form, as one comparable text: whether the header is complete and
 * how many rejections are open. In inspect view the monitor's own (a corrected form still carries
 * the previous round's, answered ones, which must not block its approval); in correct view the
 * ones still to correct.
 */
function toolbarFacts(store: EngineStore): string {
  return `${headerReady(store)} ${openRejections(store.reviews(), (path) => store.getValue(path)).length}`;
}

export function FormToolbar(props: FormToolbarProps): ReactElement | null {
  const { store, viewType, inProgress, canApprove = true, approveLevel, note, onSave, onFormAction, onNextRejected } = props;
  const intl = useIntl();
  // Rendered again only when that changes: a held submit bumps the form channel, but its buttons stay.
  const [readyText, openText] = useSyncExternalStore(store.channel(FORM_KEY).subscribe, () => toolbarFacts(store)).split(' ');
  const ready = readyText === 'true';
  const openCount = Number(openText);

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
          <Button data-focus-key="approve" onClick={() => onFormAction('approve')} disabled={openCount > 0} loading={inProgress}>
            {approveLevel ? intl.formatMessage(guideMessages.approveAtLevel, { level: approveLevel }) : intl.formatMessage(messages.approve)}
          </Button>
        )}
        <Button data-focus-key="reject" color="red" variant="outline" onClick={() => onFormAction('reject')} disabled={openCount === 0 || inProgress}>
          {intl.formatMessage(messages.reject)}
        </Button>
        {noteText}
      </Group>
    );
  }
  return (
    <Group>
      <Button data-focus-key="draft" variant="default" onClick={() => onSave('draft')} disabled={!ready || inProgress}>
        {intl.formatMessage(messages.saveDraft)}
      </Button>
      {viewType === 'correct' ? (
        <Button data-focus-key="correct" onClick={() => onFormAction('correct')} disabled={!ready || openCount > 0} loading={inProgress}>
          {intl.formatMessage(messages.finishCorrection)}
        </Button>
      ) : (
        <Button data-focus-key="submit" onClick={() => onSave('submit')} disabled={!ready} loading={inProgress}>
          {intl.formatMessage(messages.submit)}
        </Button>
      )}
      {viewType === 'correct' && openCount > 0 && onNextRejected && (
        <Button data-focus-key="next-rejected" variant="light" onClick={onNextRejected}>
          {intl.formatMessage(guideMessages.nextRejected, { left: openCount })}
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
