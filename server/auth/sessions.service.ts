// Sessions and their access tokens: creation, authentication of a token, rotation on refresh,
// revocation. Lifetimes: an MFA-step session lives 5 minutes; a full session lives SESSION_TTL
// and its tokens ACCESS_TOKEN_TTL each (never beyond the session).
import type { FastifyRequest } from 'fastify';
import type { SessionKind } from '../db/database';
import type { ServerServices } from '../services';
import type { Db } from '../users/accounts.repository';
import { findSessionWithCaller, type Caller } from '../users/users.repository';
import { signAccessToken, verifyAccessToken, type AccessTokenClaims } from './accessToken';
import {
  findSession,
  insertSession,
  revokeSession,
  rotateGeneration,
  type SessionRow,
} from './sessions.repository';

export const MFA_SESSION_TTL_SECONDS = 300;
/** After a refresh the previous token keeps working this long, so requests in flight succeed. */
export const REFRESH_GRACE_SECONDS = 60;

export interface IssuedToken {
  access_token: string;
  expires_in: number;
}

export interface AuthenticatedSession {
  session: SessionRow;
  kind: SessionKind;
  generation: number;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

function tokenFor(services: ServerServices, session: SessionRow, generation: number, now: Date): IssuedToken {
  const nowSeconds = seconds(now);
  const sessionEnd = seconds(new Date(session.expires_at));
  const ttl = session.kind === 'mfa' ? MFA_SESSION_TTL_SECONDS : services.config.accessTokenTtl;
  const expiresAt = Math.min(nowSeconds + ttl, sessionEnd);
  const token = signAccessToken(services.keys.tokenSigning, {
    kind: session.kind,
    sessionId: session.id,
    generation,
    expiresAt,
  });
  return { access_token: token, expires_in: expiresAt - nowSeconds };
}

export function requestMeta(request: FastifyRequest): { userAgent: string | null; remoteAddress: string | null } {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, remoteAddress: request.ip ?? null };
}

export async function startSession(
  services: ServerServices,
  db: Db,
  userId: string,
  kind: SessionKind,
  meta: { userAgent: string | null; remoteAddress: string | null },
): Promise<{ sessionId: string; token: IssuedToken }> {
  const now = services.clock();
  const lifetime = kind === 'mfa' ? MFA_SESSION_TTL_SECONDS : services.config.sessionTtl;
  const expiresAt = new Date(now.getTime() + lifetime * 1000).toISOString();
  const sessionId = await insertSession(db, { userId, kind, now: now.toISOString(), expiresAt, ...meta });
  const session = await findSession(db, sessionId);
  if (!session) throw new Error('session vanished after insert');
  return { sessionId, token: tokenFor(services, session, 0, now) };
}

/** Whether the token's generation is the current one, or the previous one within its grace. */
function generationAccepted(session: SessionRow, generation: number, now: Date): boolean {
  if (generation === session.token_generation) return true;
  return (
    generation === session.token_generation - 1 &&
    session.previous_generation_until !== null &&
    new Date(session.previous_generation_until).getTime() > now.getTime()
  );
}

/** Whether a session still accepts a token with these claims (kind, revocation, end, generation, parent). */
async function sessionAccepts(db: Db, session: SessionRow, claims: AccessTokenClaims, now: Date): Promise<boolean> {
  if (session.kind !== claims.kind || session.revoked_at !== null) return false;
  if (new Date(session.expires_at).getTime() <= now.getTime()) return false;
  if (!generationAccepted(session, claims.generation, now)) return false;
  return session.parent_session_id === null || (await parentAlive(db, session.parent_session_id, now));
}

/** The live session behind a token, or null (bad signature, expired, revoked, superseded, past its end). */
export async function authenticateToken(services: ServerServices, token: string): Promise<AuthenticatedSession | null> {
  const now = services.clock();
  const claims = verifyAccessToken(services.keys.tokenSigning, token, seconds(now));
  if (!claims) return null;
  const session = await findSession(services.db, claims.sessionId);
  if (!session || !(await sessionAccepts(services.db, session, claims, now))) return null;
  return { session, kind: session.kind, generation: claims.generation };
}

