// The data export calls (docs/export.md): what the user may export, starting an export job, the
// user's recent exports and their progress, cancelling, and the file.
import type { ExportFormat, ExportParameters, StoredExportParameters } from '../domain/export/exportParameters';
import type { ApiRequest } from './client';

export interface ExportOptions {
  registries: { id: string; name: string }[];
  institutes: { id: string; name: string; registryIds: string[] }[];
  formTypes: { id: string; registryId: string; name: string; fields: { id: string; label: string }[] }[];
  personalDataAllowed: boolean;
}

export type ExportJobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface ExportJob {
  id: string;
  state: ExportJobState;
  progress: { done: number; total: number | null };
  fileName: string;
  format: ExportFormat;
  parameters?: StoredExportParameters;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  attempts?: number;
  errorCode: string | null;
  error: string | null;
  file: { name: string; bytes: number; forms: number; contentType: string; available: boolean } | null;
}

export const isJobOpen = (job: Pick<ExportJob, 'state'>): boolean => job.state === 'queued' || job.state === 'running';

export const getExportOptions = (): ApiRequest => ({ method: 'GET', path: '/data-export/options' });
export const postDataExport = (parameters: ExportParameters): ApiRequest => ({ method: 'POST', path: '/data-export', json: parameters });
export const getExportJobs = (): ApiRequest => ({ method: 'GET', path: '/data-export/jobs' });
export const getExportJob = (id: string): ApiRequest => ({ method: 'GET', path: `/data-export/jobs/${encodeURIComponent(id)}` });
export const deleteExportJob = (id: string): ApiRequest => ({ method: 'DELETE', path: `/data-export/jobs/${encodeURIComponent(id)}` });
export const getExportFile = (id: string): ApiRequest => ({ method: 'GET', path: `/data-export/jobs/${encodeURIComponent(id)}/file`, responseType: 'blob' });
