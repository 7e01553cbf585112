// Brute-force limits on password sign-in, shared by every instance through the database: each
// failure is a row; an account with 5 failures within 15 minutes, or a client address with 30,
// is refused until the oldest of those failures leaves the window (15 minutes after a burst).
// A successful sign-in clears the account's failures, not the address's.
import { randomUUID } from 'node:crypto';
import type { AuthFailureScope } from '../db/database';
import type { Db } from '../users/accounts.repository';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 30;
/** Wrong MFA codes per MFA session before that session is revoked. */
export const MFA_FAILURE_LIMIT = 5;

const LIMITS: Record<AuthFailureScope, number> = { account: ACCOUNT_FAILURE_LIMIT, ip: IP_FAILURE_LIMIT };

export interface Subject {
  scope: AuthFailureScope;
  subject: string;
}

function windowStart(now: Date): string {
  return new Date(now.getTime() - THROTTLE_WINDOW_SECONDS * 1000).toISOString();
}

/** Seconds until the subject may try again, or 0 when it is not locked. */
export async function lockedForSeconds(db: Db, { scope, subject }: Subject, now: Date): Promise<number> {
  const limit = LIMITS[scope];
  // The limit-th most recent failure in the window: once it leaves the window, fewer than
  // `limit` remain and the lock is over.
  const row = await db
    .selectFrom('auth_failures')
    .select('created_at')
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('created_at', '>', windowStart(now))
    .orderBy('created_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0;
  const unlockAt = new Date(row.created_at).getTime() + THROTTLE_WINDOW_SECONDS * 1000;
  return Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
}

/** Records a failure; answers true when this failure locked the subject (for the lockout log). */
export async function recordFailure(db: Db, { scope, subject }: Subject, now: Date): Promise<boolean> {
  await db
    .insertInto('auth_failures')
    .values({ id: randomUUID(), scope, subject, created_at: now.toISOString() })
    .execute();
  const row = await db
    .selectFrom('auth_failures')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('created_at', '>', windowStart(now))
    .executeTakeFirstOrThrow();
  return Number(row.failures) === LIMITS[scope];
}

export async function clearFailures(db: Db, { scope, subject }: Subject): Promise<void> {
  await db.deleteFrom('auth_failures').where('scope', '=', scope).where('subject', '=', subject).execute();
}

/** Old rows tell nothing; dropping them now and then keeps the table small. */
export async function purgeOldFailures(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('auth_failures').where('created_at', '<=', windowStart(now)).execute();
}
