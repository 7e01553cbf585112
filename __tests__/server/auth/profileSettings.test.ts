// GET and PATCH /profile-settings.
import { bearer, createAuthTestServer, get, tokenOf, type AuthTestServer } from './authTestKit';

let server: AuthTestServer;
let token: string;
beforeAll(async () => {
  server = await createAuthTestServer();
  token = await tokenOf(server, 'investigator@example.org');
});
afterAll(() => server.close());

const patch = (body: Record<string, unknown>, headers = bearer(token)) =>
  server.app.inject({ method: 'PATCH', url: '/api/v1/profile-settings', payload: body, headers });

// The MFA status rides along read-only, for the profile's MFA section, and so does the time zone of
// the user's institute (the demo's Lukács institute), in which the client shows times.
const MFA_OFF = { mfaEnabled: false, mfaPolicy: 'user', mfaEnforcedAt: null, timeZone: 'Europe/Budapest' };
const SAVED = { ...MFA_OFF, saved: true };

test('defaults are 10 rows and Hungarian', async () => {
  const response = await get(server, '/api/v1/profile-settings', bearer(token));
  expect(response.json()).toEqual({ results: [{ perPage: 10, locale: 'hu', ...MFA_OFF, saved: false }] });
});

test('a patch changes what it names and keeps the rest', async () => {
  expect((await patch({ locale: 'en' })).json()).toEqual({ results: [{ perPage: 10, locale: 'en', ...SAVED }] });
  expect((await patch({ perPage: 50 })).json()).toEqual({ results: [{ perPage: 50, locale: 'en', ...SAVED }] });
  expect((await get(server, '/api/v1/profile-settings', bearer(token))).json()).toEqual({ results: [{ perPage: 50, locale: 'en', ...SAVED }] });
});

test('the MFA status cannot be changed through the settings', async () => {
  const response = await patch({ mfaEnabled: true });
  expect(response.json().results[0].mfaEnabled).toBe(false);
  expect((await get(server, '/api/v1/profile-settings', bearer(token))).json().results[0].mfaEnabled).toBe(false);
});

test.each([
  [{ perPage: 4 }, 'perPage', 'number.min'],
  [{ perPage: 101 }, 'perPage', 'number.max'],
  [{ perPage: 7.5 }, 'perPage', 'number.integer'],
  [{ locale: 'de' }, 'locale', 'any.only'],
])('%j is a 400', async (body, path, key) => {
  const response = await patch(body);
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual([expect.objectContaining({ path, key })]);
});

test('a user without an institute gets no time zone: the client falls back to the browser', async () => {
  const adminToken = await tokenOf(server, 'admin@example.org');
  const response = await get(server, '/api/v1/profile-settings', bearer(adminToken));
  expect(response.json().results[0].timeZone).toBeNull();
});

test('the time zone follows the institute and cannot be changed through the settings', async () => {
  await server.db.updateTable('institutes').set({ time_zone: 'Europe/London' }).where('short_name', '=', 'SZLK').execute();
  expect((await patch({ timeZone: 'UTC' })).json().results[0].timeZone).toBe('Europe/London');
  expect((await get(server, '/api/v1/profile-settings', bearer(token))).json().results[0].timeZone).toBe('Europe/London');
});

test('without a session both are 401', async () => {
  expect((await get(server, '/api/v1/profile-settings')).statusCode).toBe(401);
  expect((await patch({ perPage: 20 }, {})).statusCode).toBe(401);
});
