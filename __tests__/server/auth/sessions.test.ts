// Refresh with rotation and its grace, access-token and session lifetimes, logout.
import { bearer, createAuthTestServer, formRequest, get, postJson, tokenOf, type AuthTestServer } from './authTestKit';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer({ env: { ACCESS_TOKEN_TTL: '600', SESSION_TTL: '1800' } });
});
afterAll(() => server.close());

const refresh = (token: string) => server.app.inject(formRequest('/api/v1/auth/refresh', { token }));
const profile = async (token: string): Promise<number> => (await get(server, '/api/v1/profile-settings', bearer(token))).statusCode;

test('refresh rotates: the new token works, the old one for 60 more seconds only', async () => {
  const old = await tokenOf(server, 'investigator@example.org');
  const response = await refresh(old);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ access_token: expect.stringMatching(/^f\./), expires_in: 600 });
  const fresh = response.json().access_token;
  expect(fresh).not.toBe(old);
  server.clock.advance(59);
  expect(await profile(old)).toBe(200);
  expect(await profile(fresh)).toBe(200);
  server.clock.advance(2);
  expect(await profile(old)).toBe(401);
  expect(await profile(fresh)).toBe(200);
  expect((await refresh(old)).statusCode).toBe(401);
});

test('a refresh retried with the previous token within the grace still succeeds', async () => {
  const first = await tokenOf(server, 'investigator@example.org');
  const second = (await refresh(first)).json().access_token;
  const retried = await refresh(first);
  expect(retried.statusCode).toBe(200);
  expect(await profile(retried.json().access_token)).toBe(200);
  // The token of the lost answer keeps its own grace.
  expect(await profile(second)).toBe(200);
});

test('an expired access token is refused everywhere, including refresh', async () => {
  const token = await tokenOf(server, 'investigator@example.org');
  server.clock.advance(601);
  expect(await profile(token)).toBe(401);
  expect((await refresh(token)).statusCode).toBe(401);
});

test('no refresh carries a session past SESSION_TTL', async () => {
  let token = await tokenOf(server, 'investigator@example.org');
  for (let elapsed = 0; elapsed < 1500; elapsed += 500) {
    server.clock.advance(500);
    const response = await refresh(token);
    expect(response.statusCode).toBe(200);
    token = response.json().access_token;
  }
  // 1500 s in: the last token may only live to the session end (1800 s).
  server.clock.advance(200);
  const last = await refresh(token);
  expect(last.json().expires_in).toBe(100);
  server.clock.advance(101);
  expect((await refresh(last.json().access_token)).statusCode).toBe(401);
});

test('refresh needs form data with a token: 400 without it, 415 for JSON, 401 for an unknown one', async () => {
  const missing = await server.app.inject(formRequest('/api/v1/auth/refresh', {}));
  expect(missing.statusCode).toBe(400);
  expect(missing.json().errors).toEqual([{ path: 'token', key: 'any.required', context: {} }]);
  const empty = await server.app.inject(formRequest('/api/v1/auth/refresh', { token: '' }));
  expect(empty.statusCode).toBe(400);
  expect((await postJson(server, '/api/v1/auth/refresh', { token: 'x' })).statusCode).toBe(415);
  const unknown = await refresh('f.00000000-0000-0000-0000-000000000000.0.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  expect(unknown.statusCode).toBe(401);
  expect(unknown.json().code).toBe('token_expired');
});

test('an MFA-step token cannot be refreshed into a session', async () => {
  await server.db.updateTable('users').set({ mfa_policy: 'enforced' }).where('email', '=', 'monitor@example.org').execute();
  const mfaToken = await tokenOf(server, 'monitor@example.org');
  expect((await refresh(mfaToken)).statusCode).toBe(401);
});

test('logout answers 204 and ends the session at once, including its refreshed tokens', async () => {
  const token = await tokenOf(server, 'biobank@example.org');
  const refreshed = (await refresh(token)).json().access_token;
  const response = await postJson(server, '/api/v1/auth/logout', undefined, bearer(refreshed));
  expect(response.statusCode).toBe(204);
  expect(response.body).toBe('');
  expect(await profile(refreshed)).toBe(401);
  expect(await profile(token)).toBe(401);
  expect((await refresh(refreshed)).statusCode).toBe(401);
  expect((await postJson(server, '/api/v1/auth/logout', undefined, bearer(refreshed))).statusCode).toBe(401);
});

test('a deactivated user loses every session at once', async () => {
  const token = await tokenOf(server, 'importer@example.org');
  await server.db.updateTable('users').set({ state: 'inactive' }).where('email', '=', 'importer@example.org').execute();
  expect(await profile(token)).toBe(401);
  await server.db.updateTable('users').set({ state: 'active' }).where('email', '=', 'importer@example.org').execute();
});
