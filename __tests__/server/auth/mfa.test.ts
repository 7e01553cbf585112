// MFA: setup from the profile, the second sign-in step with a code or a recovery key, replay and
// brute-force refusal, regeneration, disabling, policies, and setup at sign-in with an MFA token.
import { RECOVERY_KEY_PATTERN } from '../../../src/domain/auth/mfa';
import { totpCode } from '../../../server/auth/totp';
import {
  bearer,
  codeNow,
  createAuthTestServer,
  enableMfa,
  eventsNamed,
  formRequest,
  get,
  postJson,
  secretOf,
  signIn,
  tokenOf,
  DEMO_PASSWORD,
  type AuthTestServer,
} from './authTestKit';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer();
});
afterAll(() => server.close());

const EN = { 'accept-language': 'en' };
const otp = (mfaToken: string, code: string) => server.app.inject(formRequest('/api/v1/auth/mfa-tokens', { otp_token: code }, bearer(mfaToken)));
const recover = (mfaToken: string, key: string) =>
  server.app.inject(formRequest('/api/v1/auth/mfa-recovery', { recovery_key: key }, bearer(mfaToken)));
const mfaTokenOf = async (email: string): Promise<string> => {
  const body = (await signIn(server, email)).json();
  expect(body).toMatchObject({ mfa_required: true, mfa_configured: true });
  return body.access_token;
};

describe('a user who turns MFA on from the profile', () => {
  const email = 'investigator@example.org';
  let secret: string;
  let recoveryKeys: string[];

  test('setup answers an otpauth URL for the Registry issuer and the e-mail, the secret encrypted at rest', async () => {
    const token = await tokenOf(server, email);
    const setup = await postJson(server, '/api/v1/auth/mfa-tokens/setup', undefined, bearer(token));
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toEqual({ otpUrl: expect.stringMatching(/^otpauth:\/\/totp\/Registry:investigator%40example\.org\?/), mfaEnforcedAt: null });
    const url = new URL(setup.json().otpUrl);
    expect(url.searchParams.get('issuer')).toBe('Registry');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    const row = await server.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.mfa_pending_secret_encrypted).toMatch(/^v1\./);
    expect(row.mfa_pending_secret_encrypted).not.toContain(secretOf(setup.json().otpUrl));
  });

  test('verify refuses a wrong code, and without a pending setup says MFA is not configured', async () => {
    const other = await tokenOf(server, 'investigator2@example.org');
    const none = await postJson(server, '/api/v1/auth/mfa-tokens/verify', { otp_token: '123456' }, { ...bearer(other), ...EN });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'mfa_not_configured', message: 'MFA is not configured' });
    const token = await tokenOf(server, email);
    const setup = await postJson(server, '/api/v1/auth/mfa-tokens/setup', undefined, bearer(token));
    secret = secretOf(setup.json().otpUrl);
    const wrong = totpCode(secret, new Date(server.clock.now().getTime() - 3600_000));
    const response = await postJson(server, '/api/v1/auth/mfa-tokens/verify', { otp_token: wrong }, bearer(token));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_token');
  });

  test('verify (form-encoded too) enables MFA and answers 10 recovery keys, without a new token', async () => {
    const token = await tokenOf(server, email);
    const response = await server.app.inject(formRequest('/api/v1/auth/mfa-tokens/verify', { otp_token: codeNow(server, secret) }, bearer(token)));
    expect(response.statusCode).toBe(200);
    recoveryKeys = response.json().recoveryKeys;
    expect(Object.keys(response.json())).toEqual(['recoveryKeys']);
    expect(recoveryKeys).toHaveLength(10);
    for (const key of recoveryKeys) expect(key).toMatch(RECOVERY_KEY_PATTERN);
    expect(new Set(recoveryKeys).size).toBe(10);
    expect(await eventsNamed(server, 'auth.mfaEnabled')).toHaveLength(1);
  });

  test('the code used to verify cannot sign in; a 7-digit code is invalid; the next step works once', async () => {
    const mfaToken = await mfaTokenOf(email);
    const replayed = await otp(mfaToken, codeNow(server, secret));
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('invalid_token');
    expect((await otp(mfaToken, '1234567')).json().code).toBe('invalid_token');
    expect((await postJson(server, '/api/v1/auth/mfa-tokens', { otp_token: '123456' }, bearer(mfaToken))).statusCode).toBe(415);
    server.clock.advance(30);
    const code = codeNow(server, secret);
    const response = await otp(mfaToken, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.stringMatching(/^f\./), expires_in: 900 });
    expect((await get(server, '/api/v1/profile-settings', bearer(response.json().access_token))).statusCode).toBe(200);
    // The same code again, with a new MFA token: a replay.
    const again = await otp(await mfaTokenOf(email), code);
    expect(again.statusCode).toBe(400);
    // The spent MFA token is no longer accepted.
    expect((await otp(mfaToken, code)).statusCode).toBe(401);
  });

  test('a recovery key (typed loosely) signs in once', async () => {
    const key = recoveryKeys[0];
    const loose = ` ${key.toLowerCase().replace(/-/g, ' ')} `;
    const response = await recover(await mfaTokenOf(email), loose);
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toMatch(/^f\./);
    const reused = await recover(await mfaTokenOf(email), key);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid_token');
  });

  test('5 wrong codes end the MFA step with a 429; its token is then refused', async () => {
    const mfaToken = await mfaTokenOf(email);
    for (let i = 0; i < 4; i += 1) expect((await otp(mfaToken, '000000')).statusCode).toBe(400);
    const fifth = await otp(mfaToken, '000000');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('too_many_attempts');
    expect(fifth.headers['retry-after']).toBeDefined();
    server.clock.advance(30);
    expect((await otp(mfaToken, codeNow(server, secret))).statusCode).toBe(401);
    expect((await eventsNamed(server, 'auth.lockout')).some((row) => String(row.data).includes('mfa_session'))).toBe(true);
  });

  test('an MFA token cannot start a new setup while MFA is configured (no bypass of the code)', async () => {
    const response = await postJson(server, '/api/v1/auth/mfa-tokens/setup', undefined, bearer(await mfaTokenOf(email)));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('mfa_already_configured');
  });

  test('regenerating needs the password and replaces every key', async () => {
    server.clock.advance(30);
    const full = (await otp(await mfaTokenOf(email), codeNow(server, secret))).json().access_token;
    const wrong = await postJson(server, '/api/v1/auth/mfa-recovery/regenerate', { password: 'nope' }, { ...bearer(full), ...EN });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_password', message: 'Invalid password' });
    const response = await postJson(server, '/api/v1/auth/mfa-recovery/regenerate', { password: DEMO_PASSWORD }, bearer(full));
    expect(response.statusCode).toBe(200);
    const fresh: string[] = response.json().recoveryKeys;
    expect(fresh).toHaveLength(10);
    expect((await recover(await mfaTokenOf(email), recoveryKeys[1])).statusCode).toBe(400);
    expect((await recover(await mfaTokenOf(email), fresh[0])).statusCode).toBe(200);
  });

  test('disabling needs the password, ends every other session, keeps the caller', async () => {
    server.clock.advance(30);
    const other = (await otp(await mfaTokenOf(email), codeNow(server, secret))).json().access_token;
    server.clock.advance(30);
    const own = (await otp(await mfaTokenOf(email), codeNow(server, secret))).json().access_token;
    const wrong = await postJson(server, '/api/v1/auth/mfa-tokens/disable', { password: 'nope' }, bearer(own));
    expect(wrong.json()).toMatchObject({ code: 'invalid_password', message: 'Érvénytelen jelszó' });
    const response = await postJson(server, '/api/v1/auth/mfa-tokens/disable', { password: DEMO_PASSWORD }, bearer(own));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [{ disabled: true }] });
    expect((await get(server, '/api/v1/profile-settings', bearer(other))).statusCode).toBe(401);
    expect((await get(server, '/api/v1/profile-settings', bearer(own))).statusCode).toBe(200);
    expect((await signIn(server, email)).json()).toMatchObject({ mfa_required: false, mfa_configured: false });
    const again = await postJson(server, '/api/v1/auth/mfa-tokens/disable', { password: DEMO_PASSWORD }, bearer(own));
    expect(again.json().code).toBe('mfa_not_configured');
    const regenerate = await postJson(server, '/api/v1/auth/mfa-recovery/regenerate', { password: DEMO_PASSWORD }, bearer(own));
    expect(regenerate.json().code).toBe('mfa_not_configured');
    expect(await eventsNamed(server, 'auth.mfaDisabled')).toHaveLength(1);
  });
});

