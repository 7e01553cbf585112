// SQL for sessions: the server-side half of every access token.
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SessionKind, SessionsTable } from '../db/database';
import type { Db } from '../users/accounts.repository';

export type SessionRow = Selectable<SessionsTable>;

export interface NewSession {
  userId: string;
  kind: SessionKind;
  now: string;
  expiresAt: string;
  userAgent: string | null;
  remoteAddress: string | null;
  /** An impersonation session: the real user and their own session, which this one never outlives. */
  impersonation?: { impersonatorUserId: string; parentSessionId: string };
}

export async function insertSession(db: Db, session: NewSession): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: session.userId,
      kind: session.kind,
      created_at: session.now,
      expires_at: session.expiresAt,
      last_seen_at: session.now,
      user_agent: session.userAgent?.slice(0, 500) ?? null,
      remote_address: session.remoteAddress,
      impersonator_user_id: session.impersonation?.impersonatorUserId ?? null,
      parent_session_id: session.impersonation?.parentSessionId ?? null,
    })
    .execute();
  return id;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  return (await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Moves to the next generation only if nobody else did first; false when the race was lost. */
export async function rotateGeneration(db: Db, id: string, from: number, graceUntil: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ token_generation: from + 1, previous_generation_until: graceUntil, last_seen_at: now })
    .where('id', '=', id)
    .where('token_generation', '=', from)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeSession(db: Db, id: string, reason: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except `keepId` (the caller's own) when given. */
export async function revokeUserSessions(db: Db, userId: string, reason: string, now: string, keepId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

/** Counts one more wrong MFA code on the session; answers the new count. */
export async function addMfaFailure(db: Db, id: string): Promise<number> {
  await db
    .updateTable('sessions')
    .set((eb) => ({ mfa_failures: eb('mfa_failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('sessions').select('mfa_failures').where('id', '=', id).executeTakeFirst();
  return Number(row?.mfa_failures ?? 0);
}
