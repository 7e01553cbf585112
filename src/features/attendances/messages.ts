import { defineMessages, type NoMessageValues } from 'react-intl';
import type { AttendanceState } from '../../api/attendances';

type MessageValueTypes = {
  title: { patient: string };
  titleUnknown: NoMessageValues;
  loadError: NoMessageValues;
  notFound: NoMessageValues;
  empty: NoMessageValues;
  startAttendance: NoMessageValues;
  attendance: { id: string };
  start: NoMessageValues;
  end: NoMessageValues;
  physician: NoMessageValues;
  randomGroup: NoMessageValues;
  inpatientDays: NoMessageValues;
  inpatientRange: { from: string; to: string };
  inpatientOpen: { from: string };
  noInpatientDays: NoMessageValues;
  noForms: NoMessageValues;
  formType: NoMessageValues;
  formId: NoMessageValues;
  state: NoMessageValues;
  approvals: NoMessageValues;
  updatedAt: NoMessageValues;
  backToPatients: NoMessageValues;
  retry: NoMessageValues;
  editAction: NoMessageValues;
  resetAction: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'attendances.list.title', defaultMessage: 'Attendances of {patient}' },
  titleUnknown: { id: 'attendances.list.titleUnknown', defaultMessage: 'Attendance list' },
  loadError: { id: 'attendances.list.loadError', defaultMessage: 'Error loading attendance' },
  notFound: { id: 'attendances.list.notFound', defaultMessage: 'Attendance not found' },
  empty: { id: 'attendances.list.empty', defaultMessage: 'This patient has no attendances yet.' },
  startAttendance: { id: 'attendances.list.startAttendance', defaultMessage: 'Start attendance' },
  attendance: { id: 'attendances.list.attendance', defaultMessage: 'Attendance {id}' },
  start: { id: 'attendances.list.start', defaultMessage: 'Start' },
  end: { id: 'attendances.list.end', defaultMessage: 'End' },
  physician: { id: 'attendances.list.physician', defaultMessage: 'Physician' },
  randomGroup: { id: 'attendances.list.randomGroup', defaultMessage: 'Random group' },
  inpatientDays: { id: 'attendances.list.inpatientDays', defaultMessage: 'Inpatient days' },
  inpatientRange: { id: 'attendances.list.inpatientRange', defaultMessage: '{from} – {to}' },
  inpatientOpen: { id: 'attendances.list.inpatientOpen', defaultMessage: 'from {from}' },
  noInpatientDays: { id: 'attendances.list.noInpatientDays', defaultMessage: 'None recorded' },
  noForms: { id: 'attendances.list.noForms', defaultMessage: 'No forms in this period.' },
  formType: { id: 'attendances.list.formType', defaultMessage: 'Form type' },
  formId: { id: 'attendances.list.formId', defaultMessage: 'Form identifier' },
  state: { id: 'attendances.list.state', defaultMessage: 'State' },
  approvals: { id: 'attendances.list.approvals', defaultMessage: 'Approved levels' },
  updatedAt: { id: 'attendances.list.updatedAt', defaultMessage: 'Last modified' },
  backToPatients: { id: 'attendances.list.backToPatients', defaultMessage: 'Back to the patients' },
  retry: { id: 'attendances.list.retry', defaultMessage: 'Retry' },
  editAction: { id: 'attendances.list.editAction', defaultMessage: 'Edit attendance' },
  resetAction: { id: 'attendances.list.resetAction', defaultMessage: 'Reset approvals' },
});

export const attendanceStateMessages = defineMessages<Record<AttendanceState, NoMessageValues>>({
  open: { id: 'attendances.state.open', defaultMessage: 'Open' },
  completed: { id: 'attendances.state.completed', defaultMessage: 'Completed' },
  disqualified: { id: 'attendances.state.disqualified', defaultMessage: 'Disqualified' },
});

type EditMessageValueTypes = {
  title: { id: string };
  startedAt: { start: string };
  endDateTime: NoMessageValues;
  completed: NoMessageValues;
  stayFrom: { index: number };
  stayTo: { index: number };
  removeStay: { index: number };
  addStay: NoMessageValues;
  required: NoMessageValues;
  endBeforeStart: NoMessageValues;
  endRequired: NoMessageValues;
  stayOrder: NoMessageValues;
  checkFields: NoMessageValues;
  saveFailed: { reason: string };
  save: NoMessageValues;
  cancel: NoMessageValues;
};

