// Calls that confirm the current password share the sign-in lockout: wrong passwords there count
// against the account and the address, and a locked account is refused even the right password.
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createAuthTestServer, DEMO_PASSWORD, enableMfa, eventsNamed, signIn, STRONG_PASSWORD, tokenOf, type AuthTestServer } from './authTestKit';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer();
});
afterAll(() => server.close());

const EN = { 'accept-language': 'en' };

function post(url: string, token: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { ...bearer(token), ...EN }, remoteAddress });
}

function changePassword(token: string, currentPassword: string, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return post('/auth/change-password', token, { currentPassword, password: STRONG_PASSWORD, passwordConfirmation: STRONG_PASSWORD }, remoteAddress);
}

test('5 wrong current passwords lock the account: 429 with Retry-After for the right one, and for sign-in', async () => {
  const token = await tokenOf(server, 'investigator2@example.org');
  for (let i = 0; i < 5; i += 1) {
    const wrong = await changePassword(token, `Wrong-${i}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_password');
  }
  const locked = await changePassword(token, DEMO_PASSWORD);
  expect(locked.statusCode).toBe(429);
  expect(locked.headers['retry-after']).toBe('900');
  expect(locked.json()).toEqual({ statusCode: 429, code: 'too_many_attempts', message: 'Too many failed attempts. Please try again in 15 minutes.' });
  expect((await signIn(server, 'investigator2@example.org')).statusCode).toBe(429);

  const [lockout] = await eventsNamed(server, 'auth.lockout');
  expect(lockout).toMatchObject({ severity: 'warning', target_name: 'investigator2@example.org' });
  expect(JSON.parse(String(lockout.data))).toMatchObject({ scope: 'account', context: 'change password' });
  expect(await eventsNamed(server, 'auth.passwordConfirmationFailed')).toHaveLength(5);

  server.clock.advance(15 * 60 + 1);
  const fresh = await tokenOf(server, 'investigator2@example.org');
  expect((await changePassword(fresh, DEMO_PASSWORD)).statusCode).toBe(200);
  expect((await signIn(server, 'investigator2@example.org', STRONG_PASSWORD)).statusCode).toBe(200);
});

test('wrong passwords for sign-in, disabling MFA and new recovery keys add up to one lockout', async () => {
  const email = 'exporter@example.org';
  const token = await tokenOf(server, email);
  await enableMfa(server, token);
  for (let i = 0; i < 2; i += 1) expect((await signIn(server, email, 'Wrong')).statusCode).toBe(401);
  expect((await post('/auth/mfa-tokens/disable', token, { password: 'Wrong' })).statusCode).toBe(400);
  expect((await post('/auth/mfa-tokens/disable', token, { password: 'Wrong' })).statusCode).toBe(400);
  expect((await post('/auth/mfa-recovery/regenerate', token, { password: 'Wrong' })).statusCode).toBe(400);

  const regenerate = await post('/auth/mfa-recovery/regenerate', token, { password: DEMO_PASSWORD });
  expect(regenerate.statusCode).toBe(429);
  expect(Number(regenerate.headers['retry-after'])).toBeGreaterThan(0);
  const disable = await post('/auth/mfa-tokens/disable', token, { password: DEMO_PASSWORD });
  expect(disable.statusCode).toBe(429);
  expect(disable.json().code).toBe('too_many_attempts');
  // Nothing changed while locked: MFA is still on.
  expect((await signIn(server, email)).statusCode).toBe(429);
  server.clock.advance(15 * 60 + 1);
  expect((await signIn(server, email)).json()).toMatchObject({ mfa_required: true, mfa_configured: true });
});

test('a confirmed password clears the account failures, as a sign-in does', async () => {
  const email = 'importer@example.org';
  const token = await tokenOf(server, email);
  for (let i = 0; i < 4; i += 1) expect((await signIn(server, email, 'Wrong')).statusCode).toBe(401);
  expect((await changePassword(token, DEMO_PASSWORD)).statusCode).toBe(200);
  for (let i = 0; i < 4; i += 1) expect((await signIn(server, email, 'Wrong')).statusCode).toBe(401);
  expect((await signIn(server, email, STRONG_PASSWORD)).statusCode).toBe(200);
});

test('a locked client address is refused the password check too, for every account', async () => {
  const token = await tokenOf(server, 'local.admin@example.org');
  for (let i = 0; i < 30; i += 1) {
    expect((await signIn(server, `guess${i}@example.org`, 'Wrong', {}, '10.7.7.7')).statusCode).toBe(401);
  }
  expect((await changePassword(token, DEMO_PASSWORD, '10.7.7.7')).statusCode).toBe(429);
  expect((await changePassword(token, DEMO_PASSWORD, '10.7.7.8')).statusCode).toBe(200);
});

test('wrong current passwords count toward the lock of the client address', async () => {
  const token = await tokenOf(server, 'biobank@example.org');
  for (let i = 0; i < 26; i += 1) await signIn(server, `nobody${i}@example.org`, 'Wrong', {}, '10.6.6.6');
  // Four stay below the account limit; with the 26 above the address has 30.
  for (let i = 0; i < 4; i += 1) expect((await changePassword(token, `Wrong-${i}`, '10.6.6.6')).statusCode).toBe(400);
  expect((await signIn(server, 'admin@example.org', DEMO_PASSWORD, {}, '10.6.6.6')).statusCode).toBe(429);
  expect((await signIn(server, 'biobank@example.org', DEMO_PASSWORD, {}, '10.6.6.5')).statusCode).toBe(200);
});
