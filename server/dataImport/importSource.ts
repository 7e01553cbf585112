// The text of an import file as chunks: a CSV is streamed from the file store; the encrypted
// .xlsx of our export is decrypted with the job's password (a wrong one fails the job by name).
import { createReadStream } from 'node:fs';
import { blobPath } from '../files/fileStore';
import { decryptAgile, WrongPasswordError } from '../export/crypto/agileDecrypt';
import { JobFailure } from '../jobs/jobQueue';
import type { ImportJobRow } from './importJobs.repository';
import { xlsxAsCsvChunks, type WorkbookSelection } from './xlsxRows';

/** `selection`: which sheet and columns of a workbook are the chosen form type's. */
export async function* importChunks(storeDir: string, job: ImportJobRow, password: string | null, selection: WorkbookSelection): AsyncGenerator<string> {
  const path = blobPath(storeDir, job.sha256);
  if (job.file_kind === 'csv') {
    // The stream's decoder keeps a character cut between two chunks whole.
    yield* createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 }) as AsyncIterable<string>;
    return;
  }
  if (password === null) throw new JobFailure('password_required', 'The password of the xlsx file is missing');
  let workbook: Buffer;
  try {
    workbook = await decryptAgile(path, password);
  } catch (error) {
    if (error instanceof WrongPasswordError) throw new JobFailure('wrong_password', `${job.file_name}: wrong password`);
    throw new JobFailure('not_our_xlsx', `${job.file_name}: not an encrypted workbook of our export`);
  }
  yield* xlsxAsCsvChunks(workbook, job.file_name, selection);
}
