// Shared answers of the registration API for the saga and component tests.
import nock from 'nock';
import { API, CONFIGURATION } from '../../helpers/storeHelpers';

export const INSTITUTES = [
  { id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK' },
  { id: 'i-2', name: 'Városi Klinika', shortName: 'VK' },
];

export const challenge = (nonce = 'nonce-1'): { parameters: Record<string, unknown>; signature: string } => ({
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce, salt: 'c2FsdA', cost: 1, keyLength: 32, keyPrefix: '00', expiresAt: 4102444800 },
  signature: `signature-${nonce}`,
});

/** Startup is not under test here: answer it so the sagas stay quiet. */
export function quietStartup(): void {
  nock(API).get('/api/v1/client-configuration').optionally().reply(200, CONFIGURATION);
}

/** The two loads of the form: institutes and a challenge, both without a token. */
export function answerFormLoads(nonce = 'nonce-1'): { institutes: nock.Scope; captcha: nock.Scope } {
  return {
    institutes: nock(API, { badheaders: ['authorization'] }).get('/api/v1/user-registrations/institutes').reply(200, { results: INSTITUTES }),
    captcha: nock(API, { badheaders: ['authorization'] }).get('/api/v1/user-registrations/captcha').reply(200, challenge(nonce)),
  };
}

export const VALID_FORM = {
  name: 'Dr. Kiss Anna',
  email: 'anna@example.org',
  password: 'Correct-Horse-9',
  passwordConfirmation: 'Correct-Horse-9',
  instituteId: 'i-1',
  doctor: true,
  altcha: 'ZmFrZS1wYXlsb2Fk',
};
