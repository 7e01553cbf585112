// Self-registration: institutes, a real ALTCHA proof of work, the form, the confirmation link,
// the administrators' notice, and activation by an administrator.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  bearer,
  createAuthTestServer,
  get,
  linkToken,
  mailsTo,
  postJson,
  signIn,
  tokenOf,
  STRONG_PASSWORD,
  type AuthTestServer,
} from './authTestKit';

let server: AuthTestServer;
let lukacsId: string;
beforeAll(async () => {
  server = await createAuthTestServer({ env: { PUBLIC_URL: 'https://registry.example.org' } });
  const institutes = (await get(server, '/api/v1/user-registrations/institutes')).json().results;
  lukacsId = institutes.find((i: { shortName: string }) => i.shortName === 'SZLK').id;
});
afterAll(() => server.close());

const EN = { 'accept-language': 'en' };

async function solvedCaptcha(): Promise<string> {
  const response = await get(server, '/api/v1/user-registrations/captcha');
  expect(response.statusCode).toBe(200);
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Dr. Új Regisztráló',
    email: 'new.user@example.org',
    password: STRONG_PASSWORD,
    passwordConfirmation: STRONG_PASSWORD,
    instituteId: lukacsId,
    phone: '+36 1 555 0199',
    doctor: true,
    ...overrides,
  };
}

const register = (body: Record<string, unknown>, headers = {}) => postJson(server, '/api/v1/user-registrations/users', body, headers);

test('institutes are listed with their names in the caller language', async () => {
  const en = (await get(server, '/api/v1/user-registrations/institutes', EN)).json().results;
  expect(en).toHaveLength(3);
  expect(en).toContainEqual({ id: lukacsId, name: "St. Luke's Hospital", shortName: 'SZLK' });
  const hu = (await get(server, '/api/v1/user-registrations/institutes')).json().results;
  expect(hu.map((i: { name: string }) => i.name)).toContain('Szent Lukács Kórház');
});

test('the captcha is a signed PBKDF2 challenge that expires in about 10 minutes', async () => {
  const response = await get(server, '/api/v1/user-registrations/captcha');
  expect(response.headers['cache-control']).toBe('no-store');
  const { parameters, signature } = response.json();
  expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', nonce: expect.any(String), salt: expect.any(String) });
  expect(signature).toEqual(expect.any(String));
  const seconds = parameters.expiresAt - server.clock.now().getTime() / 1000;
  expect(seconds).toBeGreaterThan(590);
  expect(seconds).toBeLessThanOrEqual(600);
});

test('without, or with a wrong, captcha the registration is a 400 on altcha', async () => {
  const missing = await register(form());
  expect(missing.statusCode).toBe(400);
  expect(missing.json().errors).toEqual([{ path: 'altcha', key: 'api.recaptcha', context: {} }]);
  const garbage = await register(form({ altcha: 'bm90IGEgcGF5bG9hZA==' }));
  expect(garbage.json().errors).toEqual([{ path: 'altcha', key: 'api.recaptcha', context: {} }]);
  const solved = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString());
  // The derived key is the proof of work: a different one is no solution.
  const last = solved.solution.derivedKey.slice(-1);
  solved.solution.derivedKey = `${solved.solution.derivedKey.slice(0, -1)}${last === '0' ? '1' : '0'}`;
  const wrong = await register(form({ altcha: Buffer.from(JSON.stringify(solved)).toString('base64') }));
  expect(wrong.json().errors).toEqual([{ path: 'altcha', key: 'api.recaptcha', context: {} }]);
});

test('field errors come with the spec keys, all at once', async () => {
  const response = await register(form({ email: 'bad', password: 'weak', passwordConfirmation: 'other', instituteId: 'nope', name: ' ' }), EN);
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual([
    { path: 'name', key: 'string.empty', context: {} },
    { path: 'email', key: 'string.email', context: {} },
    { path: 'password', key: 'string.notComplexEnough', context: {} },
    { path: 'passwordConfirmation', key: 'api.match', context: {} },
    { path: 'instituteId', key: 'api.notFound', context: {} },
    { path: 'altcha', key: 'api.recaptcha', context: {} },
  ]);
  expect(response.json().message).toContain('instituteId: does not exist');
  const required = await register({});
  expect(required.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'instituteId', 'name', 'password', 'passwordConfirmation']);
});

