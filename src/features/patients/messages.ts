import { defineMessages, type NoMessageValues } from 'react-intl';
import type { Gender } from '../../api/patients';

type MessageValueTypes = {
  title: NoMessageValues;
  gridLabel: NoMessageValues;
  newPatient: NoMessageValues;
  startAttendance: { number: string };
  internalPatientNumber: NoMessageValues;
  registryPatientNumber: NoMessageValues;
  name: NoMessageValues;
  insuranceNumber: NoMessageValues;
  insuranceHint: NoMessageValues;
  dob: NoMessageValues;
  gender: NoMessageValues;
  registry: NoMessageValues;
  institute: NoMessageValues;
  attendanceCount: NoMessageValues;
  createdAt: NoMessageValues;
  actions: NoMessageValues;
  attendances: NoMessageValues;
  hiddenHint: NoMessageValues;
  required: NoMessageValues;
  invalidInsuranceNumber: NoMessageValues;
  createError: NoMessageValues;
  instituteNotFound: NoMessageValues;
  existsDifferent: NoMessageValues;
  registeredElsewhere: NoMessageValues;
  mergePrompt: NoMessageValues;
  mergeCreateExplanation: NoMessageValues;
  mergeEditExplanation: { source: string };
  mergeConfirm: NoMessageValues;
  mergeUnavailable: NoMessageValues;
  save: NoMessageValues;
  cancel: NoMessageValues;
  createdNotice: { number: string };
  existingNotice: { number: string };
  selectRegistry: NoMessageValues;
  selectInstitute: NoMessageValues;
  referencesFailed: NoMessageValues;
  loadError: NoMessageValues;
  selectorLabel: NoMessageValues;
  selectorHint: NoMessageValues;
  selectorNothing: NoMessageValues;
  selectorError: NoMessageValues;
  editTitle: { number: string };
  editAction: { number: string };
  editWarning: NoMessageValues;
  saveFailed: NoMessageValues;
  deleteAction: NoMessageValues;
  deleteTitle: { number: string };
  deleteBody: NoMessageValues;
  hasDataTitle: NoMessageValues;
  hasDataBody: { number: string };
  mergeTarget: NoMessageValues;
  mergeAndDelete: NoMessageValues;
  deleteError: NoMessageValues;
  deletedNotice: NoMessageValues;
  targetRequired: NoMessageValues;
};


