// The SQL of import jobs. State changes are conditional updates (from the state the caller saw),
// so a cancel and a finishing step can never both win.
import type { Kysely, Updateable } from 'kysely';
import type { Database, ImportJobsTable, ImportJobState } from '../db/database';
import { nowIso } from '../util/time';

export type ImportJobRow = ImportJobsTable;

export async function insertImportJob(db: Kysely<Database>, row: ImportJobRow): Promise<void> {
  await db.insertInto('import_jobs').values(row).execute();
}

export async function findImportJob(db: Kysely<Database>, id: string): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves the job from one of `from` to `to` with `changes`; false when it was no longer in `from`. */
export async function moveImportJob(db: Kysely<Database>, id: string, from: readonly ImportJobState[], to: ImportJobState, changes: Updateable<ImportJobsTable> = {}): Promise<boolean> {
  const at = nowIso();
  const ended = to === 'succeeded' || to === 'failed' || to === 'cancelled';
  const result = await db
    .updateTable('import_jobs')
    .set({ ...changes, state: to, updated_at: at, ...(ended ? { finished_at: at, secret: null } : {}) })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ImportJobPage {
  rows: ImportJobRow[];
  total: number;
}

/** Newest first; `requesterId` null: every importer's (admins). */
export async function listImportJobs(db: Kysely<Database>, requesterId: string | null, offset: number, limit: number): Promise<ImportJobPage> {
  let base = db.selectFrom('import_jobs');
  if (requesterId !== null) base = base.where('requester_id', '=', requesterId);
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function deleteFailedImportJobs(db: Kysely<Database>, requesterId: string): Promise<number> {
  const result = await db.deleteFrom('import_jobs').where('requester_id', '=', requesterId).where('state', '=', 'failed').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Progress of the step running now, from its `jobs` row. */
export async function stepProgress(db: Kysely<Database>, jobIds: readonly string[]): Promise<Map<string, { done: number; total: number | null }>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db.selectFrom('jobs').select(['id', 'progress_done', 'progress_total']).where('id', 'in', [...jobIds]).execute();
  return new Map(rows.map((r) => [r.id, { done: Number(r.progress_done), total: r.progress_total === null ? null : Number(r.progress_total) }]));
}
