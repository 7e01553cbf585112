// Fix locks (docs/form-lifecycle.md "Fixing"): a monitor takes the lock of one field path before
// fixing it, so that two monitors never overwrite each other's fix. The lock lives in the database
// (form_fix_locks) with its holder and expiry: it lapses FIX_LOCK_MINUTES after it was last taken
// or renewed (taking one's own lock again renews it), and a lapsed lock may be taken over.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';
import { ApiError } from '../errors/apiError';

export const FIX_LOCK_MINUTES = 10;

/** A held lock as the form read answers it. */
export interface FixLock {
  path: string;
  userId: string;
  userName: string;
  expiresAt: string;
}

export const fieldLocked = (holder: FixLock): ApiError =>
  new ApiError({ statusCode: 409, code: 'field_locked', messageId: 'server.forms.fieldLocked', values: { user: holder.userName }, details: { path: holder.path, userId: holder.userId, userName: holder.userName, expiresAt: holder.expiresAt } });

export const lockNotHeld = (): ApiError => new ApiError({ statusCode: 409, code: 'fix_lock_not_held', messageId: 'server.forms.fixLockNotHeld' });

const toLock = (row: { path: string; user_id: string; user_name: string; expires_at: string }): FixLock => ({
  path: row.path,
  userId: row.user_id,
  userName: row.user_name,
  expiresAt: row.expires_at,
});

async function lockRow(db: Kysely<Database>, formId: string, path: string): Promise<FixLock | null> {
  const row = await db.selectFrom('form_fix_locks').select(['path', 'user_id', 'user_name', 'expires_at']).where('form_id', '=', formId).where('path', '=', path).executeTakeFirst();
  return row ? toLock(row) : null;
}

const liveLocks = fixedQuery<{ formId: string; now: string }>()((db, value) =>
  db.selectFrom('form_fix_locks').select(['path', 'user_id', 'user_name', 'expires_at']).where('form_id', '=', value('formId')).where('expires_at', '>', value('now')).orderBy('path'),
);

/** The locks of a form that have not lapsed at `now`. */
export async function liveLocksOf(db: Kysely<Database>, formId: string, now: Date = new Date()): Promise<FixLock[]> {
  const rows = await liveLocks.all(db, { formId, now: now.toISOString() });
  return rows.map(toLock);
}

/**
 * Takes (or renews) the lock of one path for a user; a live lock of another user is refused with
 * 409 naming the holder. Call inside the transaction that read the form.
 */
export async function takeFixLock(trx: Kysely<Database>, formId: string, path: string, holder: { userId: string; userName: string }, now: Date = new Date()): Promise<FixLock> {
  const current = await lockRow(trx, formId, path);
  if (current && current.userId !== holder.userId && current.expiresAt > now.toISOString()) throw fieldLocked(current);
  const expiresAt = new Date(now.getTime() + FIX_LOCK_MINUTES * 60_000).toISOString();
  // The holder's own lock, or a lapsed one, goes. Two takers never interleave here: the caller
  // holds the form row (FOR UPDATE on PostgreSQL, SQLite serializes write transactions), and the
  // primary key would refuse a second row anyway.
  await trx.deleteFrom('form_fix_locks').where('form_id', '=', formId).where('path', '=', path).execute();
  await trx.insertInto('form_fix_locks').values({ form_id: formId, path, user_id: holder.userId, user_name: holder.userName, taken_at: now.toISOString(), expires_at: expiresAt }).execute();
  return { path, userId: holder.userId, userName: holder.userName, expiresAt };
}

/** Releases the user's own lock of a path; releasing a lock one does not hold is a no-op (idempotent). */
export async function releaseFixLock(trx: Kysely<Database>, formId: string, path: string, userId: string): Promise<void> {
  await trx.deleteFrom('form_fix_locks').where('form_id', '=', formId).where('path', '=', path).where('user_id', '=', userId).execute();
}

/**
 * A fix needs the lock of its path held by the user: lapsed is enough as long as nobody took it
 * over (the row is still theirs). Another holder: 409 naming them; no lock at all: 409.
 */
export async function assertHoldsFixLock(trx: Kysely<Database>, formId: string, path: string, userId: string): Promise<void> {
  const current = await lockRow(trx, formId, path);
  if (!current) throw lockNotHeld();
  if (current.userId !== userId) throw fieldLocked(current);
}
