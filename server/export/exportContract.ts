// The contract between the export job (queue, parameters, delivery: server/export/job*) and the
// file writers (xlsx, ODM, encryption: server/export/produce*). The job validates and narrows the
// parameters to what the requester may export before it calls the writer, so the writer trusts them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { ExportParameters } from '../../src/domain/export/exportParameters';

export interface ExportRequester {
  userId: string;
  name: string;
  email: string;
}

export interface ProduceExportInput {
  db: Kysely<Database>;
  /** Already validated and narrowed to the registries, institutes and form types allowed. */
  parameters: ExportParameters;
  requester: ExportRequester;
  /** Where the finished (encrypted for xlsx) file is written. */
  targetPath: string;
  /** Called every few hundred rows; `total` is the number of forms the export will hold. */
  onProgress: (done: number, total: number) => Promise<void> | void;
  /** Aborted when the job is cancelled: the writer stops and removes its partial file. */
  signal?: AbortSignal;
}

export interface ProducedExport {
  /** Forms written. */
  forms: number;
  bytes: number;
  /** File name offered for download, with its extension (.xlsx or .xml). */
  downloadName: string;
  contentType: string;
}

export type ProduceExport = (input: ProduceExportInput) => Promise<ProducedExport>;
