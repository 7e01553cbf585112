import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  title: NoMessageValues;
  welcome: { name: string };
  userInstitute: { institute: string };
  noPermission: NoMessageValues;
  loadError: NoMessageValues;
  registriesTitle: NoMessageValues;
  noRegistries: NoMessageValues;
  typeRegistry: NoMessageValues;
  typeTrial: NoMessageValues;
  registryCounts: { patients: number; attendances: number; institutes: number; formTypes: number };
  statusMatrixLink: { registry: string };
  attendanceListTitle: NoMessageValues;
  attendanceListText: NoMessageValues;
  attendanceListLink: NoMessageValues;
  todoTitle: NoMessageValues;
  approvable: NoMessageValues;
  correctable: NoMessageValues;
  countUnknown: NoMessageValues;
  startTitle: NoMessageValues;
  registry: NoMessageValues;
  institute: NoMessageValues;
  physician: NoMessageValues;
  startDateTime: NoMessageValues;
  required: NoMessageValues;
  patientRequired: NoMessageValues;
  start: NoMessageValues;
  startError: NoMessageValues;
  sameDayTitle: NoMessageValues;
  sameDayBody: NoMessageValues;
  sameDayConfirm: NoMessageValues;
  physiciansFailed: NoMessageValues;
  noPhysicians: NoMessageValues;
  noStartForm: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'dashboard.page.title', defaultMessage: 'Dashboard' },
  welcome: { id: 'dashboard.page.welcome', defaultMessage: 'Welcome, {name}!' },
  userInstitute: { id: 'dashboard.page.institute', defaultMessage: 'Institute: {institute}' },
  noPermission: { id: 'dashboard.page.noPermission', defaultMessage: 'You do not have the corresponding permissions!' },
  loadError: { id: 'dashboard.page.loadError', defaultMessage: 'Can not load the registries.' },
  registriesTitle: { id: 'dashboard.registries.title', defaultMessage: 'Accessible registries' },
  noRegistries: { id: 'dashboard.registries.none', defaultMessage: 'No accessible registry.' },
  typeRegistry: { id: 'dashboard.registries.typeRegistry', defaultMessage: 'Registry' },
  typeTrial: { id: 'dashboard.registries.typeTrial', defaultMessage: 'Trial' },
  registryCounts: {
    id: 'dashboard.registries.counts',
    defaultMessage: '{patients, plural, one {# patient} other {# patients}}, {attendances, plural, one {# attendance} other {# attendances}}, {institutes, plural, one {# institute} other {# institutes}}, {formTypes, plural, one {# form type} other {# form types}}',
  },
  statusMatrixLink: { id: 'dashboard.registries.statusMatrix', defaultMessage: 'Status matrix of {registry}' },
  attendanceListTitle: { id: 'dashboard.attendanceList.title', defaultMessage: 'Attendance list' },
  attendanceListText: { id: 'dashboard.attendanceList.text', defaultMessage: 'Choose a patient to see their attendances, forms and inpatient days.' },
  attendanceListLink: { id: 'dashboard.attendanceList.link', defaultMessage: 'Open the patients' },
  todoTitle: { id: 'dashboard.todo.title', defaultMessage: 'To-do list' },
  approvable: { id: 'dashboard.todo.approvable', defaultMessage: 'Forms to approve' },
  correctable: { id: 'dashboard.todo.correctable', defaultMessage: 'Forms to correct' },
  countUnknown: { id: 'dashboard.todo.countUnknown', defaultMessage: 'count not available' },
  startTitle: { id: 'dashboard.start.title', defaultMessage: 'Start attendance' },
  registry: { id: 'dashboard.start.registry', defaultMessage: 'Registry' },
  institute: { id: 'dashboard.start.institute', defaultMessage: 'Institute' },
  physician: { id: 'dashboard.start.physician', defaultMessage: 'Physician' },
  startDateTime: { id: 'dashboard.start.startDateTime', defaultMessage: 'Start date and time' },
  required: { id: 'dashboard.start.required', defaultMessage: 'Required' },
  patientRequired: { id: 'dashboard.start.patientRequired', defaultMessage: 'A patient must be selected for this procedure' },
  start: { id: 'dashboard.start.submit', defaultMessage: 'Start attendance' },
  startError: { id: 'dashboard.start.error', defaultMessage: 'The attendance could not be started.' },
  physiciansFailed: { id: 'dashboard.start.physiciansFailed', defaultMessage: 'Can not load the physicians of the institute.' },
  noPhysicians: { id: 'dashboard.start.noPhysicians', defaultMessage: 'No physician you may record forms for at this institute' },
  sameDayTitle: { id: 'dashboard.start.sameDayTitle', defaultMessage: 'Another attendance on the same day?' },
  sameDayBody: {
    id: 'dashboard.start.sameDayBody',
    defaultMessage: 'This patient already has an attendance that starts on the same day. Start another one anyway?',
  },
  sameDayConfirm: { id: 'dashboard.start.sameDayConfirm', defaultMessage: 'Start another attendance' },
  noStartForm: { id: 'dashboard.start.noStartForm', defaultMessage: 'This registry has no attendance start form, so no attendance can be started in it.' },
});
