// The data import calls (spec business-data §3 Data import job, §7; issue 15). An import is a durable
// job in two steps: the upload is validated row by row into a report (nothing written), then the
// importer commits and every row is applied in one transaction, or none. The file travels first as
// bytes (POST /data-import/files), so the job itself is plain JSON and the xlsx password never
// appears in a URL: it is sealed into the job row like the export's and wiped when the job ends.
import type { ApiRequest } from './client';

export type ImportFileKind = 'csv' | 'xlsx';

/** The answer of POST /data-import/files: the stored upload, kept until a job uses it or a day passes. */
export interface UploadedImportFile {
  fileId: string;
  fileName: string;
  bytes: number;
  kind: ImportFileKind;
}

/** The body of POST /data-import. */
export interface NewImportJob {
  name: string;
  registryId: string;
  formTypeId: string;
  formTypeVersion: number;
  fileId: string;
  /** Required for xlsx (our own encrypted export), refused for csv. */
  password?: string;
}

/**
 * queued -> validating -> validated (report ready, waiting for commit) -> committing -> succeeded;
 * failed from any running step (a file error, or a commit that rolled back); cancelled by the importer
 * before commit. `success` (spec §3) is true only for succeeded, false for failed, null otherwise.
 */
export type ImportJobState = 'queued' | 'validating' | 'validated' | 'committing' | 'succeeded' | 'failed' | 'cancelled';

/** One problem of the report: row 1 is the first data row after the header; column is a field id or key column. */
export interface ImportError {
  row: number | null;
  column: string | null;
  value: string | null;
  /** Translation key (under `import.`), shown translated with `params`. */
  messageId: string;
  params?: Record<string, string | number>;
  /** The message in the request's locale, for callers without the catalogue. */
  message: string;
}

export interface ImportResults {
  rowsTotal: number;
  rowsOk: number;
  rowsWithErrors: number;
  /** What a commit creates or updates (from validation); after commit, what it did. */
  newPatients: number;
  newAttendances: number;
  formsCreated: number;
  formsUpdated: number;
}

export interface ImportJob {
  id: string;
  name: string;
  fileName: string;
  fileKind: ImportFileKind;
  registry: { id: string; name: string };
  formType: { id: string; name: string; version: number };
  state: ImportJobState;
  progress: { done: number; total: number | null };
  recalculatedFieldsNumber: number;
  validationErrorsNumber: number;
  success: boolean | null;
  initiatedByName: string;
  createdAt: string;
  finishedAt: string | null;
  results: ImportResults | null;
  /** Only on GET /data-import/jobs/{id}: the first MAX_REPORTED_ERRORS problems. */
  errors?: ImportError[];
  /** A job-level failure (wrong password, form type mismatch, not a CSV or xlsx file). */
  errorCode: string | null;
  error: string | null;
}

export const isImportJobOpen = (job: Pick<ImportJob, 'state'>): boolean =>
  job.state === 'queued' || job.state === 'validating' || job.state === 'committing';

export const uploadImportFile = (file: Blob, fileName: string): ApiRequest => ({
  method: 'POST',
  path: '/data-import/files',
  binary: file,
  headers: { 'x-file-name': encodeURIComponent(fileName) },
});
export const postDataImport = (job: NewImportJob): ApiRequest => ({ method: 'POST', path: '/data-import', json: job });
/** The caller's jobs (admins: everyone's), newest first; list conventions: offset, limit, statistics. */
export const getImportJobs = (query: { offset?: number; limit?: number } = {}): ApiRequest => ({
  method: 'GET',
  path: '/data-import/jobs',
  query: { ...query, statistics: true },
});
export const getImportJob = (id: string): ApiRequest => ({ method: 'GET', path: `/data-import/jobs/${encodeURIComponent(id)}` });
/** validated -> committing; 409 in any other state. */
export const commitImportJob = (id: string): ApiRequest => ({ method: 'POST', path: `/data-import/jobs/${encodeURIComponent(id)}/commit` });
/** queued, validating or validated -> cancelled; 409 once committing or ended. */
export const cancelImportJob = (id: string): ApiRequest => ({ method: 'POST', path: `/data-import/jobs/${encodeURIComponent(id)}/cancel` });
/** Deletes the caller's failed jobs; answers { deleted }. */
export const deleteFailedImportJobs = (): ApiRequest => ({ method: 'DELETE', path: '/data-import/jobs/failed' });
/** The CSV header of a form type version plus one example row, in the locale's labels for the example. */
export const getImportTemplate = (formTypeId: string, version: number): ApiRequest => ({
  method: 'GET',
  path: `/form-types/${encodeURIComponent(formTypeId)}/import-template`,
  query: { version },
  responseType: 'blob',
});