describe('policies', () => {
  test("'forbidden' refuses setup and never asks for a code, even with MFA on", async () => {
    const email = 'exporter@example.org';
    await enableMfa(server, await tokenOf(server, email));
    await server.db.updateTable('users').set({ mfa_policy: 'forbidden' }).where('email', '=', email).execute();
    const signInBody = (await signIn(server, email)).json();
    expect(signInBody.mfa_required).toBe(false);
    const setup = await postJson(server, '/api/v1/auth/mfa-tokens/setup', undefined, bearer(signInBody.access_token));
    expect(setup.statusCode).toBe(403);
    expect(setup.json().code).toBe('mfa_forbidden');
  });

  test("'enforced' with MFA configured asks for the code and refuses the skip", async () => {
    const email = 'importer@example.org';
    await enableMfa(server, await tokenOf(server, email));
    await server.db.updateTable('users').set({ mfa_policy: 'enforced' }).where('email', '=', email).execute();
    const row = await server.db.selectFrom('users').select('mfa_secret_encrypted').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.mfa_secret_encrypted).toMatch(/^v1\./);
    const mfaToken = await mfaTokenOf(email);
    const skip = await postJson(server, '/api/v1/auth/mfa-tokens/skip-setup', undefined, bearer(mfaToken));
    expect(skip.statusCode).toBe(403);
    expect(skip.json().code).toBe('mfa_skip_forbidden');
  });
});

test('the demo user enforced since yesterday sets MFA up at sign-in and gets a session from verify', async () => {
  const mfaToken = (await signIn(server, 'mfa@example.org')).json().access_token;
  const setup = await postJson(server, '/api/v1/auth/mfa-tokens/setup', undefined, bearer(mfaToken));
  expect(setup.statusCode).toBe(200);
  expect(setup.json().mfaEnforcedAt).toEqual(expect.any(String));
  const secret = secretOf(setup.json().otpUrl);
  const verify = await postJson(server, '/api/v1/auth/mfa-tokens/verify', { otp_token: codeNow(server, secret) }, bearer(mfaToken));
  expect(verify.statusCode).toBe(200);
  expect(verify.json()).toEqual({ recoveryKeys: expect.any(Array), access_token: expect.stringMatching(/^f\./), expires_in: 900 });
  expect((await get(server, '/api/v1/profile-settings', bearer(verify.json().access_token))).statusCode).toBe(200);
  expect((await signIn(server, 'mfa@example.org')).json()).toMatchObject({ mfa_required: true, mfa_configured: true });
  const disable = await postJson(server, '/api/v1/auth/mfa-tokens/disable', { password: DEMO_PASSWORD }, bearer(verify.json().access_token));
  expect(disable.statusCode).toBe(403);
  expect(disable.json().code).toBe('mfa_enforced');
});
