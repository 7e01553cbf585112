// Checks a TOTP code against a stored (encrypted) secret and records its time step, so the same
// code (or an earlier one) is never accepted twice for this user.
import type { ServerServices } from '../services';
import { advanceTimeStep, type Account } from '../users/accounts.repository';
import { decryptSecret } from './secrets';
import { matchingTimeStep } from './totp';

/** The time step of a valid code for the encrypted secret, or null. Does not record anything. */
export function codeTimeStep(services: ServerServices, encryptedSecret: string, code: string): number | null {
  const secret = decryptSecret(services.keys.mfaEncryption, encryptedSecret);
  if (secret === null) return null;
  return matchingTimeStep(secret, code, services.clock());
}

export async function verifyTotpAndAdvance(services: ServerServices, account: Account, encryptedSecret: string, code: string): Promise<boolean> {
  const step = codeTimeStep(services, encryptedSecret, code);
  if (step === null) return false;
  if (account.mfaLastTimeStep !== null && step <= account.mfaLastTimeStep) return false;
  return advanceTimeStep(services.db, account.id, step);
}
