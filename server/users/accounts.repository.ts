// SQL for the sign-in side of a user: password hash, state and MFA columns. Kept apart from
// users.repository (identity and roles) so the admin screens' queries stay readable.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MfaPolicy, UserRow, UserState } from '../db/database';

export type Db = Kysely<Database> | Transaction<Database>;

export interface Account {
  id: string;
  name: string;
  email: string;
  state: UserState;
  passwordHash: string | null;
  instituteId: string | null;
  mfaPolicy: MfaPolicy;
  mfaEnabled: boolean;
  mfaEnforcedAt: string | null;
  mfaSecretEncrypted: string | null;
  mfaPendingSecretEncrypted: string | null;
  mfaLastTimeStep: number | null;
}

function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    state: row.state,
    passwordHash: row.password_hash,
    instituteId: row.institute_id,
    mfaPolicy: row.mfa_policy,
    // A secret only counts once verified (mfa_confirmed); both flags move together.
    mfaEnabled: Boolean(row.mfa_enabled) && Boolean(row.mfa_confirmed) && row.mfa_secret_encrypted !== null,
    mfaEnforcedAt: row.mfa_enforced_at,
    mfaSecretEncrypted: row.mfa_secret_encrypted,
    mfaPendingSecretEncrypted: row.mfa_pending_secret_encrypted,
    mfaLastTimeStep: row.mfa_last_time_step === null ? null : Number(row.mfa_last_time_step),
  };
}

export async function findAccountById(db: Db, id: string): Promise<Account | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : null;
}

/**
 * An account's e-mail as `users_email_lower_unique` holds it: compared with a normalized address,
 * a lookup seeks that index (`email = ?` reads every account).
 */
export const emailKey = sql<string>`lower(email)`;

/** E-mails are stored lower-cased; the caller passes a normalized address. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | null> {
  const row = await db.selectFrom('users').selectAll().where(emailKey, '=', email).executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
}

export async function recordLogin(db: Db, userId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
}

export async function setUserState(db: Db, userId: string, state: UserState, now: string): Promise<void> {
  await db.updateTable('users').set({ state, updated_at: now }).where('id', '=', userId).execute();
}

export async function setPendingMfaSecret(db: Db, userId: string, encrypted: string, now: string): Promise<void> {
  await db.updateTable('users').set({ mfa_pending_secret_encrypted: encrypted, updated_at: now }).where('id', '=', userId).execute();
}

/** The verified pending secret becomes the active one. */
export async function enableMfa(db: Db, userId: string, encrypted: string, timeStep: number, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      mfa_secret_encrypted: encrypted,
      mfa_pending_secret_encrypted: null,
      mfa_enabled: true,
      mfa_confirmed: true,
      mfa_last_time_step: timeStep,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export async function disableMfa(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      mfa_secret_encrypted: null,
      mfa_pending_secret_encrypted: null,
      mfa_enabled: false,
      mfa_confirmed: false,
      mfa_last_time_step: null,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records the accepted TOTP step only if it is later than the stored one; false means another
 * request used this (or a later) code first, so the code counts as replayed.
 */
export async function advanceTimeStep(db: Db, userId: string, timeStep: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ mfa_last_time_step: timeStep })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('mfa_last_time_step', 'is', null), eb('mfa_last_time_step', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
