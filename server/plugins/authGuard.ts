// Decorates every request with who is calling, before any route runs:
// - `request.authSession`: the live session behind the Bearer token (full or MFA-step), or null;
// - `request.user`: the signed-in user, set only for a full session of an active user.
// A missing or invalid token makes the caller anonymous; the route guards below turn that into a
// 401 `token_expired` on routes that need a caller, so public routes ignore stale tokens.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, tokenExpired } from '../auth/authErrors';
import { bearerToken } from '../auth/accessToken';
import type { AuthUser } from '../auth/authUser';
import type { Role } from '../auth/roles';
import { authenticateCaller } from '../auth/sessions.service';
import type { SessionRow } from '../auth/sessions.repository';
import type { SessionKind } from '../db/database';
import type { ServerServices } from '../services';
import { findCaller } from '../users/users.repository';
import { rememberSubject, type CallerAccess } from '../permissions/subject';
import { globalPlugin } from './global';

export interface CallerSession {
  id: string;
  kind: SessionKind;
  userId: string;
  /** While impersonating: the real user (the actor of every write) and their own session. */
  impersonator?: { id: string; name: string; sessionId: string } | null;
}

export interface ResolvedCaller {
  session: CallerSession | null;
  user: AuthUser | null;
  /** The user's access entries when the resolver read them with the session (spares subjectOf a statement). */
  access?: CallerAccess;
}

export type CallerResolver = (request: FastifyRequest) => Promise<ResolvedCaller>;
/** The simpler seam tests may pass: a user without a session. */
export type UserResolver = (request: FastifyRequest) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authSession: CallerSession | null;
  }
  interface FastifyInstance {
    requireUser: typeof requireUser;
  }
}

/**
 * The real user behind an impersonation session, null for an ordinary session, false when the
 * impersonator may no longer act (inactive, or the impersonator role withdrawn): the token is dead.
 */
async function impersonatorOf(services: ServerServices, session: SessionRow): Promise<CallerSession['impersonator'] | false> {
  if (session.impersonator_user_id === null || session.parent_session_id === null) return null;
  const real = await findCaller(services.db, session.impersonator_user_id);
  if (!real || real.state !== 'active' || !real.user.roles.includes('impersonator')) return false;
  return { id: real.user.id, name: real.user.name, sessionId: session.parent_session_id };
}

export function createSessionResolver(services: ServerServices): CallerResolver {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return { session: null, user: null };
    const found = await authenticateCaller(services, token);
    if (!found) return { session: null, user: null };
    const { authenticated, caller } = found;
    if (!caller || caller.state !== 'active') return { session: null, user: null };
    const impersonator = await impersonatorOf(services, authenticated.session);
    if (impersonator === false) return { session: null, user: null };
    const session: CallerSession = { id: authenticated.session.id, kind: authenticated.kind, userId: caller.user.id, impersonator };
    return authenticated.kind === 'full' ? { session, user: caller.user, access: caller.access } : { session, user: null };
  };
}

/** Route onRequest hook: a full session is required (checked before the body is even read). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw tokenExpired();
}

/** Route onRequest hook: a full session of a user holding at least one of the roles. */
export function requireRoles(...roles: Role[]): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!request.user) throw tokenExpired();
    if (!roles.some((role) => request.user?.roles.includes(role))) throw forbidden();
  };
}

/** Route onRequest hook for the MFA steps: a live session of one of the kinds (an MFA token, or also a full one). */
export function requireSessionKind(...kinds: SessionKind[]): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!request.authSession || !kinds.includes(request.authSession.kind)) throw tokenExpired();
  };
}

/** Route onRequest hook for an account's own credentials (password, MFA): never while impersonating. */
export async function refuseWhileImpersonating(request: FastifyRequest): Promise<void> {
  if (request.authSession?.impersonator) throw forbidden();
}

export interface AuthGuardOptions {
  resolveCaller?: CallerResolver;
  resolveUser?: UserResolver;
}

export const authGuardPlugin = globalPlugin(async (app: FastifyInstance, options: AuthGuardOptions) => {
  const { resolveUser } = options;
  const resolveCaller: CallerResolver =
    options.resolveCaller ??
    (resolveUser ? async (request) => ({ session: null, user: await resolveUser(request) }) : async () => ({ session: null, user: null }));
  app.decorateRequest('user', null);
  app.decorateRequest('authSession', null);
  app.decorate('requireUser', requireUser);
  app.addHook('onRequest', async (request) => {
    const caller = await resolveCaller(request);
    request.user = caller.user;
    request.authSession = caller.session;
    if (caller.user && caller.access) rememberSubject(request, caller.user, caller.access);
  });
});
