// Password reset by e-mailed link, and password change by the signed-in user.
import type { FastifyRequest } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import { normalizeEmail } from '../../src/domain/auth/email';
import type { Locale } from '../i18n/locale';
import { admitMailRequest, reserveMail } from '../mail/mailThrottle';
import { passwordResetMail } from '../mail/templates/authMails';
import { renderMail } from '../mail/templates/layout';
import type { CallerSession } from '../plugins/authGuard';
import type { ServerServices } from '../services';
import { findAccountByEmail, findAccountById, updatePasswordHash } from '../users/accounts.repository';
import { invalidResetToken, tokenExpired } from './authErrors';
import { issueLinkToken, linkTokenHash } from './linkTokens';
import { findLiveToken, spendAllTokens, spendToken } from './oneTimeTokens.repository';
import { confirmCurrentPassword } from './passwordAttempts';
import { checkNewPassword } from './passwordFields';
import { revokeUserSessions } from './sessions.repository';
import { clearFailures } from './throttle';

export const RESET_TOKEN_TTL_SECONDS = 3600;

/**
 * Sends a reset link when the address belongs to a user and its mail limit allows; says nothing
 * either way (mailThrottle.ts). Only a flood from one client address is told (429).
 */
export async function requestPasswordReset(services: ServerServices, request: FastifyRequest, email: string, locale: Locale): Promise<void> {
  await admitMailRequest(services, request);
  const account = await findAccountByEmail(services.db, normalizeEmail(email));
  if (!account) return;
  if (!(await reserveMail(services, request, { address: account.email, accountId: account.id }, 'password_reset'))) return;
  const token = await issueLinkToken(services, account.id, 'password_reset', RESET_TOKEN_TTL_SECONDS);
  // The token travels in the fragment: browsers never send it to a server, so no access log,
  // proxy or Referer header can leak it.
  const url = `${services.config.publicUrl}/login/reset-password#token=${token}`;
  services.mailer.send(renderMail(account.email, passwordResetMail[locale]({ name: account.name, url })), 'password_reset');
  await logEvent(services.db, { event: 'auth.passwordResetRequested', reqId: request.id, targetType: 'user', targetId: account.id, targetName: account.email });
}

export async function resetPassword(services: ServerServices, request: FastifyRequest, token: string, password: string, confirmation: string): Promise<void> {
  const now = services.clock().toISOString();
  const tokenHash = linkTokenHash(services, token);
  const userId = await findLiveToken(services.db, 'password_reset', tokenHash, now);
  const account = userId ? await findAccountById(services.db, userId) : null;
  if (!account) throw invalidResetToken();
  checkNewPassword(password, confirmation);
  const passwordHash = await services.passwords.hash(password);
  await services.db.transaction().execute(async (trx) => {
    if (!(await spendToken(trx, 'password_reset', tokenHash, now))) throw invalidResetToken();
    await spendAllTokens(trx, account.id, 'password_reset', now);
    await updatePasswordHash(trx, account.id, passwordHash, now);
    await revokeUserSessions(trx, account.id, 'password_reset', now);
    // Whoever holds the mailbox may sign in again at once.
    await clearFailures(trx, { scope: 'account', subject: account.email });
  });
  await logEvent(services.db, {
    event: 'auth.passwordReset',
    reqId: request.id,
    userId: account.id,
    userName: account.name,
    targetType: 'user',
    targetId: account.id,
  });
}

export async function changePassword(
  services: ServerServices,
  request: FastifyRequest,
  session: CallerSession,
  fields: { currentPassword: string; password: string; passwordConfirmation: string },
): Promise<void> {
  const account = await findAccountById(services.db, session.userId);
  if (!account) throw tokenExpired();
  checkNewPassword(fields.password, fields.passwordConfirmation);
  await confirmCurrentPassword(services, request, account, fields.currentPassword, 'change password');
  const passwordHash = await services.passwords.hash(fields.password);
  const now = services.clock().toISOString();
  await services.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, account.id, passwordHash, now);
    await revokeUserSessions(trx, account.id, 'password_changed', now, session.id);
    await spendAllTokens(trx, account.id, 'password_reset', now);
  });
  await logEvent(services.db, {
    event: 'auth.passwordChanged',
    reqId: request.id,
    userId: account.id,
    userName: account.name,
    targetType: 'user',
    targetId: account.id,
  });
}
