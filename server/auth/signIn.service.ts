// Password sign-in and the second step (TOTP code or recovery key), with the brute-force limits.
import type { FastifyRequest } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import { normalizeEmail } from '../../src/domain/auth/email';
import { normalizeRecoveryKey, RECOVERY_KEY_PATTERN } from '../../src/domain/auth/mfa';
import type { ServerServices } from '../services';
import { findAccountByEmail, findAccountById, recordLogin, updatePasswordHash, type Account } from '../users/accounts.repository';
import { accountNotActive, invalidOtp, invalidRecoveryKey, loginFailed, mfaNotConfigured, TooManyAttemptsError } from './authErrors';
import { mfaRequired } from './mfaPolicy';
import { useRecoveryKey } from './recoveryKeys.repository';
import { hmacBase64Url } from './secrets';
import { addMfaFailure } from './sessions.repository';
import { endSession, requestMeta, startSession, type IssuedToken } from './sessions.service';
import { accountEventBase as eventBase, clearAccountFailures, countWrongPassword, refuseWhileLocked } from './passwordAttempts';
import { lockedForSeconds, MFA_FAILURE_LIMIT, recordFailure, type Subject } from './throttle';
import { verifyTotpAndAdvance } from './totpCheck';

export interface PasswordSignInAnswer extends IssuedToken {
  mfa_required: boolean;
  mfa_configured: boolean;
  mfa_enforced_at: string | null;
}

/** Verifying against this when the account does not exist keeps the timing the same. */
let dummyHash: Promise<string> | null = null;

async function failSignIn(services: ServerServices, request: FastifyRequest, email: string, account: Account | null): Promise<never> {
  await countWrongPassword(services, request, email, account, 'sign-in');
  await logEvent(services.db, {
    ...eventBase(request, account),
    event: 'auth.signInFailed',
    severity: 'warning',
    targetName: email,
    data: { remoteAddress: request.ip },
  });
  throw loginFailed();
}

export async function signInWithPassword(
  services: ServerServices,
  request: FastifyRequest,
  username: string,
  password: string,
): Promise<PasswordSignInAnswer> {
  const { db, passwords } = services;
  const email = normalizeEmail(username);
  const now = services.clock();
  await refuseWhileLocked(services, request, email);

  const account = await findAccountByEmail(db, email);
  dummyHash ??= passwords.hash('timing-equalizer');
  const ok = await passwords.verify(account?.passwordHash ?? (await dummyHash), password);
  if (!account || !account.passwordHash || !ok) return failSignIn(services, request, email, account);

  await clearAccountFailures(services, email);
  if (account.state !== 'active') {
    await logEvent(db, { ...eventBase(request, account), event: 'auth.signInRefused', severity: 'warning', reason: `state ${account.state}` });
    throw accountNotActive();
  }
  if (passwords.needsRehash(account.passwordHash)) {
    await updatePasswordHash(db, account.id, await passwords.hash(password), now.toISOString());
  }
  const required = mfaRequired(account);
  const { token } = await startSession(services, db, account.id, required ? 'mfa' : 'full', requestMeta(request));
  if (!required) await recordLogin(db, account.id, now.toISOString());
  await logEvent(db, { ...eventBase(request, account), event: required ? 'auth.passwordAccepted' : 'auth.signIn', data: { mfaRequired: required } });
  return { ...token, mfa_required: required, mfa_configured: account.mfaEnabled, mfa_enforced_at: account.mfaEnforcedAt };
}

/** Counts a wrong second-step answer; the 5th revokes the MFA session (and counts against the account). */
async function failSecondStep(services: ServerServices, request: FastifyRequest, sessionId: string, account: Account): Promise<void> {
  const failures = await addMfaFailure(services.db, sessionId);
  if (failures < MFA_FAILURE_LIMIT) return;
  await endSession(services, services.db, sessionId, 'mfa_failures');
  const now = services.clock();
  const accountSubject: Subject = { scope: 'account', subject: account.email };
  await recordFailure(services.db, accountSubject, now);
  await logEvent(services.db, {
    ...eventBase(request, account),
    event: 'auth.lockout',
    severity: 'warning',
    message: 'MFA step ended after repeated wrong codes',
    data: { scope: 'mfa_session' },
  });
  const wait = await lockedForSeconds(services.db, accountSubject, now);
  throw new TooManyAttemptsError(wait, 'server.auth.mfaSessionLocked');
}

/** Ends the MFA step: the MFA session is spent and a full session begins. */
export async function completeSecondStep(
  services: ServerServices,
  request: FastifyRequest,
  mfaSessionId: string,
  account: Account,
  method: string,
): Promise<IssuedToken> {
  const now = services.clock().toISOString();
  const token = await services.db.transaction().execute(async (trx) => {
    await endSession(services, trx, mfaSessionId, 'mfa_completed');
    await recordLogin(trx, account.id, now);
    return (await startSession(services, trx, account.id, 'full', requestMeta(request))).token;
  });
  await logEvent(services.db, { ...eventBase(request, account), event: 'auth.signIn', data: { mfaMethod: method } });
  return token;
}

async function accountOf(services: ServerServices, userId: string): Promise<Account> {
  const account = await findAccountById(services.db, userId);
  if (!account) throw invalidOtp();
  return account;
}

export async function signInWithOtp(services: ServerServices, request: FastifyRequest, mfaSessionId: string, userId: string, code: string): Promise<IssuedToken> {
  const account = await accountOf(services, userId);
  if (!account.mfaEnabled || !account.mfaSecretEncrypted) throw mfaNotConfigured();
  if (!(await verifyTotpAndAdvance(services, account, account.mfaSecretEncrypted, code))) {
    await failSecondStep(services, request, mfaSessionId, account);
    throw invalidOtp();
  }
  return completeSecondStep(services, request, mfaSessionId, account, 'totp');
}

export async function signInWithRecoveryKey(
  services: ServerServices,
  request: FastifyRequest,
  mfaSessionId: string,
  userId: string,
  recoveryKey: string,
): Promise<IssuedToken> {
  const account = await accountOf(services, userId);
  if (!account.mfaEnabled) throw mfaNotConfigured();
  const normalized = normalizeRecoveryKey(recoveryKey);
  const used =
    RECOVERY_KEY_PATTERN.test(normalized) &&
    (await useRecoveryKey(services.db, account.id, hmacBase64Url(services.keys.tokenHashing, normalized), services.clock().toISOString()));
  if (!used) {
    await failSecondStep(services, request, mfaSessionId, account);
    throw invalidRecoveryKey();
  }
  return completeSecondStep(services, request, mfaSessionId, account, 'recovery_key');
}