/** The header edit pane of an attendance (end, inpatient stays, completion). */
export const editMessages = defineMessages<EditMessageValueTypes>({
  title: { id: 'attendances.edit.title', defaultMessage: 'Edit attendance {id}' },
  startedAt: { id: 'attendances.edit.startedAt', defaultMessage: 'Started: {start}' },
  endDateTime: { id: 'attendances.edit.endDateTime', defaultMessage: 'End date and time' },
  completed: { id: 'attendances.edit.completed', defaultMessage: 'Completed' },
  stayFrom: { id: 'attendances.edit.stayFrom', defaultMessage: 'Stay {index}: first day' },
  stayTo: { id: 'attendances.edit.stayTo', defaultMessage: 'Stay {index}: last day' },
  removeStay: { id: 'attendances.edit.removeStay', defaultMessage: 'Remove stay {index}' },
  addStay: { id: 'attendances.edit.addStay', defaultMessage: 'Add inpatient stay' },
  required: { id: 'attendances.edit.required', defaultMessage: 'Required' },
  endBeforeStart: { id: 'attendances.edit.endBeforeStart', defaultMessage: 'The end must not be earlier than the start' },
  endRequired: { id: 'attendances.edit.endRequired', defaultMessage: 'A completed attendance needs an end date and time' },
  stayOrder: { id: 'attendances.edit.stayOrder', defaultMessage: 'The last day must not be earlier than the first' },
  checkFields: { id: 'attendances.edit.checkFields', defaultMessage: 'The attendance was not saved: please correct the marked fields.' },
  saveFailed: { id: 'attendances.edit.saveFailed', defaultMessage: 'The attendance could not be saved: {reason}' },
  save: { id: 'attendances.edit.save', defaultMessage: 'Save' },
  cancel: { id: 'attendances.edit.cancel', defaultMessage: 'Cancel' },
});

type ResetMessageValueTypes = {
  title: { id: string };
  body: NoMessageValues;
  confirm: NoMessageValues;
  done: { id: string };
  failed: { reason: string };
};

/** The approval reset of every form of an attendance (frm_reset_approval). */
export const resetMessages = defineMessages<ResetMessageValueTypes>({
  title: { id: 'attendances.reset.title', defaultMessage: 'Reset the approvals of attendance {id}?' },
  body: {
    id: 'attendances.reset.body',
    defaultMessage: "Every form of this attendance returns to draft and all its approvals are deleted. The forms' history keeps the earlier approvals.",
  },
  confirm: { id: 'attendances.reset.confirm', defaultMessage: 'Reset approvals' },
  done: { id: 'attendances.reset.done', defaultMessage: 'The approvals of attendance {id} were reset; its forms are back in draft.' },
  failed: { id: 'attendances.reset.failed', defaultMessage: 'The approvals could not be reset: {reason}' },
});

type PeriodMessageValueTypes = {
  addForm: { period: string };
  addFormLabel: NoMessageValues;
  addFailed: { reason: string };
  added: { type: string; period: string };
};

/** "Add form" in a period: exactly the types the server says may be added there now. */
export const periodMessages = defineMessages<PeriodMessageValueTypes>({
  // The accessible name starts with the visible text and names the period, so each button is one control.
  addForm: { id: 'attendances.period.addForm', defaultMessage: 'Add form: {period}' },
  addFormLabel: { id: 'attendances.period.addFormLabel', defaultMessage: 'Add form' },
  addFailed: { id: 'attendances.period.addFailed', defaultMessage: 'The form could not be added: {reason}' },
  added: { id: 'attendances.period.added', defaultMessage: '{type} form added to {period}.' },
});

type DisqualifyMessageValueTypes = {
  disqualifyAction: NoMessageValues;
  requalifyAction: NoMessageValues;
  disqualifiedNote: { date: string; name: string; reason: string };
  disqualifyTitle: { id: string };
  disqualifyBody: NoMessageValues;
  requalifyTitle: { id: string };
  requalifyBody: NoMessageValues;
  reason: NoMessageValues;
  reasonRequired: NoMessageValues;
  disqualifyFailed: { reason: string };
  requalifyFailed: { reason: string };
  disqualified: { id: string };
  requalified: { id: string };
};

/** Disqualifying an attendance (att_disqualify) and requalifying it (administrators), each with a reason. */
export const disqualifyMessages = defineMessages<DisqualifyMessageValueTypes>({
  disqualifyAction: { id: 'attendances.disqualify.action', defaultMessage: 'Disqualify' },
  requalifyAction: { id: 'attendances.requalify.action', defaultMessage: 'Requalify' },
  disqualifiedNote: { id: 'attendances.disqualify.note', defaultMessage: 'Disqualified on {date} by {name}. Reason: {reason}' },
  disqualifyTitle: { id: 'attendances.disqualify.title', defaultMessage: 'Disqualify attendance {id}?' },
  disqualifyBody: {
    id: 'attendances.disqualify.body',
    defaultMessage: 'Its forms take no more changes and leave the to-do lists. Only an administrator can undo this.',
  },
  requalifyTitle: { id: 'attendances.requalify.title', defaultMessage: 'Requalify attendance {id}?' },
  requalifyBody: {
    id: 'attendances.requalify.body',
    defaultMessage: 'The attendance and its forms count again. The record keeps the disqualification and this reason.',
  },
  reason: { id: 'attendances.disqualify.reason', defaultMessage: 'Reason' },
  reasonRequired: { id: 'attendances.disqualify.reasonRequired', defaultMessage: 'A reason is required' },
  disqualifyFailed: { id: 'attendances.disqualify.failed', defaultMessage: 'The attendance could not be disqualified: {reason}' },
  requalifyFailed: { id: 'attendances.requalify.failed', defaultMessage: 'The attendance could not be requalified: {reason}' },
  disqualified: { id: 'attendances.disqualify.done', defaultMessage: 'Attendance {id} was disqualified.' },
  requalified: { id: 'attendances.requalify.done', defaultMessage: 'Attendance {id} was requalified; it counts again.' },
});
