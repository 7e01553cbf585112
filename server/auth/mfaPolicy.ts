// Which sign-ins need a second factor (spec auth §4): always under 'enforced', under 'user' when
// the user has turned MFA on, never under 'forbidden'.
import type { Account } from '../users/accounts.repository';

export function mfaRequired(account: Account): boolean {
  if (account.mfaPolicy === 'forbidden') return false;
  if (account.mfaPolicy === 'enforced') return true;
  return account.mfaEnabled;
}

/**
 * Skipping setup is a grace period: allowed only while the enforcement date lies ahead, and
 * never once MFA is configured (then the code is asked for instead).
 */
export function mfaSkipAllowed(account: Account, now: Date): boolean {
  if (account.mfaEnabled || account.mfaEnforcedAt === null) return false;
  return new Date(account.mfaEnforcedAt).getTime() > now.getTime();
}
