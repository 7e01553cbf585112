// SQL for single-use e-mailed tokens (password reset, e-mail confirmation). Only an HMAC of the
// token is stored, so a database dump holds no usable link.
import { randomUUID } from 'node:crypto';
import type { OneTimeTokenPurpose } from '../db/database';
import type { Db } from '../users/accounts.repository';

export interface NewOneTimeToken {
  userId: string;
  purpose: OneTimeTokenPurpose;
  tokenHash: string;
  now: string;
  expiresAt: string;
}

export async function insertOneTimeToken(db: Db, token: NewOneTimeToken): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({
      id: randomUUID(),
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      created_at: token.now,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** The user id of an unused, unexpired token, or null. */
export async function findLiveToken(db: Db, purpose: OneTimeTokenPurpose, tokenHash: string, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select('user_id')
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Spends a token; false when another request spent it first. */
export async function spendToken(db: Db, purpose: OneTimeTokenPurpose, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Spends every remaining token of a purpose for a user (e.g. older reset links after a reset). */
export async function spendAllTokens(db: Db, userId: string, purpose: OneTimeTokenPurpose, now: string): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
