// The daily deletion of import files (issue 15). An import file holds patient data, so it is kept
// only while it can still be of use: an upload no job took is deleted a day after it came, and the
// file of an ended import (succeeded, failed, cancelled) a day after it ended; the job row and its
// report stay. The store keeps blobs by content, so a blob goes only when nothing else names it
// (another upload, a running import, or a file-upload field of a form with the same bytes).
import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database, ImportJobState } from '../db/database';
import { blobPath } from '../files/fileStore';
import type { DailyTask } from '../jobs/dailySchedule';

export const IMPORT_FILE_RETENTION_TASK = 'import_file_retention';
export const IMPORT_FILE_KEEP_MS = 24 * 3600 * 1000;
const ENDED: ImportJobState[] = ['succeeded', 'failed', 'cancelled'];

async function blobStillNamed(db: Kysely<Database>, sha256: string): Promise<boolean> {
  const [upload, openImport, formFile] = await Promise.all([
    db.selectFrom('import_files').select('id').where('sha256', '=', sha256).executeTakeFirst(),
    db.selectFrom('import_jobs').select('id').where('sha256', '=', sha256).where('state', 'not in', ENDED).executeTakeFirst(),
    db.selectFrom('form_files').select('id').where('sha256', '=', sha256).executeTakeFirst(),
  ]);
  return Boolean(upload ?? openImport ?? formFile);
}

export async function deleteStaleImportFiles(db: Kysely<Database>, storeDir: string, now: Date): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - IMPORT_FILE_KEEP_MS).toISOString();
  const unused = await db
    .selectFrom('import_files')
    .select(['id', 'sha256'])
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('import_jobs').select('import_jobs.id').whereRef('import_jobs.file_id', '=', 'import_files.id'))))
    .execute();
  const ofEndedImports = await db
    .selectFrom('import_files')
    .innerJoin('import_jobs', 'import_jobs.file_id', 'import_files.id')
    .select(['import_files.id', 'import_files.sha256'])
    .where('import_jobs.state', 'in', ENDED)
    .where('import_jobs.finished_at', '<', before)
    .execute();
  const stale = [...unused, ...ofEndedImports];
  for (const file of stale) await db.deleteFrom('import_files').where('id', '=', file.id).execute();
  for (const sha256 of new Set(stale.map((file) => file.sha256))) {
    if (!(await blobStillNamed(db, sha256))) await rm(blobPath(storeDir, sha256), { force: true });
  }
  return { deleted: stale.length };
}

export function importFileRetentionTask(deps: { db: Kysely<Database>; fileStoreDir: string }): DailyTask {
  return { name: IMPORT_FILE_RETENTION_TASK, run: ({ now }) => deleteStaleImportFiles(deps.db, deps.fileStoreDir, now) };
}
