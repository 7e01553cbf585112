// MFA constants of spec auth §5 and §9: a 6-digit TOTP token (RFC 6238: SHA-1, 30 s steps).
export const MFA_TOKEN_PATTERN = /^\d{6}$/;
export const TOTP = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, window: 1 } as const;
export const RECOVERY_KEY_COUNT = 10;
/** Recovery keys are shown as four groups of four characters, e.g. `7KQ2-M9XD-P4TA-W3HN`. */
export const RECOVERY_KEY_PATTERN = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/;

export function isValidMfaToken(value: string): boolean {
  return MFA_TOKEN_PATTERN.test(value);
}

/** Accepts what a person types: any case, spaces or no dashes. */
export function normalizeRecoveryKey(value: string): string {
  const compact = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return compact.match(/.{1,4}/g)?.join('-') ?? '';
}
