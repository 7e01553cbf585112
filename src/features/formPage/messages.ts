import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  title: { id: string };
  loading: NoMessageValues;
  loadError: NoMessageValues;
  descriptorError: NoMessageValues;
  saveError: NoMessageValues;
  retry: NoMessageValues;
  noPermission: NoMessageValues;
  stale: NoMessageValues;
  loadCurrent: NoMessageValues;
  history: NoMessageValues;
  close: NoMessageValues;
  historyTitle: NoMessageValues;
  historyError: NoMessageValues;
  historyEmpty: NoMessageValues;
  historyLevel: { level: number };
  historyChange: { path: string; old: string; new: string };
  historyOperation: { operation: string };
  historyBy: { user: string; time: string };
  historyByOnBehalfOf: { user: string; onBehalfOf: string; time: string };
  historyReason: { field: string; reason: string };
  historyNote: { field: string; note: string };
  historyFormReason: { reason: string };
  fieldHistoryTitle: { field: string };
  deleteDraft: NoMessageValues;
  deleteDraftTitle: NoMessageValues;
  deleteDraftBody: NoMessageValues;
  destroyForm: NoMessageValues;
  destroyFormTitle: NoMessageValues;
  destroyFormBody: NoMessageValues;
  resetApprovals: NoMessageValues;
  resetApprovalsTitle: NoMessageValues;
  resetApprovalsBody: NoMessageValues;
  actionReason: NoMessageValues;
  actionReasonMissing: NoMessageValues;
  actionError: NoMessageValues;
  fourEyesApprovedLevel: { level: number };
  fourEyesWroteValues: NoMessageValues;
  disqualified: { reason: string };
  fixError: NoMessageValues;
  emptyValue: NoMessageValues;
  yes: NoMessageValues;
  no: NoMessageValues;
  entryLabel: { field: string; number: number };
  entryCount: { count: number };
  changesCaption: NoMessageValues;
  noChanges: NoMessageValues;
  columnField: NoMessageValues;
  columnStarted: NoMessageValues;
  columnServer: NoMessageValues;
  columnMine: NoMessageValues;
  columnChange: NoMessageValues;
  changeServer: NoMessageValues;
  changeMine: NoMessageValues;
  changeSame: NoMessageValues;
  changeConflict: NoMessageValues;
  typedEntry: { field: string; text: string };
  staleLoading: NoMessageValues;
  staleLoadError: NoMessageValues;
  staleIntro: NoMessageValues;
  staleLocked: NoMessageValues;
  staleStateNow: NoMessageValues;
  staleNotAllowed: NoMessageValues;
  staleApproveAgain: NoMessageValues;
  yourRejections: NoMessageValues;
  yourNotes: NoMessageValues;
  reapply: NoMessageValues;
  discard: NoMessageValues;
  discardTitle: NoMessageValues;
  discardBody: NoMessageValues;
  discardConfirm: NoMessageValues;
  restoredNotice: NoMessageValues;
  backupTitle: NoMessageValues;
  backupRestore: { time: string };
  backupDiscard: NoMessageValues;
  backupLocked: NoMessageValues;
  backupServerChanged: NoMessageValues;
  backupNotAllowed: NoMessageValues;
  backupDiscardTitle: NoMessageValues;
  backupDiscardBody: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'formPage.title', defaultMessage: 'Form {id}' },
  loading: { id: 'formPage.loading', defaultMessage: 'Loading form' },
  loadError: { id: 'formPage.loadError', defaultMessage: 'Error loading form' },
  descriptorError: {
    id: 'formPage.descriptorError',
    defaultMessage: 'The description of this form type could not be read, so the form cannot be shown. Please tell an administrator.',
  },
  saveError: { id: 'formPage.saveError', defaultMessage: 'Error saving form' },
  retry: { id: 'formPage.retry', defaultMessage: 'Try again' },
  noPermission: { id: 'formPage.noPermission', defaultMessage: 'No permission to view' },
  stale: { id: 'formPage.stale', defaultMessage: 'The form was changed by someone else' },
  loadCurrent: { id: 'formPage.loadCurrent', defaultMessage: 'Load the current version' },
  history: { id: 'formPage.history', defaultMessage: 'History' },
  close: { id: 'formPage.close', defaultMessage: 'Close' },
  historyTitle: { id: 'formPage.historyTitle', defaultMessage: 'Form history' },
  historyError: { id: 'formPage.historyError', defaultMessage: 'Error loading form history' },
  historyEmpty: { id: 'formPage.historyEmpty', defaultMessage: 'No entries yet' },
  historyLevel: { id: 'formPage.historyLevel', defaultMessage: 'Level {level}' },
  historyChange: { id: 'formPage.historyChange', defaultMessage: '{path}: {old} → {new}' },
  historyOperation: {
    id: 'formPage.historyPane.operation',
    defaultMessage:
      '{operation, select, create {Created} update {Saved} approve {Approved} reject {Sent back for correction} correct_draft {Correction saved} correct_finalized {Correction finished} approval_reset {Approval reset} system_update {Recalculated by the system} delete {Deleted} destroy {Destroyed} fix {Fixed by a monitor} other {{operation}}}',
  },
  historyFormReason: { id: 'formPage.historyPane.formReason', defaultMessage: 'Reason: {reason}' },
  fieldHistoryTitle: { id: 'formPage.fieldHistory.title', defaultMessage: 'History of {field}' },
  deleteDraft: { id: 'formPage.actions.deleteDraft', defaultMessage: 'Delete draft' },
  deleteDraftTitle: { id: 'formPage.actions.deleteDraftTitle', defaultMessage: 'Delete this draft?' },
  deleteDraftBody: { id: 'formPage.actions.deleteDraftBody', defaultMessage: 'The draft disappears from the attendance; its history keeps that you deleted it.' },
  destroyForm: { id: 'formPage.actions.destroyForm', defaultMessage: 'Destroy form' },
  destroyFormTitle: { id: 'formPage.actions.destroyFormTitle', defaultMessage: 'Destroy this form?' },
  destroyFormBody: { id: 'formPage.actions.destroyFormBody', defaultMessage: 'The form is removed in whatever state it is; its history keeps who destroyed it and why.' },
  resetApprovals: { id: 'formPage.actions.resetApprovals', defaultMessage: 'Reset approvals' },
  resetApprovalsTitle: { id: 'formPage.actions.resetApprovalsTitle', defaultMessage: 'Reset the approvals of this form?' },
  resetApprovalsBody: { id: 'formPage.actions.resetApprovalsBody', defaultMessage: 'Every approval is withdrawn and the form returns to draft, to be handed in and approved again.' },
  actionReason: { id: 'formPage.actions.reason', defaultMessage: 'Reason' },
  actionReasonMissing: { id: 'formPage.actions.reasonMissing', defaultMessage: 'Please give a reason' },
  actionError: { id: 'formPage.actions.error', defaultMessage: 'The operation failed' },
  fourEyesApprovedLevel: { id: 'formPage.fourEyes.approvedLevel', defaultMessage: 'You approved level {level} of this form: the next level is approved by another monitor (four eyes).' },
  disqualified: { id: 'formPage.disqualified', defaultMessage: 'The attendance of this form is disqualified: the form takes no changes. Reason: {reason}' },
  fourEyesWroteValues: { id: 'formPage.fourEyes.wroteValues', defaultMessage: 'You entered, corrected or fixed values of this form in this round: another monitor approves it (four eyes).' },
  fixError: { id: 'formPage.fix.error', defaultMessage: 'The field could not be fixed' },
  historyBy: { id: 'formPage.historyPane.by', defaultMessage: '{user}, {time}' },
  historyByOnBehalfOf: { id: 'formPage.historyPane.byOnBehalfOf', defaultMessage: '{user} on behalf of {onBehalfOf}, {time}' },
  historyReason: { id: 'formPage.historyPane.reason', defaultMessage: 'Reason for rejecting {field}: {reason}' },
  historyNote: { id: 'formPage.historyPane.note', defaultMessage: 'Correct note on {field}: {note}' },
  emptyValue: { id: 'formPage.emptyValue', defaultMessage: '(empty)' },
  yes: { id: 'formPage.value.yes', defaultMessage: 'Yes' },
  no: { id: 'formPage.value.no', defaultMessage: 'No' },
  entryLabel: { id: 'formPage.value.entryLabel', defaultMessage: '{field}, entry {number}' },
  entryCount: { id: 'formPage.value.entryCount', defaultMessage: '{count, plural, one {# entry} other {# entries}}' },
  changesCaption: { id: 'formPage.changes.caption', defaultMessage: 'Changes by field' },
  noChanges: { id: 'formPage.changes.none', defaultMessage: 'No field value differs.' },
  columnField: { id: 'formPage.changes.field', defaultMessage: 'Field' },
  columnStarted: { id: 'formPage.changes.started', defaultMessage: 'You started from' },
  columnServer: { id: 'formPage.changes.server', defaultMessage: 'On the server now' },
  columnMine: { id: 'formPage.changes.mine', defaultMessage: 'Yours' },
  columnChange: { id: 'formPage.changes.change', defaultMessage: 'Change' },
  changeServer: { id: 'formPage.changes.changedOnServer', defaultMessage: 'Changed on the server' },
  changeMine: { id: 'formPage.changes.changedByYou', defaultMessage: 'Your change' },
  changeSame: { id: 'formPage.changes.changedAlike', defaultMessage: 'Changed alike on both sides' },
  changeConflict: { id: 'formPage.changes.conflict', defaultMessage: 'Conflict: both changed it, yours is kept' },
  typedEntry: { id: 'formPage.changes.typedEntry', defaultMessage: '{field}: {text}' },
  staleLoading: { id: 'formPage.stalePanel.loading', defaultMessage: 'Loading the current version of the form…' },
  staleLoadError: { id: 'formPage.stalePanel.loadError', defaultMessage: 'The current version of the form could not be loaded.' },
  staleIntro: {
    id: 'formPage.stalePanel.intro',
    defaultMessage: 'Someone else saved this form while you were working on it. Below is what changed on the server, next to your values.',
  },
  staleLocked: { id: 'formPage.stalePanel.locked', defaultMessage: 'The form is read-only until you choose how to go on.' },
  staleStateNow: { id: 'formPage.stalePanel.stateNow', defaultMessage: 'Meanwhile the state of the form changed to:' },
  staleNotAllowed: {
    id: 'formPage.stalePanel.notAllowed',
    defaultMessage: 'What you were doing can no longer be saved in this state. Your values stay listed below so that you can copy them.',
  },
  staleApproveAgain: {
    id: 'formPage.stalePanel.approveAgain',
    defaultMessage: 'Load the current version, check it, and approve again if it is still correct.',
  },
  yourRejections: { id: 'formPage.stalePanel.yourRejections', defaultMessage: 'Your rejections' },
  yourNotes: { id: 'formPage.stalePanel.yourNotes', defaultMessage: 'Your correct notes' },
  reapply: { id: 'formPage.stalePanel.reapply', defaultMessage: 'Reapply my changes' },
  discard: { id: 'formPage.stalePanel.discard', defaultMessage: 'Discard my changes' },
  discardTitle: { id: 'formPage.stalePanel.discardTitle', defaultMessage: 'Discard your changes?' },
  discardBody: {
    id: 'formPage.stalePanel.discardBody',
    defaultMessage: 'The form is loaded as the server holds it now, and what you typed is lost.',
  },
  discardConfirm: { id: 'formPage.stalePanel.discardConfirm', defaultMessage: 'Discard' },
  restoredNotice: {
    id: 'formPage.restored.notice',
    defaultMessage: 'Your changes are laid over the current version of the form. Save the form to keep them.',
  },
  backupTitle: { id: 'formPage.backupOffer.title', defaultMessage: 'Unsaved changes were found' },
  backupRestore: { id: 'formPage.backupOffer.restore', defaultMessage: 'Restore unsaved changes from {time}' },
  backupDiscard: { id: 'formPage.backupOffer.discard', defaultMessage: 'Discard' },
  backupLocked: { id: 'formPage.backupOffer.locked', defaultMessage: 'Restore or discard them before you go on editing.' },
  backupServerChanged: {
    id: 'formPage.backupOffer.serverChanged',
    defaultMessage: 'The form was changed on the server since then: the fields it changed are marked in the list.',
  },
  backupNotAllowed: {
    id: 'formPage.backupOffer.notAllowed',
    defaultMessage: 'The form can no longer be edited in its current state. Your unsaved values stay listed below so that you can copy them.',
  },
  backupDiscardTitle: { id: 'formPage.backupOffer.discardTitle', defaultMessage: 'Discard the unsaved changes?' },
  backupDiscardBody: { id: 'formPage.backupOffer.discardBody', defaultMessage: 'They cannot be restored afterwards.' },
});
