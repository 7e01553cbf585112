// Activation and deactivation of accounts by administrators: central admins for anyone, local
// administrators for the users of their own institute.
import type { FastifyRequest } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import { forbidden } from '../auth/authErrors';
import type { AuthUser } from '../auth/authUser';
import { revokeUserSessions } from '../auth/sessions.repository';
import type { UserState } from '../db/database';
import { ApiError, notFoundError } from '../errors/apiError';
import { accountActivatedMail } from '../mail/templates/authMails';
import { renderMail } from '../mail/templates/layout';
import { mailLocaleOf } from '../profile/profileSettings.repository';
import type { ServerServices } from '../services';
import { mayAdministerUser } from '../../src/domain/permissions/administration';
import { findAccountById, setUserState, type Account } from './accounts.repository';
import { findRoles } from './users.repository';

const ACTIVATABLE: readonly UserState[] = ['confirmed', 'inactive'];
const DEACTIVATABLE: readonly UserState[] = ['active', 'confirmed'];

function stateConflict(state: UserState, messageId: string): ApiError {
  return new ApiError({ statusCode: 409, code: 'invalid_user_state', messageId, values: { state } });
}

async function manageableAccount(services: ServerServices, caller: AuthUser, userId: string): Promise<Account> {
  const account = await findAccountById(services.db, userId);
  if (!account) throw notFoundError();
  // The rules of docs/permissions.md "Administration": a local administrator never touches an admin.
  const target = { id: account.id, roles: await findRoles(services.db, account.id), instituteId: account.instituteId };
  if (!mayAdministerUser({ id: caller.id, roles: caller.roles, instituteId: caller.institute?.id ?? null }, target)) throw forbidden();
  return account;
}

function event(request: FastifyRequest, caller: AuthUser, account: Account, name: string): Parameters<typeof logEvent>[1] {
  return { event: name, reqId: request.id, userId: caller.id, userName: caller.name, targetType: 'user', targetId: account.id, targetName: account.email };
}

export async function activateUser(services: ServerServices, request: FastifyRequest, caller: AuthUser, userId: string): Promise<void> {
  const account = await manageableAccount(services, caller, userId);
  if (!ACTIVATABLE.includes(account.state)) throw stateConflict(account.state, 'server.users.cannotActivate');
  await setUserState(services.db, account.id, 'active', services.clock().toISOString());
  const locale = await mailLocaleOf(services.db, account.id);
  const url = `${services.config.publicUrl}/login`;
  services.mailer.send(renderMail(account.email, accountActivatedMail[locale]({ name: account.name, url })), 'account_activated');
  await logEvent(services.db, event(request, caller, account, 'user.activated'));
}

export async function deactivateUser(services: ServerServices, request: FastifyRequest, caller: AuthUser, userId: string): Promise<void> {
  const account = await manageableAccount(services, caller, userId);
  // Nobody locks themselves out: another administrator has to do it.
  if (account.id === caller.id) throw new ApiError({ statusCode: 409, code: 'self_deactivation', messageId: 'server.users.cannotDeactivateSelf' });
  if (!DEACTIVATABLE.includes(account.state)) throw stateConflict(account.state, 'server.users.cannotDeactivate');
  const now = services.clock().toISOString();
  await services.db.transaction().execute(async (trx) => {
    await setUserState(trx, account.id, 'inactive', now);
    await revokeUserSessions(trx, account.id, 'deactivated', now);
  });
  await logEvent(services.db, event(request, caller, account, 'user.deactivated'));
}
