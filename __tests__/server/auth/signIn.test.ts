// POST /auth/tokens and what a token then opens: the password grant, its refusals, the demo MFA
// account, the MFA token's narrow scope, the real resolver behind /client-configuration.
import { flushRequestLog } from '../../../server/appLog/requestLogBuffer';
import { waitFor } from '../../helpers/serverApp';
import { bearer, createAuthTestServer, eventsNamed, formRequest, get, postJson, signIn, tokenOf, DEMO_PASSWORD, type AuthTestServer } from './authTestKit';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer();
});
afterAll(() => server.close());

const EN = { 'accept-language': 'en' };

test('a user without MFA gets a full token with its lifetime and the MFA facts', async () => {
  const response = await signIn(server, 'Investigator@Example.org ');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    access_token: expect.stringMatching(/^f\./),
    expires_in: 900,
    mfa_required: false,
    mfa_configured: false,
    mfa_enforced_at: null,
  });
  const token = response.json().access_token;
  const configuration = await get(server, '/api/v1/client-configuration', bearer(token));
  expect(configuration.json().user).toMatchObject({ name: 'Dr. Nagy Eszter', roles: ['local_investigator'] });
  expect((await eventsNamed(server, 'auth.signIn')).length).toBeGreaterThanOrEqual(1);
});

test('a wrong password or unknown user is a 401 login_failed in the caller language, and is logged', async () => {
  for (const username of ['investigator@example.org', 'nobody@example.org']) {
    const response = await signIn(server, username, 'Wrong-Password-1', EN);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, code: 'login_failed', message: 'Login failed: wrong e-mail address or password.' });
  }
  const hu = await signIn(server, 'investigator@example.org', 'Wrong-Password-1');
  expect(hu.json().message).toBe('Sikertelen bejelentkezés: hibás e-mail-cím vagy jelszó.');
  const failures = await eventsNamed(server, 'auth.signInFailed');
  expect(failures.map((row) => row.target_name)).toEqual(expect.arrayContaining(['nobody@example.org', 'investigator@example.org']));
  expect(JSON.stringify(failures)).not.toContain('Wrong-Password-1');
});

test('JSON instead of form data is a 415 that says to send form data, never a 500', async () => {
  const response = await postJson(server, '/api/v1/auth/tokens', { grant_type: 'password', username: 'admin@example.org', password: DEMO_PASSWORD }, EN);
  expect(response.statusCode).toBe(415);
  expect(response.json()).toEqual({
    statusCode: 415,
    code: 'unsupported_media_type',
    message: 'This request takes form data only: send it as application/x-www-form-urlencoded.',
  });
});

test('a wrong grant type or missing fields are 400 validation errors', async () => {
  const wrongGrant = await server.app.inject(formRequest('/api/v1/auth/tokens', { grant_type: 'client_credentials', username: 'a@example.org', password: 'x' }));
  expect(wrongGrant.statusCode).toBe(400);
  expect(wrongGrant.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'grant_type', key: 'any.only', context: { valids: ['password'] } }] });
  const missing = await server.app.inject(formRequest('/api/v1/auth/tokens', { grant_type: 'password' }));
  expect(missing.statusCode).toBe(400);
  expect(missing.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['password', 'username']);
  const noBody = await server.app.inject({ method: 'POST', url: '/api/v1/auth/tokens' });
  expect(noBody.statusCode).toBe(400);
});

test.each(['unconfirmed', 'confirmed', 'inactive'] as const)('the right password of a %s account is a 403 account_not_active', async (state) => {
  await server.db.updateTable('users').set({ state }).where('email', '=', 'exporter@example.org').execute();
  const response = await signIn(server, 'exporter@example.org', DEMO_PASSWORD, EN);
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ code: 'account_not_active', message: expect.stringMatching(/not active/) });
  await server.db.updateTable('users').set({ state: 'active' }).where('email', '=', 'exporter@example.org').execute();
});

