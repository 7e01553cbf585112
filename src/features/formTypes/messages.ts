// Texts of the registries and form-types administration.
import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  title: NoMessageValues;
  loadFailed: NoMessageValues;
  colName: NoMessageValues;
  colShortName: NoMessageValues;
  colType: NoMessageValues;
  colFormTypes: NoMessageValues;
  typeRegistry: NoMessageValues;
  typeTrial: NoMessageValues;
  nameHu: NoMessageValues;
  nameEn: NoMessageValues;
  group: NoMessageValues;
  registryManager: NoMessageValues;
  trialManager: NoMessageValues;
  targetPatientCount: NoMessageValues;
  dataCollectionPeriod: NoMessageValues;
  randomization: NoMessageValues;
  randomizationNone: NoMessageValues;
  randomizationValue: { groups: string | number; multiplier: string | number; strategy: string | number; visibility: string | number };
  periods: NoMessageValues;
  periodFormTypes: NoMessageValues;
  unlimited: NoMessageValues;
  none: NoMessageValues;
  backToRegistries: NoMessageValues;
  formType: { name: string | number };
  displayId: NoMessageValues;
  behaviorType: NoMessageValues;
  behaviorStart: NoMessageValues;
  behaviorAny: NoMessageValues;
  locales: NoMessageValues;
  lastVersion: NoMessageValues;
  externalFields: NoMessageValues;
  externalField: { field: string | number; source: string | number; target: string | number };
  versions: NoMessageValues;
  versionLabel: { createdAt: string | number; locales: string | number; version: string | number };
  shownVersion: NoMessageValues;
  language: NoMessageValues;
  sectionList: NoMessageValues;
  preview: NoMessageValues;
  viewType: NoMessageValues;
  viewRead: NoMessageValues;
  viewNew: NoMessageValues;
  viewEdit: NoMessageValues;
  viewInspect: NoMessageValues;
  viewCorrect: NoMessageValues;
  previewFailed: { details: string | number };
  uploadTitle: NoMessageValues;
  uploadFile: NoMessageValues;
  uploadButton: { version: string | number };
  uploadNotJson: { details: string | number };
  uploadDone: { version: string | number };
  redcapTitle: NoMessageValues;
  redcapFile: NoMessageValues;
  redcapPreview: NoMessageValues;
  redcapConfirm: { version: string | number };
  redcapCancel: NoMessageValues;
  redcapReport: { count: string | number };
  redcapReportEmpty: NoMessageValues;
  redcapReportRow: { message: string | number; row: string | number; variable: string | number };
  redcapSaved: { version: string | number };
  redcapPreviewTitle: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'formTypes.registries.title', defaultMessage: 'Registries and form types' },
  loadFailed: { id: 'formTypes.loadFailed', defaultMessage: 'Error loading data' },
  colName: { id: 'formTypes.col.name', defaultMessage: 'Name' },
  colShortName: { id: 'formTypes.col.shortName', defaultMessage: 'Short name' },
  colType: { id: 'formTypes.col.type', defaultMessage: 'Type' },
  colFormTypes: { id: 'formTypes.col.formTypes', defaultMessage: 'Form types' },
  typeRegistry: { id: 'formTypes.registryType.registry', defaultMessage: 'Registry' },
  typeTrial: { id: 'formTypes.registryType.trial', defaultMessage: 'Clinical trial' },
  nameHu: { id: 'formTypes.registry.nameHu', defaultMessage: 'Name (Hungarian)' },
  nameEn: { id: 'formTypes.registry.nameEn', defaultMessage: 'Name (English)' },
  group: { id: 'formTypes.registry.group', defaultMessage: 'Group' },
  registryManager: { id: 'formTypes.registry.registryManager', defaultMessage: 'Registry manager' },
  trialManager: { id: 'formTypes.registry.trialManager', defaultMessage: 'Trial manager' },
  targetPatientCount: { id: 'formTypes.registry.targetPatientCount', defaultMessage: 'Target patient count' },
  dataCollectionPeriod: { id: 'formTypes.registry.dataCollectionPeriod', defaultMessage: 'Data collection period' },
  randomization: { id: 'formTypes.registry.randomization', defaultMessage: 'Randomization' },
  randomizationNone: { id: 'formTypes.registry.randomizationNone', defaultMessage: 'No randomization' },
  randomizationValue: { id: 'formTypes.registry.randomizationValue', defaultMessage: '{strategy}, groups: {groups}, block multiplier: {multiplier}, visibility: {visibility}' },
  periods: { id: 'formTypes.registry.periods', defaultMessage: 'Attendance periods' },
  periodFormTypes: { id: 'formTypes.registry.periodFormTypes', defaultMessage: 'Allowed form types' },
  unlimited: { id: 'formTypes.registry.unlimited', defaultMessage: 'any number' },
  none: { id: 'formTypes.none', defaultMessage: '—' },
  backToRegistries: { id: 'formTypes.backToRegistries', defaultMessage: 'All registries' },
  formType: { id: 'formTypes.formType.title', defaultMessage: 'Form type {name}' },
  displayId: { id: 'formTypes.formType.displayId', defaultMessage: 'Code' },
  behaviorType: { id: 'formTypes.formType.behaviorType', defaultMessage: 'Behaviour' },
  behaviorStart: { id: 'formTypes.formType.behaviorStart', defaultMessage: 'Opens an attendance' },
  behaviorAny: { id: 'formTypes.formType.behaviorAny', defaultMessage: 'Any form' },
  locales: { id: 'formTypes.formType.locales', defaultMessage: 'Languages' },
  lastVersion: { id: 'formTypes.formType.lastVersion', defaultMessage: 'Version used by new forms' },
  externalFields: { id: 'formTypes.formType.externalFields', defaultMessage: 'External fields' },
  externalField: { id: 'formTypes.formType.externalField', defaultMessage: '{target} ← {source}.{field}' },
  versions: { id: 'formTypes.formType.versions', defaultMessage: 'Versions' },
  versionLabel: { id: 'formTypes.formType.versionLabel', defaultMessage: 'Version {version} ({locales}), {createdAt}' },
  shownVersion: { id: 'formTypes.formType.shownVersion', defaultMessage: 'Version shown' },
  language: { id: 'formTypes.formType.language', defaultMessage: 'Language' },
  sectionList: { id: 'formTypes.formType.sectionList', defaultMessage: 'Sections and fields' },
  preview: { id: 'formTypes.formType.preview', defaultMessage: 'Preview' },
  viewType: { id: 'formTypes.formType.viewType', defaultMessage: 'View type' },
  viewRead: { id: 'formTypes.view.read', defaultMessage: 'Read' },
  viewNew: { id: 'formTypes.view.new', defaultMessage: 'New' },
  viewEdit: { id: 'formTypes.view.edit', defaultMessage: 'Edit' },
  viewInspect: { id: 'formTypes.view.inspect', defaultMessage: 'Inspect' },
  viewCorrect: { id: 'formTypes.view.correct', defaultMessage: 'Correct' },
  previewFailed: { id: 'formTypes.formType.previewFailed', defaultMessage: 'This version does not load: {details}' },
  uploadTitle: { id: 'formTypes.upload.title', defaultMessage: 'New version from a descriptor (JSON)' },
  uploadFile: { id: 'formTypes.upload.file', defaultMessage: 'Descriptor file (one descriptor or a list, one per language)' },
  uploadButton: { id: 'formTypes.upload.button', defaultMessage: 'Upload as version {version}' },
  uploadNotJson: { id: 'formTypes.upload.notJson', defaultMessage: 'The file is not JSON: {details}' },
  uploadDone: { id: 'formTypes.upload.done', defaultMessage: 'Version {version} saved. New forms use it; existing forms keep their version.' },
  redcapTitle: { id: 'formTypes.redcap.title', defaultMessage: 'Import from REDCap' },
  redcapFile: { id: 'formTypes.redcap.file', defaultMessage: 'REDCap data dictionary (CSV)' },
  redcapPreview: { id: 'formTypes.redcap.preview', defaultMessage: 'Translate and preview' },
  redcapConfirm: { id: 'formTypes.redcap.confirm', defaultMessage: 'Save as version {version}' },
  redcapCancel: { id: 'formTypes.redcap.cancel', defaultMessage: 'Discard' },
  redcapReport: { id: 'formTypes.redcap.report', defaultMessage: 'Not translated or changed ({count})' },
  redcapReportEmpty: { id: 'formTypes.redcap.reportEmpty', defaultMessage: 'Every row was translated.' },
  redcapReportRow: { id: 'formTypes.redcap.reportRow', defaultMessage: 'Row {row} ({variable}): {message}' },
  redcapSaved: { id: 'formTypes.redcap.saved', defaultMessage: 'The imported dictionary was saved as version {version}.' },
  redcapPreviewTitle: { id: 'formTypes.redcap.previewTitle', defaultMessage: 'Preview of the imported version' },
});
