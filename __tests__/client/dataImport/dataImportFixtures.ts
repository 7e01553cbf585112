// Answers of the data import calls for the client tests.
import type { ImportError, ImportJob, ImportResults } from '../../../src/api/dataImport';

export const IMPORTER = { id: 'u-imp', name: 'Tóth Réka', roles: ['data_importer'], institute: null };

export const REGISTRIES = [
  { id: 'r-1', name: 'RA-BIO', nameEn: 'RA-BIO', nameHu: 'RA-BIO', shortName: 'RAB', registryType: 'registry', permissions: ['reg_access', 'frm_read', 'frm_create', 'frm_edit'] },
  { id: 'r-2', name: 'NSCLC-1L', nameEn: 'NSCLC-1L', nameHu: 'NSCLC-1L', shortName: 'NSC', registryType: 'trial', permissions: ['reg_access', 'frm_read'] },
];

const formType = (id: number, name: string, lastVersion: number): Record<string, unknown> => ({
  id,
  registryId: 'r-1',
  displayId: `FT${id}`,
  name,
  nameHu: name,
  nameEn: name,
  shortName: name,
  locales: ['hu', 'en'],
  behaviorType: 'any',
  startDatetimeFieldId: null,
  endDatetimeFieldId: null,
  patientNameFieldId: null,
  lastVersion,
  externalFields: [],
});

export const REGISTRY_R1 = { id: 'r-1', name: 'RA-BIO', nameHu: 'RA-BIO', nameEn: 'RA-BIO', shortName: 'RAB', registryType: 'registry', formTypes: [formType(11, 'Baseline visit', 3), formType(12, 'Follow-up', 1)], periods: [] };

export const REPORT: ImportResults = { rowsTotal: 3, rowsOk: 2, rowsWithErrors: 1, newPatients: 2, newAttendances: 3, formsCreated: 3, formsUpdated: 0 };

export const BAD_ROW: ImportError = {
  row: 2,
  column: 'das28',
  value: '4,x',
  messageId: 'import.value.number',
  message: 'nem szám (tizedesjelnek pontot vagy vesszőt használjon)',
};

export const job = (over: Partial<ImportJob> = {}): ImportJob => ({
  id: 'imp-1',
  name: 'Baseline 2026',
  fileName: 'baseline.csv',
  fileKind: 'csv',
  registry: { id: 'r-1', name: 'RA-BIO' },
  formType: { id: '11', name: 'Baseline visit', version: 3 },
  state: 'queued',
  progress: { done: 0, total: null },
  recalculatedFieldsNumber: 0,
  validationErrorsNumber: 0,
  success: null,
  initiatedByName: 'Tóth Réka',
  createdAt: '2026-11-24T08:00:00.000Z',
  finishedAt: null,
  results: null,
  errorCode: null,
  error: null,
  ...over,
});

export const CLEAN_REPORT: ImportResults = { ...REPORT, rowsOk: 3, rowsWithErrors: 0 };
export const validatedClean = (over: Partial<ImportJob> = {}): ImportJob =>
  job({ state: 'validated', progress: { done: 3, total: 3 }, results: CLEAN_REPORT, recalculatedFieldsNumber: 3, errors: [], ...over });
