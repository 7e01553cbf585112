// The texts of the form's record (history pane, field history, its printout).
import { defineMessages, type NoMessageValues } from 'react-intl';
import type { HistoryOperationName } from './historyOperation';

type HistoryMessageValues = {
  operation: { operation: HistoryOperationName | string; level: number };
  stateChange: { old: string; new: string };
  displayId: NoMessageValues;
  randomGroup: NoMessageValues;
  print: NoMessageValues;
  printHeading: { id: string };
  printedAt: { time: string };
};

export const historyMessages = defineMessages<HistoryMessageValues>({
  operation: {
    id: 'formPage.record.operation',
    defaultMessage:
      '{operation, select, created_draft {Draft created} created_final {Created and finalized} draft_saved {Draft saved} finalized {Finalized} saved {Saved} approve {Approved at level {level}} reject {Rejected at level {level}: sent back for correction} correct_draft {Correction saved as a draft} correct_finalized {Correction finalized} fix {Fixed by a monitor} approval_reset {Approvals reset} system_update {Updated by the system} delete {Draft deleted} destroy {Destroyed} disqualify {Attendance disqualified} requalify {Attendance requalified} other {{operation}}}',
  },
  stateChange: { id: 'formPage.record.stateChange', defaultMessage: 'Form state: {old} → {new}' },
  displayId: { id: 'formPage.record.displayId', defaultMessage: 'Form identifier' },
  randomGroup: { id: 'formPage.record.randomGroup', defaultMessage: 'Random group' },
  print: { id: 'formPage.record.print', defaultMessage: 'Print' },
  printHeading: { id: 'formPage.record.printHeading', defaultMessage: 'History of form {id}' },
  printedAt: { id: 'formPage.record.printedAt', defaultMessage: 'Printed {time}' },
});
