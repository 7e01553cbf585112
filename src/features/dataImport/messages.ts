// Texts of the data import screens (new job, job list, job detail).
import { defineMessages, type NoMessageValues } from 'react-intl';

const MESSAGE_DEFINITIONS = {
  newTitle: { id: 'dataImport.new.title', defaultMessage: 'New data import' },
  newIntro: {
    id: 'dataImport.new.intro',
    defaultMessage: 'The file is checked row by row first; nothing is written until you commit the import after reading the report.',
  },
  name: { id: 'dataImport.new.name', defaultMessage: 'Name of the import' },
  registry: { id: 'dataImport.new.registry', defaultMessage: 'Registry' },
  formType: { id: 'dataImport.new.formType', defaultMessage: 'Form type' },
  version: { id: 'dataImport.new.version', defaultMessage: 'Form type version' },
  versionOption: { id: 'dataImport.new.versionOption', defaultMessage: 'Version {version}' },
  file: { id: 'dataImport.new.file', defaultMessage: 'File (CSV or .xlsx)' },
  fileHint: {
    id: 'dataImport.new.fileHint',
    defaultMessage: 'Drop the file here or choose it. A CSV file (UTF-8, comma or semicolon) or the password-protected .xlsx of our own export.',
  },
  chosenFile: { id: 'dataImport.new.chosenFile', defaultMessage: 'Chosen: {name} ({size} bytes)' },
  password: { id: 'dataImport.new.password', defaultMessage: 'Password of the .xlsx file' },
  template: { id: 'dataImport.new.template', defaultMessage: 'Download template' },
  templateError: { id: 'dataImport.new.templateError', defaultMessage: 'The template could not be downloaded: {message}' },
  submit: { id: 'dataImport.new.submit', defaultMessage: 'Upload and check' },
  uploading: { id: 'dataImport.new.uploading', defaultMessage: 'Uploading the file…' },
  posting: { id: 'dataImport.new.posting', defaultMessage: 'Starting the check…' },
  submitError: { id: 'dataImport.new.submitError', defaultMessage: 'The import could not be started: {message}' },
  registriesError: { id: 'dataImport.new.registriesError', defaultMessage: 'The registries could not be loaded: {message}' },
  formTypesError: { id: 'dataImport.new.formTypesError', defaultMessage: 'The form types could not be loaded: {message}' },
  nothingToImport: { id: 'dataImport.new.nothingToImport', defaultMessage: 'You may not write forms in any registry, so there is nothing to import into.' },
  required: { id: 'dataImport.new.required', defaultMessage: 'required' },
  wrongFileType: { id: 'dataImport.new.wrongFileType', defaultMessage: 'Only a .csv or an .xlsx file can be imported.' },
  jobsLink: { id: 'dataImport.new.jobsLink', defaultMessage: 'My import jobs' },
  listTitle: { id: 'dataImport.list.title', defaultMessage: 'Data import jobs' },
  gridLabel: { id: 'dataImport.list.gridLabel', defaultMessage: 'Import jobs' },
  newJob: { id: 'dataImport.list.newJob', defaultMessage: 'New import' },
  colName: { id: 'dataImport.list.name', defaultMessage: 'Name' },
  colFile: { id: 'dataImport.list.file', defaultMessage: 'File' },
  colFormType: { id: 'dataImport.list.formType', defaultMessage: 'Form type' },
  colState: { id: 'dataImport.list.state', defaultMessage: 'State' },
  colProgress: { id: 'dataImport.list.progress', defaultMessage: 'Progress' },
  colErrors: { id: 'dataImport.list.errors', defaultMessage: 'Errors' },
  colInitiatedBy: { id: 'dataImport.list.initiatedBy', defaultMessage: 'Started by' },
  colCreatedAt: { id: 'dataImport.list.createdAt', defaultMessage: 'Created' },
  formTypeVersion: { id: 'dataImport.list.formTypeVersion', defaultMessage: '{name} (version {version})' },
  progressCount: { id: 'dataImport.list.progressCount', defaultMessage: '{done} of {total} rows' },
  progressDone: { id: 'dataImport.list.progressDone', defaultMessage: '{done} rows' },
  clearFailed: { id: 'dataImport.list.clearFailed', defaultMessage: 'Clear failed jobs' },
  clearFailedTitle: { id: 'dataImport.list.clearFailedTitle', defaultMessage: 'Clear failed jobs?' },
  clearFailedBody: { id: 'dataImport.list.clearFailedBody', defaultMessage: 'Your failed import jobs and their reports are deleted. Nothing they checked was ever written.' },
  cleared: { id: 'dataImport.list.cleared', defaultMessage: '{count, plural, one {# failed job deleted.} other {# failed jobs deleted.}}' },
  clearError: { id: 'dataImport.list.clearError', defaultMessage: 'The failed jobs could not be deleted: {message}' },
  state_queued: { id: 'dataImport.state.queued', defaultMessage: 'Waiting' },
  state_validating: { id: 'dataImport.state.validating', defaultMessage: 'Checking' },
  state_validated: { id: 'dataImport.state.validated', defaultMessage: 'Checked, waiting for commit' },
  state_committing: { id: 'dataImport.state.committing', defaultMessage: 'Writing' },
  state_succeeded: { id: 'dataImport.state.succeeded', defaultMessage: 'Imported' },
  state_failed: { id: 'dataImport.state.failed', defaultMessage: 'Failed' },
  state_cancelled: { id: 'dataImport.state.cancelled', defaultMessage: 'Cancelled' },
  detailTitle: { id: 'dataImport.detail.title', defaultMessage: 'Import {name}' },
  jobError: { id: 'dataImport.detail.jobError', defaultMessage: 'The import job could not be loaded: {message}' },
  summary: { id: 'dataImport.detail.summary', defaultMessage: '{fileName} into {registry}, {formType} (version {version}); started by {initiatedBy} at {createdAt}' },
  progressLabel: { id: 'dataImport.detail.progressLabel', defaultMessage: 'Progress of the import' },
  failedBecause: { id: 'dataImport.detail.failedBecause', defaultMessage: 'The import failed: {reason}' },
  failedUnknown: { id: 'dataImport.detail.failedUnknown', defaultMessage: 'an unexpected error occurred' },
  reportTitle: { id: 'dataImport.report.title', defaultMessage: 'Report' },
  rowsTotal: { id: 'dataImport.report.rowsTotal', defaultMessage: 'Rows' },
  rowsOk: { id: 'dataImport.report.rowsOk', defaultMessage: 'Rows without errors' },
  rowsWithErrors: { id: 'dataImport.report.rowsWithErrors', defaultMessage: 'Rows with errors' },
  errorsNumber: { id: 'dataImport.report.errorsNumber', defaultMessage: 'Errors' },
  recalculated: { id: 'dataImport.report.recalculated', defaultMessage: 'Recalculated fields' },
  newPatients: { id: 'dataImport.report.newPatients', defaultMessage: 'New patients it creates' },
  newAttendances: { id: 'dataImport.report.newAttendances', defaultMessage: 'New attendances it creates' },
  formsCreated: { id: 'dataImport.report.formsCreated', defaultMessage: 'Forms it creates' },
  formsUpdated: { id: 'dataImport.report.formsUpdated', defaultMessage: 'Draft forms it updates' },
  doneNewPatients: { id: 'dataImport.report.doneNewPatients', defaultMessage: 'New patients' },
  doneNewAttendances: { id: 'dataImport.report.doneNewAttendances', defaultMessage: 'New attendances' },
  doneFormsCreated: { id: 'dataImport.report.doneFormsCreated', defaultMessage: 'Forms created' },
  doneFormsUpdated: { id: 'dataImport.report.doneFormsUpdated', defaultMessage: 'Forms updated' },
  errorsTitle: { id: 'dataImport.report.errorsTitle', defaultMessage: 'Errors of the file' },
  errorsShown: { id: 'dataImport.report.errorsShown', defaultMessage: 'The first {shown} of {total} errors are listed.' },
  errorsGrid: { id: 'dataImport.report.errorsGrid', defaultMessage: 'Errors of the import' },
  colRow: { id: 'dataImport.report.row', defaultMessage: 'Row' },
  colColumn: { id: 'dataImport.report.column', defaultMessage: 'Column' },
  colValue: { id: 'dataImport.report.value', defaultMessage: 'Value' },
  colMessage: { id: 'dataImport.report.message', defaultMessage: 'Message' },
  fixAndRetry: { id: 'dataImport.report.fixAndRetry', defaultMessage: 'Nothing can be written while a row has errors: fix the file and start a new import.' },
  commit: { id: 'dataImport.detail.commit', defaultMessage: 'Commit import' },
  commitTitle: { id: 'dataImport.detail.commitTitle', defaultMessage: 'Commit the import?' },
  commitBody: {
    id: 'dataImport.detail.commitBody',
    defaultMessage: 'All {rows, plural, one {# row is} other {# rows are}} written in one step, or none: if any row fails, nothing is written.',
  },
  cancel: { id: 'dataImport.detail.cancel', defaultMessage: 'Cancel import' },
  cancelTitle: { id: 'dataImport.detail.cancelTitle', defaultMessage: 'Cancel the import?' },
  cancelBody: { id: 'dataImport.detail.cancelBody', defaultMessage: 'The job stops and nothing of the file is written.' },
  actionError: { id: 'dataImport.detail.actionError', defaultMessage: 'The request was refused: {message}' },
  succeeded: { id: 'dataImport.detail.succeeded', defaultMessage: 'The import is done: every row was written.' },
  matrixLink: { id: 'dataImport.detail.matrixLink', defaultMessage: 'Open the status matrix of {registry}' },
  backToList: { id: 'dataImport.detail.backToList', defaultMessage: 'Back to the import jobs' },
} as const;

type Failure = { message: string };
/** Values of the messages with placeholders; every other message takes none. */
type Valued = {
  versionOption: { version: number };
  chosenFile: { name: string; size: string };
  templateError: Failure;
  submitError: Failure;
  registriesError: Failure;
  formTypesError: Failure;
  clearError: Failure;
  jobError: Failure;
  actionError: Failure;
  formTypeVersion: { name: string; version: number };
  progressCount: { done: string; total: string };
  progressDone: { done: string };
  cleared: { count: number };
  detailTitle: { name: string };
  summary: { fileName: string; registry: string; formType: string; version: number; initiatedBy: string; createdAt: string };
  failedBecause: { reason: string };
  errorsShown: { shown: string; total: string };
  commitBody: { rows: number };
  matrixLink: { registry: string };
};
type MessageValueTypes = Omit<{ [K in keyof typeof MESSAGE_DEFINITIONS]: NoMessageValues }, keyof Valued> & Valued;

export const messages = defineMessages<MessageValueTypes>(MESSAGE_DEFINITIONS);
