import { defineMessages, type NoMessageValues } from 'react-intl';

const MESSAGE_DEFINITIONS = {
  title: { id: 'dataExport.page.title', defaultMessage: 'Data export' },
  intro: {
    id: 'dataExport.page.intro',
    defaultMessage: 'The export runs in the background. When it is ready you get an e-mail; the workbook opens with the password you give here.',
  },
  optionsError: { id: 'dataExport.page.optionsError', defaultMessage: 'The export choices could not be loaded: {message}' },
  nothingToExport: { id: 'dataExport.page.nothingToExport', defaultMessage: 'You may not export any registry.' },
  formTitle: { id: 'dataExport.form.title', defaultMessage: 'New export' },
  fileName: { id: 'dataExport.form.fileName', defaultMessage: 'File name' },
  password: { id: 'dataExport.form.password', defaultMessage: 'Password of the file' },
  passwordConfirmation: { id: 'dataExport.form.passwordConfirmation', defaultMessage: 'Password again' },
  passwordHint: { id: 'dataExport.form.passwordHint', defaultMessage: 'At least 10 characters, with 3 of: capital letter, small letter, digit, symbol. It is not stored: keep it.' },
  format: { id: 'dataExport.form.format', defaultMessage: 'Format' },
  formatXlsx: { id: 'dataExport.form.formatXlsx', defaultMessage: 'Excel workbook (.xlsx, password-protected)' },
  formatOdm: { id: 'dataExport.form.formatOdm', defaultMessage: 'CDISC ODM 1.3.2 (.xml, download only)' },
  locale: { id: 'dataExport.form.locale', defaultMessage: 'Language of the labels' },
  localeHu: { id: 'dataExport.form.localeHu', defaultMessage: 'Hungarian' },
  localeEn: { id: 'dataExport.form.localeEn', defaultMessage: 'English' },
  registries: { id: 'dataExport.form.registries', defaultMessage: 'Registries (none ticked: all)' },
  institutes: { id: 'dataExport.form.institutes', defaultMessage: 'Institutes (none ticked: all)' },
  formTypes: { id: 'dataExport.form.formTypes', defaultMessage: 'Form types (none ticked: all)' },
  minimumApprovalLevel: { id: 'dataExport.form.minimumApprovalLevel', defaultMessage: 'Minimum approval level' },
  anyApproval: { id: 'dataExport.form.anyApproval', defaultMessage: 'Every form' },
  approvalLevel: { id: 'dataExport.form.approvalLevel', defaultMessage: 'Approved at level {level} or higher' },
  fieldFilters: { id: 'dataExport.form.fieldFilters', defaultMessage: 'Fields (ids, comma separated; empty: all)' },
  fieldPicker: { id: 'dataExport.form.fieldPicker', defaultMessage: 'Add a field' },
  fieldPickerPlaceholder: { id: 'dataExport.form.fieldPickerPlaceholder', defaultMessage: 'Choose a field…' },
  groupBy: { id: 'dataExport.form.groupBy', defaultMessage: 'Sheets grouped by' },
  groupNone: { id: 'dataExport.form.groupNone', defaultMessage: 'No grouping' },
  groupRegistry: { id: 'dataExport.form.groupRegistry', defaultMessage: 'Registry' },
  groupInstitute: { id: 'dataExport.form.groupInstitute', defaultMessage: 'Institute' },
  groupFormType: { id: 'dataExport.form.groupFormType', defaultMessage: 'Form type' },
  renderType: { id: 'dataExport.form.renderType', defaultMessage: 'Rows' },
  byForm: { id: 'dataExport.form.byForm', defaultMessage: 'One row per form' },
  byAttendance: { id: 'dataExport.form.byAttendance', defaultMessage: 'One row per attendance (forms as column groups)' },
  maxCellSize: { id: 'dataExport.form.maxCellSize', defaultMessage: 'Maximum cell size (characters)' },
  daysLimit: { id: 'dataExport.form.daysLimit', defaultMessage: 'Only attendances of the last N days (empty: all)' },
  columnsPerSheet: { id: 'dataExport.form.columnsPerSheet', defaultMessage: 'Columns per sheet' },
  formsPerSheet: { id: 'dataExport.form.formsPerSheet', defaultMessage: 'Rows per sheet' },
  arraySeparator: { id: 'dataExport.form.arraySeparator', defaultMessage: 'Separator of multiple values' },
  ordering: { id: 'dataExport.form.ordering', defaultMessage: 'Column order' },
  formOrder: { id: 'dataExport.form.formOrder', defaultMessage: 'As in the form' },
  alphabetical: { id: 'dataExport.form.alphabetical', defaultMessage: 'Alphabetical' },
  includePersonalData: { id: 'dataExport.form.includePersonalData', defaultMessage: 'Include personal data (name, birth date, insurance number)' },
  submit: { id: 'dataExport.form.submit', defaultMessage: 'Start export' },
  submitting: { id: 'dataExport.form.submitting', defaultMessage: 'Starting…' },
  submitError: { id: 'dataExport.form.submitError', defaultMessage: 'The export could not be started: {message}' },
  progressTitle: { id: 'dataExport.progress.title', defaultMessage: 'Export {fileName}' },
  progressLabel: { id: 'dataExport.progress.label', defaultMessage: 'Progress of the export' },
  progressCount: { id: 'dataExport.progress.count', defaultMessage: '{done} of {total} forms' },
  download: { id: 'dataExport.progress.download', defaultMessage: 'Download {name}' },
  downloadError: { id: 'dataExport.progress.downloadError', defaultMessage: 'The file could not be downloaded: {message}' },
  cancel: { id: 'dataExport.progress.cancel', defaultMessage: 'Cancel export' },
  fileDeleted: { id: 'dataExport.progress.fileDeleted', defaultMessage: 'The file has been deleted after the retention period. Start the export again.' },
  ready: { id: 'dataExport.progress.ready', defaultMessage: 'Ready: {forms} forms. It was also sent to you by e-mail.' },
  failedBecause: { id: 'dataExport.progress.failedBecause', defaultMessage: 'The export failed: {reason}' },
  state_queued: { id: 'dataExport.state.queued', defaultMessage: 'Waiting' },
  state_running: { id: 'dataExport.state.running', defaultMessage: 'Running' },
  state_succeeded: { id: 'dataExport.state.succeeded', defaultMessage: 'Ready' },
  state_failed: { id: 'dataExport.state.failed', defaultMessage: 'Failed' },
  state_cancelled: { id: 'dataExport.state.cancelled', defaultMessage: 'Cancelled' },
  reason_interrupted: { id: 'dataExport.reason.interrupted', defaultMessage: 'the server stopped during the export and the retries failed too' },
  reason_export_failed: { id: 'dataExport.reason.exportFailed', defaultMessage: 'writing the file failed' },
  reason_secret_unavailable: { id: 'dataExport.reason.secretUnavailable', defaultMessage: "the server's key changed, so the password cannot be read" },
  reason_requester_missing: { id: 'dataExport.reason.requesterMissing', defaultMessage: 'the requesting user no longer exists' },
  reason_job_failed: { id: 'dataExport.reason.jobFailed', defaultMessage: 'an unexpected error occurred' },
  listTitle: { id: 'dataExport.list.title', defaultMessage: 'My recent exports' },
  gridLabel: { id: 'dataExport.list.gridLabel', defaultMessage: 'Recent exports' },
  colCreatedAt: { id: 'dataExport.list.createdAt', defaultMessage: 'Started' },
  colFileName: { id: 'dataExport.list.fileName', defaultMessage: 'File' },
  colState: { id: 'dataExport.list.state', defaultMessage: 'State' },
  colForms: { id: 'dataExport.list.forms', defaultMessage: 'Forms' },
  colActions: { id: 'dataExport.list.actions', defaultMessage: 'Actions' },
  show: { id: 'dataExport.list.show', defaultMessage: 'Show' },
} as const;

type WithValues = 'optionsError' | 'submitError' | 'approvalLevel' | 'progressTitle' | 'progressCount' | 'download' | 'downloadError' | 'ready' | 'failedBecause';
/** Values of the messages with placeholders; every other message takes none. */
type MessageValueTypes = Omit<{ [K in keyof typeof MESSAGE_DEFINITIONS]: NoMessageValues }, WithValues> & {
  optionsError: { message: string };
  submitError: { message: string };
  approvalLevel: { level: number };
  progressTitle: { fileName: string };
  progressCount: { done: number; total: number };
  download: { name: string };
  downloadError: { message: string };
  ready: { forms: number };
  failedBecause: { reason: string };
};

export const messages = defineMessages<MessageValueTypes>(MESSAGE_DEFINITIONS);
