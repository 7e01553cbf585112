// What every renderer of one export shares: the parameters, the catalog, progress and cancel.
import type { Kysely } from 'kysely';
import type { ExportParameters } from '../../src/domain/export/exportParameters';
import type { Database } from '../db/database';
import { translate } from '../i18n/catalogue';
import type { ExportCatalog } from './exportCatalog';
import type { ExportRequester } from './exportContract';
import type { ExportFormRow } from './exportRows';

export interface ExportContext {
  db: Kysely<Database>;
  parameters: ExportParameters;
  requester: ExportRequester;
  catalog: ExportCatalog;
  /** When the export started; also the reference for the days limit. */
  now: Date;
  total: number;
  /** Counts written forms, reports progress every few hundred and stops a cancelled export. */
  advance(forms: number): Promise<void>;
}

export class ExportCancelledError extends Error {
  constructor() {
    super('The export was cancelled');
    this.name = 'ExportCancelledError';
  }
}

const PROGRESS_EVERY = 500;

export function progressTracker(
  total: number,
  onProgress: (done: number, total: number) => Promise<void> | void,
  signal?: AbortSignal,
): { advance(forms: number): Promise<void>; done(): number } {
  let done = 0;
  let reported = 0;
  return {
    async advance(forms) {
      if (signal?.aborted) throw new ExportCancelledError();
      done += forms;
      if (done - reported >= PROGRESS_EVERY || done === total) {
        reported = done;
        await onProgress(done, total);
      }
    },
    done: () => done,
  };
}

/** A label of the file (column names, sheet names, parameter names) in the export's locale. */
export function fileText(context: Pick<ExportContext, 'parameters'>, key: string, values: Record<string, unknown> = {}): string {
  return translate(context.parameters.locale, `server.export.file.${key}`, values);
}

export function timeZoneOf(context: ExportContext, row: ExportFormRow): string {
  return context.catalog.institutes.get(row.instituteId)?.timeZone ?? 'UTC';
}

/** The value sheets are split by (besides the form type): registry or institute short name. */
export function groupKeyOf(context: ExportContext, row: Pick<ExportFormRow, 'registryId' | 'instituteId'>): string {
  switch (context.parameters.groupBy) {
    case 'registry':
      return context.catalog.registries.get(row.registryId)?.shortName ?? row.registryId;
    case 'institute':
      return context.catalog.institutes.get(row.instituteId)?.shortName ?? row.instituteId;
    default:
      return '';
  }
}
