// TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step of clock drift either way) through
// otpauth, and the single-use recovery keys. Codes are checked against an injected time so tests
// need no real waiting.
import { randomInt } from 'node:crypto';
import { Secret, TOTP as OtpTotp } from 'otpauth';
import { isValidMfaToken, RECOVERY_KEY_COUNT, TOTP } from '../../src/domain/auth/mfa';

export const OTP_ISSUER = 'Registry';

function totpFor(secretBase32: string, label = ''): OtpTotp {
  return new OtpTotp({
    issuer: OTP_ISSUER,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (the RFC 4226 recommendation), base32 as authenticator apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpUrl(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The time step a code belongs to, or null when it matches none of the accepted steps. */
export function matchingTimeStep(secretBase32: string, code: string, now: Date): number | null {
  if (!isValidMfaToken(code)) return null;
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP.window });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** For tests and tools: the code of a given time. */
export function totpCode(secretBase32: string, at: Date): string {
  return totpFor(secretBase32).generate({ timestamp: at.getTime() });
}

// No 0/O or 1/I: keys are read off paper.
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** RECOVERY_KEY_COUNT keys like `7KQ2-M9XD-P4TA-W3HN` (80 bits each). */
export function newRecoveryKeys(): string[] {
  return Array.from({ length: RECOVERY_KEY_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return chars.join('').match(/.{4}/g)!.join('-');
  });
}