describe('the demo account with MFA enforced since yesterday', () => {
  let mfaToken: string;
  beforeAll(async () => {
    const response = await signIn(server, 'mfa@example.org');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^m\./),
      expires_in: 300,
      mfa_required: true,
      mfa_configured: false,
      mfa_enforced_at: expect.any(String),
    });
    expect(new Date(body.mfa_enforced_at).getTime()).toBeLessThan(server.clock.now().getTime());
    mfaToken = body.access_token;
  });

  test('cannot skip the setup', async () => {
    const response = await postJson(server, '/api/v1/auth/mfa-tokens/skip-setup', undefined, { ...bearer(mfaToken), ...EN });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, code: 'mfa_skip_forbidden', message: 'Cannot skip MFA setup!' });
    const hu = await postJson(server, '/api/v1/auth/mfa-tokens/skip-setup', undefined, bearer(mfaToken));
    expect(hu.json().message).toBe('Az MFA beállítása nem hagyható ki!');
  });

  test('the MFA token is no session: data calls answer 401 token_expired, public ones see no user', async () => {
    const profile = await get(server, '/api/v1/profile-settings', bearer(mfaToken));
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toMatchObject({ code: 'token_expired', message: 'A munkamenet lejárt. Kérjük, jelentkezzen be újra.' });
    const logout = await postJson(server, '/api/v1/auth/logout', undefined, bearer(mfaToken));
    expect(logout.statusCode).toBe(401);
    const configuration = await get(server, '/api/v1/client-configuration', bearer(mfaToken));
    expect(configuration.statusCode).toBe(200);
    expect(configuration.json().user).toBeUndefined();
  });

  test('a full token is refused where an MFA token is required', async () => {
    const full = await tokenOf(server, 'admin@example.org');
    const response = await postJson(server, '/api/v1/auth/mfa-tokens/skip-setup', undefined, bearer(full));
    expect(response.statusCode).toBe(401);
  });

  test('the skip works while the enforcement date lies ahead', async () => {
    const tomorrow = new Date(server.clock.now().getTime() + 86400_000).toISOString();
    await server.db.updateTable('users').set({ mfa_enforced_at: tomorrow }).where('email', '=', 'mfa@example.org').execute();
    const token = (await signIn(server, 'mfa@example.org')).json().access_token;
    const response = await postJson(server, '/api/v1/auth/mfa-tokens/skip-setup', undefined, bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.stringMatching(/^f\./), expires_in: 900 });
    expect((await get(server, '/api/v1/profile-settings', bearer(response.json().access_token))).statusCode).toBe(200);
    // The MFA token is spent by the skip.
    expect((await postJson(server, '/api/v1/auth/mfa-tokens/skip-setup', undefined, bearer(token))).statusCode).toBe(401);
  });
});

test('garbage, tampered and missing tokens are 401 token_expired on protected routes', async () => {
  const token = await tokenOf(server, 'admin@example.org');
  const tampered = token.replace(/\.(\d+)\./, (_m, generation: string) => `.${Number(generation) + 1}.`);
  for (const headers of [{}, bearer('nonsense'), bearer(tampered), { authorization: token }]) {
    const response = await get(server, '/api/v1/profile-settings', headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token_expired');
  }
});

test('the server log never carries the password or the token of a sign-in', async () => {
  const response = await signIn(server, 'admin@example.org');
  const token = response.json().access_token as string;
  await get(server, '/api/v1/profile-settings', bearer(token));
  // The request's line is written once the answer and its application-log row are done.
  const log = await waitFor(async () => {
    const text = server.logLines.join('\n');
    return text.includes('request completed: GET /api/v1/profile-settings 200') ? text : undefined;
  });
  expect(log).not.toContain(DEMO_PASSWORD);
  expect(log).not.toContain(token.split('.').pop());
  await flushRequestLog(server.db);
  const rows = await server.db.selectFrom('application_log').selectAll().execute();
  expect(rows.some((row) => row.url === '/api/v1/profile-settings')).toBe(true);
  expect(JSON.stringify(rows)).not.toContain(DEMO_PASSWORD);
});
