// Password reset by e-mailed link (fragment token, 1 hour, single use) and password change.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bearer,
  createAuthTestServer,
  eventsNamed,
  get,
  linkToken,
  mailsTo,
  postJson,
  signIn,
  tokenOf,
  DEMO_PASSWORD,
  STRONG_PASSWORD,
  type AuthTestServer,
} from './authTestKit';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer({ env: { PUBLIC_URL: 'https://registry.example.org' } });
});
afterAll(() => server.close());

const EN = { 'accept-language': 'en' };
const requestReset = (email: string, headers = {}) => postJson(server, '/api/v1/auth/request-password-reset', { email }, headers);
const reset = (token: string, password = STRONG_PASSWORD, passwordConfirmation = password) =>
  postJson(server, '/api/v1/auth/reset-password', { token, password, passwordConfirmation }, EN);
const profile = async (token: string): Promise<number> => (await get(server, '/api/v1/profile-settings', bearer(token))).statusCode;

describe('password reset', () => {
  test('the answer is the same for known and unknown addresses; only the known one gets mail', async () => {
    for (const email of ['ghost@example.org', 'monitor.investigator@example.org']) {
      const response = await requestReset(email, EN);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ results: [{ accepted: true }] });
    }
    await mailsTo(server, 'monitor.investigator@example.org');
    expect(server.sent.some((mail) => mail.to === 'ghost@example.org')).toBe(false);
  });

  test('an invalid address is a 400 on the email field', async () => {
    const response = await requestReset('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'email', key: 'string.email', context: {} }]);
  });

  test('the mail is in the caller language, with the token in the link fragment; the outbox has the .eml', async () => {
    const [mail] = await mailsTo(server, 'monitor.investigator@example.org');
    expect(mail.subject).toBe('Password reset');
    expect(mail.text).toMatch(/^Dear Dr\. Varga Bence,/);
    expect(mail.text).toMatch(/https:\/\/registry\.example\.org\/login\/reset-password#token=[A-Za-z0-9_-]{43}\n/);
    expect(mail.html).toContain('href="https://registry.example.org/login/reset-password#token=');
    const files = readdirSync(join(server.workDir, 'outbox'));
    expect(files.length).toBeGreaterThanOrEqual(1);
    const eml = files.map((file) => readFileSync(join(server.workDir, 'outbox', file), 'utf8')).join('\n');
    expect(eml).toMatch(/^To: monitor\.investigator@example\.org$/m);
    await requestReset('biobank@example.org');
    const [hu] = await mailsTo(server, 'biobank@example.org');
    expect(hu.subject).toBe('Jelszó visszaállítása');
    expect(hu.text).toMatch(/^Kedves Kiss Réka!/);
    // Only a hash is stored.
    const rows = await server.db.selectFrom('one_time_tokens').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(linkToken(hu));
  });

  test('a weak or mismatched password is refused without spending the token', async () => {
    const [mail] = await mailsTo(server, 'monitor.investigator@example.org');
    const weak = await reset(linkToken(mail), 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ path: 'password', key: 'string.notComplexEnough', context: {} }]);
    const mismatch = await reset(linkToken(mail), STRONG_PASSWORD, `${STRONG_PASSWORD}x`);
    expect(mismatch.json().errors).toEqual([{ path: 'passwordConfirmation', key: 'api.match', context: {} }]);
  });

  test('a reset sets the password, ends every session, and the link then fails', async () => {
    const session = await tokenOf(server, 'monitor.investigator@example.org');
    const [mail] = await mailsTo(server, 'monitor.investigator@example.org');
    const response = await reset(linkToken(mail));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [{ reset: true }] });
    expect(await profile(session)).toBe(401);
    expect((await signIn(server, 'monitor.investigator@example.org')).statusCode).toBe(401);
    expect((await signIn(server, 'monitor.investigator@example.org', STRONG_PASSWORD)).statusCode).toBe(200);
    const reused = await reset(linkToken(mail));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'invalid_reset_token', message: expect.stringMatching(/invalid, expired or already used/) });
    expect(await eventsNamed(server, 'auth.passwordReset')).toHaveLength(1);
  });

  test('a link older than one hour, or an unknown token, is refused', async () => {
    const [mail] = await mailsTo(server, 'biobank@example.org');
    server.clock.advance(3601);
    expect((await reset(linkToken(mail))).json().code).toBe('invalid_reset_token');
    expect((await reset('made-up-token')).json().code).toBe('invalid_reset_token');
    expect((await signIn(server, 'biobank@example.org')).statusCode).toBe(200);
  });
});

describe('password change', () => {
  const email = 'local.admin@example.org';
  const change = (token: string, body: Record<string, string>, headers = {}) =>
    postJson(server, '/api/v1/auth/change-password', body, { ...bearer(token), ...headers });

  test('a wrong current password is a 400 invalid_password in both languages', async () => {
    const token = await tokenOf(server, email);
    const body = { currentPassword: 'wrong', password: STRONG_PASSWORD, passwordConfirmation: STRONG_PASSWORD };
    const en = await change(token, body, EN);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ statusCode: 400, code: 'invalid_password', message: 'Invalid password' });
    expect((await change(token, body)).json().message).toBe('Érvénytelen jelszó');
  });

  test('policy errors name the fields; missing fields are required', async () => {
    const token = await tokenOf(server, email);
    const weak = await change(token, { currentPassword: DEMO_PASSWORD, password: 'abc', passwordConfirmation: 'abd' });
    expect(weak.json().errors).toEqual([
      { path: 'password', key: 'string.notComplexEnough', context: {} },
      { path: 'passwordConfirmation', key: 'api.match', context: {} },
    ]);
    const missing = await change(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { key: string }) => e.key)).toEqual(['any.required', 'any.required', 'any.required']);
  });

  test('a change ends every other session and keeps the calling one', async () => {
    const other = await tokenOf(server, email);
    const own = await tokenOf(server, email);
    const response = await change(own, { currentPassword: DEMO_PASSWORD, password: STRONG_PASSWORD, passwordConfirmation: STRONG_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [{ changed: true }] });
    expect(await profile(other)).toBe(401);
    expect(await profile(own)).toBe(200);
    expect((await signIn(server, email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect(await eventsNamed(server, 'auth.passwordChanged')).toHaveLength(1);
  });

  test('without a session the change is a 401', async () => {
    expect((await postJson(server, '/api/v1/auth/change-password', {})).statusCode).toBe(401);
  });
});
