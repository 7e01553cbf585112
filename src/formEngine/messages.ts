// Texts of the form engine's own chrome. Field labels and options come from the descriptor (one
// locale per descriptor); validation texts from the `validation.<key>` catalogue entries.
import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  header: NoMessageValues;
  sections: NoMessageValues;
  previousSection: NoMessageValues;
  nextSection: NoMessageValues;
  saveDraft: NoMessageValues;
  submit: NoMessageValues;
  approve: NoMessageValues;
  reject: NoMessageValues;
  finishCorrection: NoMessageValues;
  headerIncomplete: NoMessageValues;
  approveTitle: NoMessageValues;
  rejectTitle: NoMessageValues;
  correctTitle: NoMessageValues;
  confirmBody: NoMessageValues;
  dirty: NoMessageValues;
  rejected: NoMessageValues;
  corrected: NoMessageValues;
  censored: NoMessageValues;
  notFilled: NoMessageValues;
  yes: NoMessageValues;
  no: NoMessageValues;
  choose: NoMessageValues;
  searchOptions: { label: string };
  rejectField: NoMessageValues;
  rejectReason: NoMessageValues;
  confirmRejectField: NoMessageValues;
  cancel: NoMessageValues;
  revoke: NoMessageValues;
  changeReason: NoMessageValues;
  saveReason: NoMessageValues;
  rejectionReason: { reason: string };
  rejectedValue: { value: string };
  correctNote: NoMessageValues;
  writeCorrectNote: NoMessageValues;
  saveNote: NoMessageValues;
  noteShown: { note: string };
  addEntry: NoMessageValues;
  removeEntry: { number: number };
  entry: { number: number };
  removeEntryTitle: NoMessageValues;
  removeEntryBody: { number: number };
  remove: NoMessageValues;
  noEntries: NoMessageValues;
  gene: NoMessageValues;
  variant: NoMessageValues;
  classification: NoMessageValues;
  newGene: NoMessageValues;
  addGene: NoMessageValues;
  removeGene: { gene: string };
  selectedFile: { name: string; size: number };
  removeFile: NoMessageValues;
  fileSize: { size: number };
  uploading: { name: string };
  uploadFailed: { name: string; reason: string };
  fileTypeRefused: { name: string; types: string };
  fileTooLarge: { name: string; size: string; limit: string };
  downloadFile: { name: string };
  downloadFailed: { name: string; reason: string };
  paneTitle: NoMessageValues;
  paneSummary: { errors: number; warnings: number };
  error: NoMessageValues;
  warning: NoMessageValues;
  saveAnyway: NoMessageValues;
  cannotSaveDraft: NoMessageValues;
  cannotSubmit: NoMessageValues;
  paneEntry: { number: number };
  mandatoryHint: NoMessageValues;
  startFix: NoMessageValues;
  endFix: NoMessageValues;
  fixing: NoMessageValues;
  lockedByOther: NoMessageValues;
  lockedByUser: { user: string };
  fieldHistory: NoMessageValues;
  fieldHistoryOf: { field: string };
};

