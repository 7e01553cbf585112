// SQL for MFA recovery keys. Only an HMAC of each key is stored: keys carry 80 random bits, so a
// keyed hash is enough (no slow password hash needed) and a database dump reveals none of them.
import { randomUUID } from 'node:crypto';
import type { Db } from '../users/accounts.repository';

export async function replaceRecoveryKeys(db: Db, userId: string, keyHashes: string[], now: string): Promise<void> {
  await db.deleteFrom('mfa_recovery_keys').where('user_id', '=', userId).execute();
  await db
    .insertInto('mfa_recovery_keys')
    .values(keyHashes.map((keyHash) => ({ id: randomUUID(), user_id: userId, key_hash: keyHash, created_at: now })))
    .execute();
}

export async function deleteRecoveryKeys(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('mfa_recovery_keys').where('user_id', '=', userId).execute();
}

/** Marks an unused key used; false when there is no such unused key (wrong or already used). */
export async function useRecoveryKey(db: Db, userId: string, keyHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mfa_recovery_keys')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
