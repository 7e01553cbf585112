// Answers of the data export calls for the client tests.
import type { ExportJob, ExportOptions } from '../../../src/api/dataExport';

export const EXPORTER = { id: 'u-exp', name: 'Molnár Dániel', roles: ['data_exporter'], institute: null };

export const OPTIONS: ExportOptions = {
  registries: [
    { id: 'r-1', name: 'RA-BIO' },
    { id: 'r-2', name: 'NSCLC-1L' },
  ],
  institutes: [{ id: 'i-1', name: 'Szent Lukács Kórház', registryIds: ['r-1', 'r-2'] }],
  formTypes: [
    { id: '11', registryId: 'r-1', name: 'Baseline visit', fields: [{ id: 'das28', label: 'DAS28' }, { id: 'esr', label: 'ESR' }] },
    { id: '21', registryId: 'r-2', name: 'Staging', fields: [{ id: 'stage', label: 'Stage' }] },
  ],
  personalDataAllowed: false,
};

export const job = (over: Partial<ExportJob> = {}): ExportJob => ({
  id: 'job-1',
  state: 'queued',
  progress: { done: 0, total: null },
  fileName: 'rheuma',
  format: 'xlsx',
  createdAt: '2026-11-24T06:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  errorCode: null,
  error: null,
  file: null,
  ...over,
});

export const READY_FILE = { name: 'rheuma.xlsx', bytes: 4096, forms: 120, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', available: true };