export const messages = defineMessages<MessageValueTypes>({
  header: { id: 'formEngine.form.header', defaultMessage: 'Form header' },
  sections: { id: 'formEngine.form.sections', defaultMessage: 'Form sections' },
  previousSection: { id: 'formEngine.form.previousSection', defaultMessage: 'Previous section' },
  nextSection: { id: 'formEngine.form.nextSection', defaultMessage: 'Next section' },
  saveDraft: { id: 'formEngine.toolbar.saveDraft', defaultMessage: 'Save draft' },
  submit: { id: 'formEngine.toolbar.submit', defaultMessage: 'Save' },
  approve: { id: 'formEngine.toolbar.approve', defaultMessage: 'Approve' },
  reject: { id: 'formEngine.toolbar.reject', defaultMessage: 'Request correction' },
  finishCorrection: { id: 'formEngine.toolbar.finishCorrection', defaultMessage: 'Finish correction' },
  headerIncomplete: { id: 'formEngine.toolbar.headerIncomplete', defaultMessage: 'Fill in the patient and the physician to save.' },
  approveTitle: { id: 'formEngine.toolbar.approveTitle', defaultMessage: 'Approve the form' },
  rejectTitle: { id: 'formEngine.toolbar.rejectTitle', defaultMessage: 'Send the form back for correction' },
  correctTitle: { id: 'formEngine.toolbar.correctTitle', defaultMessage: 'Finish the correction' },
  confirmBody: { id: 'formEngine.toolbar.confirmBody', defaultMessage: 'Are you sure everything is correct?' },
  dirty: { id: 'formEngine.field.dirty', defaultMessage: 'Changed' },
  rejected: { id: 'formEngine.field.rejected', defaultMessage: 'Rejected' },
  corrected: { id: 'formEngine.field.corrected', defaultMessage: 'Corrected' },
  censored: { id: 'formEngine.field.censored', defaultMessage: 'No permission to view' },
  notFilled: { id: 'formEngine.field.notFilled', defaultMessage: 'Not filled in' },
  yes: { id: 'formEngine.field.yes', defaultMessage: 'Yes' },
  no: { id: 'formEngine.field.no', defaultMessage: 'No' },
  choose: { id: 'formEngine.field.choose', defaultMessage: 'Choose…' },
  searchOptions: { id: 'formEngine.field.searchOptions', defaultMessage: 'Search: {label}' },
  rejectField: { id: 'formEngine.review.rejectField', defaultMessage: 'Reject' },
  rejectReason: { id: 'formEngine.review.rejectReason', defaultMessage: 'Reason for rejection' },
  confirmRejectField: { id: 'formEngine.review.confirmRejectField', defaultMessage: 'Reject field' },
  cancel: { id: 'formEngine.review.cancel', defaultMessage: 'Cancel' },
  revoke: { id: 'formEngine.review.revoke', defaultMessage: 'Revoke rejection' },
  changeReason: { id: 'formEngine.review.changeReason', defaultMessage: 'Change reason' },
  saveReason: { id: 'formEngine.review.saveReason', defaultMessage: 'Save reason' },
  rejectionReason: { id: 'formEngine.review.rejectionReason', defaultMessage: 'Reason for rejection: {reason}' },
  rejectedValue: { id: 'formEngine.review.rejectedValue', defaultMessage: 'Rejected value: {value}' },
  correctNote: { id: 'formEngine.review.correctNote', defaultMessage: 'Correct note' },
  writeCorrectNote: { id: 'formEngine.review.writeCorrectNote', defaultMessage: 'Write a correct note' },
  saveNote: { id: 'formEngine.review.saveNote', defaultMessage: 'Save note' },
  noteShown: { id: 'formEngine.review.noteShown', defaultMessage: 'Correct note: {note}' },
  addEntry: { id: 'formEngine.multiField.addEntry', defaultMessage: 'Add entry' },
  removeEntry: { id: 'formEngine.multiField.removeEntry', defaultMessage: 'Remove entry {number}' },
  entry: { id: 'formEngine.multiField.entry', defaultMessage: 'Entry {number}' },
  removeEntryTitle: { id: 'formEngine.multiField.removeEntryTitle', defaultMessage: 'Remove entry' },
  removeEntryBody: { id: 'formEngine.multiField.removeEntryBody', defaultMessage: 'Remove entry {number}? Its values will be lost.' },
  remove: { id: 'formEngine.multiField.remove', defaultMessage: 'Remove' },
  noEntries: { id: 'formEngine.multiField.noEntries', defaultMessage: 'No entries yet.' },
  gene: { id: 'formEngine.geneList.gene', defaultMessage: 'Gene' },
  variant: { id: 'formEngine.geneList.variant', defaultMessage: 'Variant' },
  classification: { id: 'formEngine.geneList.classification', defaultMessage: 'Classification' },
  newGene: { id: 'formEngine.geneList.newGene', defaultMessage: 'Gene name to add' },
  addGene: { id: 'formEngine.geneList.addGene', defaultMessage: 'Add gene' },
  removeGene: { id: 'formEngine.geneList.removeGene', defaultMessage: 'Remove gene {gene}' },
  selectedFile: { id: 'formEngine.fileUpload.selectedFile', defaultMessage: '{name} ({size, number} bytes)' },
  removeFile: { id: 'formEngine.fileUpload.removeFile', defaultMessage: 'Remove file' },
  fileSize: { id: 'formEngine.fileUpload.fileSize', defaultMessage: '({size, number} bytes)' },
  uploading: { id: 'formEngine.fileUpload.uploading', defaultMessage: 'Uploading {name}…' },
  uploadFailed: { id: 'formEngine.fileUpload.uploadFailed', defaultMessage: 'Could not upload {name}: {reason}' },
  fileTypeRefused: { id: 'formEngine.fileUpload.typeRefused', defaultMessage: '{name} cannot be uploaded here; allowed file types: {types}' },
  fileTooLarge: { id: 'formEngine.fileUpload.tooLarge', defaultMessage: '{name} is too large ({size}): at most {limit} can be uploaded here' },
  downloadFile: { id: 'formEngine.fileUpload.download', defaultMessage: 'Download {name}' },
  downloadFailed: { id: 'formEngine.fileUpload.downloadFailed', defaultMessage: 'Could not download {name}: {reason}' },
  paneTitle: { id: 'formEngine.pane.title', defaultMessage: 'Check the form' },
  paneSummary: {
    id: 'formEngine.pane.summary',
    defaultMessage: '{errors, plural, one {# error} other {# errors}}, {warnings, plural, one {# warning} other {# warnings}}',
  },
  error: { id: 'formEngine.pane.error', defaultMessage: 'Error' },
  warning: { id: 'formEngine.pane.warning', defaultMessage: 'Warning' },
  saveAnyway: { id: 'formEngine.pane.saveAnyway', defaultMessage: 'Save anyway' },
  cannotSaveDraft: { id: 'formEngine.pane.cannotSaveDraft', defaultMessage: 'Errors on mandatory fields (bold) must be corrected before a draft can be saved.' },
  cannotSubmit: { id: 'formEngine.pane.cannotSubmit', defaultMessage: 'Correct the errors before saving, or save a draft.' },
  paneEntry: { id: 'formEngine.pane.entry', defaultMessage: 'entry {number}' },
  mandatoryHint: { id: 'formEngine.field.mandatoryHint', defaultMessage: '(mandatory)' },
  startFix: { id: 'formEngine.fix.start', defaultMessage: 'Start fixing' },
  endFix: { id: 'formEngine.fix.end', defaultMessage: 'Finish fixing' },
  fixing: { id: 'formEngine.fix.fixing', defaultMessage: 'You are fixing this field' },
  lockedByOther: { id: 'formEngine.fix.lockedByOther', defaultMessage: 'Another user is fixing this field' },
  lockedByUser: { id: 'formEngine.fix.lockedByUser', defaultMessage: '{user} is fixing this field' },
  fieldHistory: { id: 'formEngine.field.history', defaultMessage: 'History' },
  fieldHistoryOf: { id: 'formEngine.field.historyOf', defaultMessage: 'History: {field}' },
});
