// Setting up, verifying, skipping, regenerating and disabling MFA.
import type { FastifyRequest } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import type { ServerServices } from '../services';
import { disableMfa, enableMfa, findAccountById, setPendingMfaSecret, type Account, type Db } from '../users/accounts.repository';
import {
  invalidOtp,
  mfaAlreadyConfigured,
  mfaEnforced,
  mfaForbidden,
  mfaNotConfigured,
  mfaSkipForbidden,
  tokenExpired,
} from './authErrors';
import { mfaSkipAllowed } from './mfaPolicy';
import { confirmCurrentPassword } from './passwordAttempts';
import { deleteRecoveryKeys, replaceRecoveryKeys } from './recoveryKeys.repository';
import { encryptSecret, hmacBase64Url } from './secrets';
import { revokeUserSessions } from './sessions.repository';
import type { IssuedToken } from './sessions.service';
import { completeSecondStep } from './signIn.service';
import { newRecoveryKeys, newTotpSecret, otpUrl } from './totp';
import { codeTimeStep } from './totpCheck';
import type { CallerSession } from '../plugins/authGuard';

async function callerAccount(services: ServerServices, session: CallerSession): Promise<Account> {
  const account = await findAccountById(services.db, session.userId);
  if (!account) throw tokenExpired();
  return account;
}

function event(request: FastifyRequest, account: Account, name: string): Parameters<typeof logEvent>[1] {
  return { event: name, reqId: request.id, userId: account.id, userName: account.name, targetType: 'user', targetId: account.id };
}

export async function setupMfa(services: ServerServices, session: CallerSession): Promise<{ otpUrl: string; mfaEnforcedAt: string | null }> {
  const account = await callerAccount(services, session);
  if (account.mfaPolicy === 'forbidden') throw mfaForbidden();
  if (session.kind === 'mfa' && account.mfaEnabled) throw mfaAlreadyConfigured();
  const secret = newTotpSecret();
  await setPendingMfaSecret(services.db, account.id, encryptSecret(services.keys.mfaEncryption, secret), services.clock().toISOString());
  return { otpUrl: otpUrl(secret, account.email), mfaEnforcedAt: account.mfaEnforcedAt };
}

async function storeNewRecoveryKeys(services: ServerServices, db: Db, userId: string): Promise<string[]> {
  const keys = newRecoveryKeys();
  const hashes = keys.map((key) => hmacBase64Url(services.keys.tokenHashing, key));
  await replaceRecoveryKeys(db, userId, hashes, services.clock().toISOString());
  return keys;
}

export interface VerifyAnswer extends Partial<IssuedToken> {
  recoveryKeys: string[];
}

export async function verifyMfaSetup(services: ServerServices, request: FastifyRequest, session: CallerSession, code: string): Promise<VerifyAnswer> {
  const account = await callerAccount(services, session);
  if (account.mfaPolicy === 'forbidden') throw mfaForbidden();
  if (session.kind === 'mfa' && account.mfaEnabled) throw mfaAlreadyConfigured();
  const pending = account.mfaPendingSecretEncrypted;
  if (!pending) throw mfaNotConfigured();
  const step = codeTimeStep(services, pending, code);
  if (step === null) throw invalidOtp();
  const now = services.clock().toISOString();
  const recoveryKeys = await services.db.transaction().execute(async (trx) => {
    await enableMfa(trx, account.id, pending, step, now);
    return storeNewRecoveryKeys(services, trx, account.id);
  });
  await logEvent(services.db, { ...event(request, account, 'auth.mfaEnabled') });
  if (session.kind === 'full') return { recoveryKeys };
  const token = await completeSecondStep(services, request, session.id, account, 'setup');
  return { recoveryKeys, ...token };
}

export async function skipMfaSetup(services: ServerServices, request: FastifyRequest, session: CallerSession): Promise<IssuedToken> {
  const account = await callerAccount(services, session);
  if (!mfaSkipAllowed(account, services.clock())) throw mfaSkipForbidden();
  return completeSecondStep(services, request, session.id, account, 'skipped');
}

export async function regenerateRecoveryKeys(services: ServerServices, request: FastifyRequest, session: CallerSession, password: string): Promise<string[]> {
  const account = await callerAccount(services, session);
  if (!account.mfaEnabled) throw mfaNotConfigured();
  await confirmCurrentPassword(services, request, account, password, 'regenerate recovery keys');
  const keys = await storeNewRecoveryKeys(services, services.db, account.id);
  await logEvent(services.db, event(request, account, 'auth.recoveryKeysRegenerated'));
  return keys;
}

export async function disableMfaForCaller(services: ServerServices, request: FastifyRequest, session: CallerSession, password: string): Promise<void> {
  const account = await callerAccount(services, session);
  if (account.mfaPolicy === 'enforced') throw mfaEnforced();
  if (!account.mfaEnabled) throw mfaNotConfigured();
  await confirmCurrentPassword(services, request, account, password, 'disable MFA');
  const now = services.clock().toISOString();
  await services.db.transaction().execute(async (trx) => {
    await disableMfa(trx, account.id, now);
    await deleteRecoveryKeys(trx, account.id);
    await revokeUserSessions(trx, account.id, 'mfa_disabled', now, session.id);
  });
  await logEvent(services.db, event(request, account, 'auth.mfaDisabled'));
}
