import * as OTPAuth from 'otpauth';
import { isValidMfaToken, normalizeRecoveryKey, RECOVERY_KEY_PATTERN, TOTP } from '../../../src/domain/auth';

describe('MFA token format', () => {
  test.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    [' 123456', false],
  ])('%j → %s', (token, ok) => expect(isValidMfaToken(token)).toBe(ok));
});

describe('recovery keys', () => {
  test('normalizes what a person types', () => {
    expect(normalizeRecoveryKey('7kq2 m9xd p4ta w3hn')).toBe('7KQ2-M9XD-P4TA-W3HN');
    expect(normalizeRecoveryKey('7KQ2M9XDP4TAW3HN')).toMatch(RECOVERY_KEY_PATTERN);
  });
});

// RFC 6238 appendix B, SHA-1 rows, with the 20-byte ASCII secret "12345678901234567890".
// The RFC prints 8 digits; our tokens are the last 6 of the same truncation.
describe('RFC 6238 test vectors with our TOTP parameters', () => {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromLatin1('12345678901234567890'),
    algorithm: TOTP.algorithm,
    digits: 8,
    period: TOTP.periodSeconds,
  });
  test.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('T=%i → %s', (seconds, expected) => {
    expect(totp.generate({ timestamp: seconds * 1000 })).toBe(expected);
    const six = new OTPAuth.TOTP({ secret: totp.secret, algorithm: 'SHA1', digits: TOTP.digits, period: 30 });
    expect(six.generate({ timestamp: seconds * 1000 })).toBe(expected.slice(-6));
  });
});