export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'patients.page.title', defaultMessage: 'Patients' },
  gridLabel: { id: 'patients.grid.label', defaultMessage: 'Patients' },
  newPatient: { id: 'patients.page.newPatient', defaultMessage: 'New patient' },
  startAttendance: { id: 'patients.page.startAttendance', defaultMessage: 'Start attendance for {number}' },
  internalPatientNumber: { id: 'patients.field.internalPatientNumber', defaultMessage: 'Internal patient number' },
  registryPatientNumber: { id: 'patients.field.registryPatientNumber', defaultMessage: 'Registry patient number' },
  name: { id: 'patients.field.name', defaultMessage: 'Name' },
  insuranceNumber: { id: 'patients.field.insuranceNumber', defaultMessage: 'Insurance number (TAJ)' },
  insuranceHint: { id: 'patients.field.insuranceHint', defaultMessage: '9 digits, spaces allowed, e.g. 123 456 788' },
  dob: { id: 'patients.field.dob', defaultMessage: 'Date of birth' },
  gender: { id: 'patients.field.gender', defaultMessage: 'Gender' },
  registry: { id: 'patients.field.registry', defaultMessage: 'Registry' },
  institute: { id: 'patients.field.institute', defaultMessage: 'Institute' },
  attendanceCount: { id: 'patients.field.attendanceCount', defaultMessage: 'Attendances' },
  createdAt: { id: 'patients.field.createdAt', defaultMessage: 'Created' },
  actions: { id: 'patients.grid.actions', defaultMessage: 'Actions' },
  attendances: { id: 'patients.grid.attendances', defaultMessage: 'Attendance list' },
  hiddenHint: { id: 'patients.grid.hiddenHint', defaultMessage: 'Personal data hidden: you have no personal data access for this patient' },
  required: { id: 'patients.form.required', defaultMessage: 'Required' },
  invalidInsuranceNumber: { id: 'patients.form.invalidInsuranceNumber', defaultMessage: 'Invalid insurance number' },
  createError: { id: 'patients.form.createError', defaultMessage: 'Error creating patient' },
  instituteNotFound: { id: 'patients.form.instituteNotFound', defaultMessage: 'Institute not found' },
  existsDifferent: { id: 'patients.form.existsDifferent', defaultMessage: 'Patient already exists with different data' },
  registeredElsewhere: {
    id: 'patients.form.registeredElsewhere',
    defaultMessage: 'This insurance number is already registered in the registry. Ask an administrator of the registry to merge the patients.',
  },
  mergePrompt: { id: 'patients.merge.prompt', defaultMessage: 'Patient with these data already exists. Do you want to merge the two patients?' },
  mergeCreateExplanation: {
    id: 'patients.merge.createExplanation',
    defaultMessage: 'No new patient is created: the existing patient with this insurance number is kept with its own data, attendances and forms, and the data typed here are dropped. You can edit the existing patient afterwards.',
  },
  mergeEditExplanation: {
    id: 'patients.merge.editExplanation',
    defaultMessage: 'Patient {source} is merged into the existing patient with this insurance number: its attendances move there and {source} is removed. The data of the existing patient stay as they are.',
  },
  mergeConfirm: { id: 'patients.merge.confirm', defaultMessage: 'Merge' },
  mergeUnavailable: { id: 'patients.merge.unavailable', defaultMessage: 'The existing patient is not visible to you, so the two cannot be merged here. Please contact a local administrator.' },
  save: { id: 'patients.form.save', defaultMessage: 'Save' },
  cancel: { id: 'patients.form.cancel', defaultMessage: 'Cancel' },
  createdNotice: { id: 'patients.form.createdNotice', defaultMessage: 'Patient {number} saved.' },
  existingNotice: { id: 'patients.form.existingNotice', defaultMessage: 'Showing the existing patient {number}.' },
  selectRegistry: { id: 'patients.form.selectRegistry', defaultMessage: 'Choose a registry' },
  selectInstitute: { id: 'patients.form.selectInstitute', defaultMessage: 'Choose an institute' },
  referencesFailed: { id: 'patients.form.referencesFailed', defaultMessage: 'Can not load registries and institutes.' },
  loadError: { id: 'patients.grid.loadError', defaultMessage: 'Error loading patient list' },
  selectorLabel: { id: 'patients.selector.label', defaultMessage: 'Patient' },
  selectorHint: { id: 'patients.selector.hint', defaultMessage: 'Search by name, insurance number or internal patient number' },
  selectorNothing: { id: 'patients.selector.nothing', defaultMessage: 'No matching patient' },
  selectorError: { id: 'patients.selector.error', defaultMessage: 'Error loading patient' },
  editTitle: { id: 'patients.edit.title', defaultMessage: 'Edit patient {number}' },
  editAction: { id: 'patients.edit.action', defaultMessage: 'Edit {number}' },
  editWarning: { id: 'patients.edit.warning', defaultMessage: 'The data are not changed in attached forms.' },
  saveFailed: { id: 'patients.edit.saveFailed', defaultMessage: 'Data save failed' },
  deleteAction: { id: 'patients.delete.action', defaultMessage: 'Delete patient' },
  deleteTitle: { id: 'patients.delete.title', defaultMessage: 'Delete patient {number}?' },
  deleteBody: { id: 'patients.delete.body', defaultMessage: 'The patient is removed for good.' },
  hasDataTitle: { id: 'patients.delete.hasDataTitle', defaultMessage: 'The patient has data. Do you want to merge it into another patient?' },
  hasDataBody: {
    id: 'patients.delete.hasDataBody',
    defaultMessage: 'Patient {number} has attendances. Choose the patient to merge it into: the attendances move to the chosen patient, whose data stay as they are, and {number} is removed.',
  },
  mergeTarget: { id: 'patients.delete.mergeTarget', defaultMessage: 'Merge into' },
  mergeAndDelete: { id: 'patients.delete.mergeAndDelete', defaultMessage: 'Merge and delete' },
  deleteError: { id: 'patients.delete.error', defaultMessage: 'Error deleting patient' },
  deletedNotice: { id: 'patients.delete.notice', defaultMessage: 'Patient deleted.' },
  targetRequired: { id: 'patients.delete.targetRequired', defaultMessage: 'A patient must be selected for this procedure' },
});

export const genderMessages = defineMessages<Record<Gender, NoMessageValues>>({
  female: { id: 'patients.gender.female', defaultMessage: 'Female' },
  male: { id: 'patients.gender.male', defaultMessage: 'Male' },
  other: { id: 'patients.gender.other', defaultMessage: 'Other' },
  unknown: { id: 'patients.gender.unknown', defaultMessage: 'Unknown' },
});
