import { defineMessages, type NoMessageValues } from 'react-intl';
import type { AttendanceState } from '../../api/attendances';

type MessageValueTypes = {
  title: { patient: string };
  titleUnknown: NoMessageValues;
  loadError: NoMessageValues;
  notFound: NoMessageValues;
  empty: NoMessageValues;
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
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'attendances.list.title', defaultMessage: 'Attendances of {patient}' },
  titleUnknown: { id: 'attendances.list.titleUnknown', defaultMessage: 'Attendance list' },
  loadError: { id: 'attendances.list.loadError', defaultMessage: 'Error loading attendance' },
  notFound: { id: 'attendances.list.notFound', defaultMessage: 'Attendance not found' },
  empty: { id: 'attendances.list.empty', defaultMessage: 'This patient has no attendances yet.' },
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
});

export const attendanceStateMessages = defineMessages<Record<AttendanceState, NoMessageValues>>({
  open: { id: 'attendances.state.open', defaultMessage: 'Open' },
  completed: { id: 'attendances.state.completed', defaultMessage: 'Completed' },
  disqualified: { id: 'attendances.state.disqualified', defaultMessage: 'Disqualified' },
});
