// Impersonation (spec §4, issue 12 item 7): a user with the impersonator role acts as another user.
// Starting opens a session of the impersonated user tied to the impersonator's own session (it
// ends when that one ends); every request on it is the impersonated user's for permissions, while
// the form record and the application log name the impersonator as the actor and the impersonated
// user as on-behalf-of. Exiting ends it and hands back a token of the impersonator's own session.
import type { FastifyRequest } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import { tokenExpired } from '../auth/authErrors';
import { findSession } from '../auth/sessions.repository';
import { endSession, requestMeta, resumeSession, startImpersonationSession, type IssuedToken } from '../auth/sessions.service';
import { ApiError } from '../errors/apiError';
import type { ServerServices } from '../services';
import { findAccountById } from '../users/accounts.repository';
import { findAuthUser } from '../users/users.repository';

export interface ImpersonationAnswer extends IssuedToken {
  user: { id: string; name: string };
  impersonator: { id: string; name: string };
}

const startFailed = (statusCode: number, code: string): ApiError => new ApiError({ statusCode, code, messageId: 'server.impersonation.startFailed' });
const exitFailed = (): ApiError => new ApiError({ statusCode: 409, code: 'not_impersonating', messageId: 'server.impersonation.exitFailed' });

export async function startImpersonation(services: ServerServices, request: FastifyRequest, targetId: string): Promise<ImpersonationAnswer> {
  const caller = request.user;
  const callerSession = request.authSession;
  if (!caller || !callerSession) throw tokenExpired();
  // One level only: an impersonated session cannot start another (it would hide the real actor).
  if (callerSession.impersonator) throw startFailed(409, 'already_impersonating');
  if (targetId === caller.id) throw startFailed(409, 'impersonating_self');
  const account = await findAccountById(services.db, targetId);
  const target = account ? await findAuthUser(services.db, account.id) : null;
  if (!account || !target) throw startFailed(404, 'not_found');
  // Never an admin account: acting as the central admin would be a way to every right there is.
  if (target.roles.includes('admin')) throw startFailed(403, 'impersonating_admin');
  if (account.state !== 'active') throw startFailed(409, 'user_not_active');
  const parent = await findSession(services.db, callerSession.id);
  if (!parent) throw tokenExpired();
  const token = await startImpersonationSession(services, services.db, parent, target.id, requestMeta(request));
  await logEvent(services.db, {
    event: 'impersonation.started',
    reqId: request.id,
    userId: caller.id,
    userName: caller.name,
    onBehalfOfId: target.id,
    onBehalfOfName: target.name,
    targetType: 'user',
    targetId: target.id,
    targetName: target.email,
  });
  return { ...token, user: { id: target.id, name: target.name }, impersonator: { id: caller.id, name: caller.name } };
}

export async function exitImpersonation(services: ServerServices, request: FastifyRequest): Promise<IssuedToken> {
  const session = request.authSession;
  if (!session || !request.user) throw tokenExpired();
  const impersonator = session.impersonator;
  if (!impersonator) throw exitFailed();
  await endSession(services, services.db, session.id, 'impersonation_ended');
  await logEvent(services.db, {
    event: 'impersonation.ended',
    reqId: request.id,
    userId: impersonator.id,
    userName: impersonator.name,
    onBehalfOfId: request.user.id,
    onBehalfOfName: request.user.name,
    targetType: 'user',
    targetId: request.user.id,
    targetName: request.user.email,
  });
  const own = await resumeSession(services, impersonator.sessionId);
  if (!own) throw tokenExpired();
  return own;
}