/**
 * authenticateToken for the request guard: the session and its user in one statement, since
 * every request with a token needs both. The caller is null when the user is gone.
 */
export async function authenticateCaller(services: ServerServices, token: string): Promise<{ authenticated: AuthenticatedSession; caller: Caller | null } | null> {
  const now = services.clock();
  const claims = verifyAccessToken(services.keys.tokenSigning, token, seconds(now));
  if (!claims) return null;
  const found = await findSessionWithCaller(services.db, claims.sessionId);
  if (!found || !(await sessionAccepts(services.db, found.session, claims, now))) return null;
  return { authenticated: { session: found.session, kind: found.session.kind, generation: claims.generation }, caller: found.caller };
}

/** An impersonation session lives only while the impersonator's own session does (revocation, expiry). */
async function parentAlive(db: Db, parentId: string, now: Date): Promise<boolean> {
  const parent = await findSession(db, parentId);
  return parent !== null && parent.revoked_at === null && new Date(parent.expires_at).getTime() > now.getTime();
}

/**
 * A full session for `userId` on behalf of the impersonator's own session `parent`: it ends no
 * later than the parent, and its tokens carry no more than any other full session's.
 */
export async function startImpersonationSession(
  services: ServerServices,
  db: Db,
  parent: SessionRow,
  userId: string,
  meta: { userAgent: string | null; remoteAddress: string | null },
): Promise<IssuedToken> {
  const now = services.clock();
  const ownEnd = now.getTime() + services.config.sessionTtl * 1000;
  const expiresAt = new Date(Math.min(ownEnd, new Date(parent.expires_at).getTime())).toISOString();
  const sessionId = await insertSession(db, {
    userId,
    kind: 'full',
    now: now.toISOString(),
    expiresAt,
    ...meta,
    impersonation: { impersonatorUserId: parent.user_id, parentSessionId: parent.id },
  });
  const session = await findSession(db, sessionId);
  if (!session) throw new Error('session vanished after insert');
  return tokenFor(services, session, 0, now);
}

/** A fresh token of a live session (the impersonator's own, on exit), moving it one generation on; null when it has ended. */
export async function resumeSession(services: ServerServices, sessionId: string): Promise<IssuedToken | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const session = await findSession(services.db, sessionId);
    const now = services.clock();
    if (!session || session.revoked_at !== null || new Date(session.expires_at).getTime() <= now.getTime()) return null;
    const graceUntil = new Date(now.getTime() + REFRESH_GRACE_SECONDS * 1000).toISOString();
    if (await rotateGeneration(services.db, session.id, session.token_generation, graceUntil, now.toISOString())) {
      return tokenFor(services, session, session.token_generation + 1, now);
    }
  }
  return null;
}

/**
 * Issues the next token of a full session. The token being refreshed may be the current one or the
 * previous one within its grace (a retried refresh whose answer was lost); either way the session
 * moves one generation on and the token it replaces keeps its grace.
 */
export async function refreshSession(services: ServerServices, token: string): Promise<IssuedToken | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const authenticated = await authenticateToken(services, token);
    if (!authenticated || authenticated.kind !== 'full') return null;
    const now = services.clock();
    const { session } = authenticated;
    const graceUntil = new Date(now.getTime() + REFRESH_GRACE_SECONDS * 1000).toISOString();
    if (await rotateGeneration(services.db, session.id, session.token_generation, graceUntil, now.toISOString())) {
      return tokenFor(services, session, session.token_generation + 1, now);
    }
    // Another refresh of this session won the race: look again with the new generation.
  }
  return null;
}

export async function endSession(services: ServerServices, db: Db, sessionId: string, reason: string): Promise<void> {
  await revokeSession(db, sessionId, reason, services.clock().toISOString());
}