describe('a registration', () => {
  let userId: string;
  let altcha: string;

  test('creates an unconfirmed user and e-mails the confirmation link in the caller language', async () => {
    altcha = await solvedCaptcha();
    const response = await register(form({ email: 'New.User@Example.org', altcha }), EN);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ results: [{ id: expect.any(String), email: 'new.user@example.org', state: 'unconfirmed' }] });
    userId = response.json().results[0].id;
    const [mail] = await mailsTo(server, 'new.user@example.org');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain(`https://registry.example.org/registration/confirm/${userId}#token=`);
    expect((await signIn(server, 'new.user@example.org', STRONG_PASSWORD)).json().code).toBe('account_not_active');
  });

  test('a used captcha solution is refused (replay)', async () => {
    const response = await register(form({ email: 'other.user@example.org', altcha }));
    expect(response.json().errors).toEqual([{ path: 'altcha', key: 'api.recaptcha', context: {} }]);
  });

  test('an address already registered is a 400 api.unique', async () => {
    const response = await register(form({ email: 'ADMIN@example.org', altcha: await solvedCaptcha() }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'email', key: 'api.unique', context: {} }]);
  });

  test('resending sends a new link to unconfirmed users only, with the same answer for anyone', async () => {
    for (const email of ['new.user@example.org', 'admin@example.org', 'ghost@example.org']) {
      const response = await postJson(server, '/api/v1/user-registrations/resend-confirmation-email', { email });
      expect(response.json()).toEqual({ results: [{ accepted: true }] });
    }
    const mails = await mailsTo(server, 'new.user@example.org', 2);
    expect(mails[1].subject).toBe('Confirm your e-mail address');
    expect(server.sent.some((mail) => mail.to === 'admin@example.org')).toBe(false);
  });

  test('a wrong token or another user id fails the confirmation', async () => {
    const [mail] = await mailsTo(server, 'new.user@example.org');
    const confirm = (id: string, token: string) =>
      postJson(server, `/api/v1/user-registrations/users/${id}/email-confirmation-token`, { token }, EN);
    const wrong = await confirm(userId, 'not-the-token');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      code: 'email_confirmation_failed',
      message: 'Email confirmation failed. Please contact our administrator.',
    });
    expect((await confirm('someone-else', linkToken(mail))).json().code).toBe('email_confirmation_failed');
  });

  test('the link confirms once and notifies the central admins and the local admins of the institute', async () => {
    const [mail] = await mailsTo(server, 'new.user@example.org');
    const url = `/api/v1/user-registrations/users/${userId}/email-confirmation-token`;
    const response = await postJson(server, url, { token: linkToken(mail) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [{ confirmed: true }] });
    const [adminMail] = await mailsTo(server, 'admin@example.org');
    expect(adminMail.subject).toBe('Új regisztráció aktiválásra vár: Dr. Új Regisztráló');
    expect(adminMail.text).toContain('new.user@example.org, Szent Lukács Kórház');
    await mailsTo(server, 'local.admin@example.org');
    expect(server.sent.some((m) => m.to === 'investigator@example.org')).toBe(false);
    expect((await postJson(server, url, { token: linkToken(mail) })).json().code).toBe('email_confirmation_failed');
    const row = await server.db.selectFrom('users').select('state').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.state).toBe('confirmed');
  });

  test('only admins and the local administrator of the institute may activate', async () => {
    const url = `/api/v1/users/${userId}/activation`;
    const investigator = await postJson(server, url, undefined, bearer(await tokenOf(server, 'investigator@example.org')));
    expect(investigator.statusCode).toBe(403);
    expect(investigator.json().code).toBe('forbidden');
    await server.db.updateTable('users').set({ institute_id: null }).where('email', '=', 'local.admin@example.org').execute();
    const elsewhere = await postJson(server, url, undefined, bearer(await tokenOf(server, 'local.admin@example.org')));
    expect(elsewhere.statusCode).toBe(403);
    await server.db.updateTable('users').set({ institute_id: lukacsId }).where('email', '=', 'local.admin@example.org').execute();
    expect((await postJson(server, url, undefined)).statusCode).toBe(401);
    expect((await postJson(server, '/api/v1/users/nobody/activation', undefined, bearer(await tokenOf(server, 'admin@example.org')))).statusCode).toBe(404);
  });

  test('activation by the local administrator makes the user active and e-mails them', async () => {
    const localAdmin = await tokenOf(server, 'local.admin@example.org');
    const response = await postJson(server, `/api/v1/users/${userId}/activation`, undefined, bearer(localAdmin));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [{ id: userId, state: 'active' }] });
    const mails = await mailsTo(server, 'new.user@example.org', 3);
    expect(mails[2].subject).toBe('Your account has been activated');
    expect((await signIn(server, 'new.user@example.org', STRONG_PASSWORD)).statusCode).toBe(200);
    const again = await postJson(server, `/api/v1/users/${userId}/activation`, undefined, { ...bearer(localAdmin), ...EN });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invalid_user_state', message: expect.stringContaining('active') });
  });

  test('deactivation ends the user sessions at once; nobody deactivates themselves', async () => {
    const admin = await tokenOf(server, 'admin@example.org');
    const session = await tokenOf(server, 'new.user@example.org', STRONG_PASSWORD);
    const response = await postJson(server, `/api/v1/users/${userId}/deactivation`, undefined, bearer(admin));
    expect(response.json()).toEqual({ results: [{ id: userId, state: 'inactive' }] });
    expect((await get(server, '/api/v1/profile-settings', bearer(session))).statusCode).toBe(401);
    expect((await signIn(server, 'new.user@example.org', STRONG_PASSWORD)).json().code).toBe('account_not_active');
    const adminId = (await get(server, '/api/v1/client-configuration', bearer(admin))).json().user.id;
    const self = await postJson(server, `/api/v1/users/${adminId}/deactivation`, undefined, bearer(admin));
    expect(self.statusCode).toBe(409);
    expect((await postJson(server, `/api/v1/users/${userId}/activation`, undefined, bearer(admin))).statusCode).toBe(200);
  });
});
