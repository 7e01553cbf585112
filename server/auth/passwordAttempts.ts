// Every check of a password goes through here: sign-in, and the calls that confirm the signed-in
// user's current password (change password, regenerate recovery keys, disable MFA). They share one
// lockout (throttle.ts): a wrong password anywhere counts against the account and the client
// address, and while either is locked every password check answers 429, even a correct one.
import type { FastifyRequest } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import type { ServerServices } from '../services';
import type { Account } from '../users/accounts.repository';
import { invalidPassword, TooManyAttemptsError } from './authErrors';
import { clearFailures, lockedForSeconds, purgeOldFailures, recordFailure, type Subject } from './throttle';

export function accountEventBase(request: FastifyRequest, account: Account | null): Record<string, unknown> {
  return {
    reqId: request.id,
    userId: account?.id ?? null,
    userName: account?.name ?? null,
    targetType: 'user',
    targetId: account?.id ?? null,
  };
}

/** The account is named by its lower-cased e-mail, so unknown addresses are counted too. */
function subjectsOf(request: FastifyRequest, email: string): Subject[] {
  return [
    { scope: 'account', subject: email },
    { scope: 'ip', subject: request.ip },
  ];
}

/** Throws 429 with the seconds to wait while the account or the client address is locked. */
export async function refuseWhileLocked(services: ServerServices, request: FastifyRequest, email: string): Promise<void> {
  const now = services.clock();
  await purgeOldFailures(services.db, now);
  let wait = 0;
  for (const subject of subjectsOf(request, email)) wait = Math.max(wait, await lockedForSeconds(services.db, subject, now));
  if (wait > 0) throw new TooManyAttemptsError(wait);
}

/** Records a wrong password against the account and the address; logs each lockout it causes. */
export async function countWrongPassword(services: ServerServices, request: FastifyRequest, email: string, account: Account | null, context: string): Promise<void> {
  const now = services.clock();
  for (const subject of subjectsOf(request, email)) {
    if (await recordFailure(services.db, subject, now)) {
      const what = subject.scope === 'account' ? 'Account' : 'Address';
      await logEvent(services.db, {
        ...accountEventBase(request, account),
        event: 'auth.lockout',
        severity: 'warning',
        message: `${what} locked after repeated wrong passwords (${context})`,
        targetName: subject.scope === 'account' ? email : request.ip,
        data: { scope: subject.scope, remoteAddress: request.ip, context },
      });
    }
  }
}

/** A correct password ends the account's run of failures (the address keeps its count). */
export async function clearAccountFailures(services: ServerServices, email: string): Promise<void> {
  await clearFailures(services.db, { scope: 'account', subject: email });
}

/**
 * Confirms the signed-in user's current password before a sensitive change. Locked: 429 without
 * looking at the password. Wrong: counted like a failed sign-in, 400 invalid_password.
 * Right: clears the account's failures, as a sign-in does.
 */
export async function confirmCurrentPassword(services: ServerServices, request: FastifyRequest, account: Account, password: string, context: string): Promise<void> {
  await refuseWhileLocked(services, request, account.email);
  if (account.passwordHash && (await services.passwords.verify(account.passwordHash, password))) {
    await clearAccountFailures(services, account.email);
    return;
  }
  await countWrongPassword(services, request, account.email, account, context);
  await logEvent(services.db, {
    ...accountEventBase(request, account),
    event: 'auth.passwordConfirmationFailed',
    severity: 'warning',
    targetName: account.email,
    data: { remoteAddress: request.ip, context },
  });
  throw invalidPassword();
}
