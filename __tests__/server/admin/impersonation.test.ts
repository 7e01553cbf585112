// Impersonation over the real app with real tokens and a fake clock: who may start it and as whom,
// the session it answers (the impersonated user's rights, the real user named), the record and the
// application log naming both for a write, the exit back to the impersonator's own session, and
// the impersonation ending with that session.
import { rheumaBaselineValues } from '../../../server/seed/demoClinicalValues';
import { flushRequestLog } from '../../../server/appLog/requestLogBuffer';
import { waitFor } from '../../helpers/serverApp';
import { bearer, createAuthTestServer, get, postJson, tokenOf, type AuthTestServer } from '../auth/authTestKit';
import { validTaj } from '../clinical/clinicalTestKit';
import { addAccount } from './adminTestKit';

let server: AuthTestServer;
const EN = { 'accept-language': 'en' };
const ADMIN = 'admin@example.org';
const INVESTIGATOR = 'investigator@example.org';
const LOCAL_ADMIN = 'local.admin@example.org';
const IMPERSONATOR = 'impersonator.only@example.org';
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await createAuthTestServer();
  const rows = await server.db.selectFrom('users').select(['id', 'email', 'password_hash']).execute();
  for (const row of rows) ids[row.email] = row.id;
  const hash = rows.find((r) => r.email === ADMIN)?.password_hash ?? null;
  ids[IMPERSONATOR] = await addAccount(server.db, { email: IMPERSONATOR, name: 'Imre Impersonator', roles: ['impersonator'], passwordHash: hash });
  ids.inactive = await addAccount(server.db, { email: 'gone@example.org', state: 'inactive' });
});
afterAll(() => server.close());

const start = (token: string, userId: string) => server.app.inject({ method: 'POST', url: `/api/v1/impersonation/${userId}`, headers: { ...bearer(token), ...EN } });
const exit = (token: string) => server.app.inject({ method: 'DELETE', url: '/api/v1/impersonation', headers: { ...bearer(token), ...EN } });
const me = async (token: string) => (await get(server, '/api/v1/client-configuration', bearer(token))).json().user;

describe('POST /impersonation/{userId}', () => {
  it('gives an impersonator a session of the user that names the real user', async () => {
    const own = await tokenOf(server, IMPERSONATOR);
    const answer = await start(own, ids[INVESTIGATOR]);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ user: { id: ids[INVESTIGATOR], name: 'Dr. Nagy Eszter' }, impersonator: { id: ids[IMPERSONATOR], name: 'Imre Impersonator' }, expires_in: expect.any(Number) });
    expect(await me(body.access_token)).toMatchObject({ id: ids[INVESTIGATOR], roles: ['local_investigator'], impersonator: { id: ids[IMPERSONATOR], name: 'Imre Impersonator' } });
    // The investigator's rights, not the impersonator's: the investigator's patients are visible.
    expect((await get(server, '/api/v1/accessible-institutes', bearer(body.access_token))).json().results.map((r: { shortName: string }) => r.shortName)).toEqual(['SZLK']);
    expect((await me(own)).impersonator).toBeUndefined();
  });

  it.each([
    ['a plain user', INVESTIGATOR, () => ids[LOCAL_ADMIN], 403, 'forbidden'],
    ['a local administrator', LOCAL_ADMIN, () => ids[INVESTIGATOR], 403, 'forbidden'],
    ['an admin account', IMPERSONATOR, () => ids[ADMIN], 403, 'impersonating_admin'],
    ['oneself', IMPERSONATOR, () => ids[IMPERSONATOR], 409, 'impersonating_self'],
    ['an inactive user', IMPERSONATOR, () => ids.inactive, 409, 'user_not_active'],
    ['an unknown user', IMPERSONATOR, () => 'no-such-user', 404, 'not_found'],
  ])('refuses %s', async (_case, caller, target, status, code) => {
    const before = await server.db.selectFrom('sessions').select('id').where('parent_session_id', 'is not', null).execute();
    const answer = await start(await tokenOf(server, caller), target());
    expect(answer.statusCode).toBe(status);
    expect(answer.json().code).toBe(code);
    if (code !== 'forbidden') expect(answer.json().message).toBe('Error occured during impersonation initiation!');
    expect(await server.db.selectFrom('sessions').select('id').where('parent_session_id', 'is not', null).execute()).toHaveLength(before.length);
  });

  it('refuses nobody signed in, and a second level from an impersonation session', async () => {
    expect((await server.app.inject({ method: 'POST', url: `/api/v1/impersonation/${ids[INVESTIGATOR]}` })).statusCode).toBe(401);
    const admin = await tokenOf(server, ADMIN);
    const asLocal = (await start(admin, ids[LOCAL_ADMIN])).json().access_token;
    // The local administrator holds no impersonator role; even an impersonator target could not chain.
    expect((await start(asLocal, ids[INVESTIGATOR])).statusCode).toBe(403);
    const hu = await server.app.inject({ method: 'POST', url: `/api/v1/impersonation/${ids[ADMIN]}`, headers: { ...bearer(await tokenOf(server, IMPERSONATOR)), 'accept-language': 'hu' } });
    expect(hu.json().message).toBe('Hiba történt a megszemélyesítés indításakor!');
  });
});

describe('GET /impersonation/candidates', () => {
  it('lists active non-admin users but the caller, searched case-folded in name and e-mail; impersonators only', async () => {
    const token = await tokenOf(server, IMPERSONATOR);
    const list = (await get(server, '/api/v1/impersonation/candidates', bearer(token))).json().results as { id: string; email: string }[];
    const emails = list.map((r) => r.email);
    expect(emails).toContain(INVESTIGATOR);
    expect(emails).not.toContain(ADMIN);
    expect(emails).not.toContain(IMPERSONATOR);
    expect(emails).not.toContain('gone@example.org');
    const found = (await get(server, `/api/v1/impersonation/candidates?search=${encodeURIComponent('NAGY')}`, bearer(token))).json().results;
    expect(found).toEqual([{ id: ids[INVESTIGATOR], name: 'Dr. Nagy Eszter', email: INVESTIGATOR, institute: 'SZLK' }]);
    expect((await get(server, '/api/v1/impersonation/candidates?search=%25', bearer(token))).json().results).toEqual([]);
    expect((await get(server, '/api/v1/impersonation/candidates', bearer(await tokenOf(server, LOCAL_ADMIN)))).statusCode).toBe(403);
    expect((await get(server, '/api/v1/impersonation/candidates')).statusCode).toBe(401);
  });
});

describe('writes while impersonating', () => {
  it('the form record names the impersonator as actor on behalf of the investigator; so does the application log', async () => {
    const session = (await start(await tokenOf(server, ADMIN), ids[INVESTIGATOR])).json().access_token as string;
    const as = { ...bearer(session), ...EN };
    const szlk = (await server.db.selectFrom('institutes').select('id').where('short_name', '=', 'SZLK').executeTakeFirstOrThrow()).id;
    const registryId = (await server.db.selectFrom('registries').select('id').where('short_name', '=', 'RA-BIO').executeTakeFirstOrThrow()).id;
    const patient = await postJson(server, `/api/v1/institutes/${szlk}/patients`, { registryId, name: 'Megszemélyesített Mária', insuranceNumber: validTaj(), dob: '1971-04-05', gender: 'female' }, as);
    expect(patient.statusCode).toBe(201);
    const attendance = await postJson(server, '/api/v1/attendances', { patientId: patient.json().results[0].id, registryId, instituteId: szlk, physicianId: ids[INVESTIGATOR], startDateTime: '2026-02-01T08:00:00Z' }, as);
    expect(attendance.statusCode).toBe(201);
    const formId = attendance.json().results[0].formId as string;
    const form = (await get(server, `/api/v1/forms/${formId}`, as)).json().results[0];
    const saved = await server.app.inject({ method: 'PUT', url: `/api/v1/forms/${formId}`, headers: { ...as, 'x-form-version': '1' }, payload: { values: rheumaBaselineValues(form.values), submit: false } });
    expect(saved.statusCode).toBe(200);

    const history = (await get(server, `/api/v1/forms/${formId}/history`, as)).json().results;
    expect(history.length).toBeGreaterThanOrEqual(2);
    for (const entry of history) expect(entry).toMatchObject({ userId: ids[ADMIN], userName: 'Kovács Anna', onBehalfOf: 'Dr. Nagy Eszter' });
    // The form is the investigator's own, as if they had made it.
    const stored = await server.db.selectFrom('attendances').select('owner_id').where('id', '=', attendance.json().results[0].id).executeTakeFirstOrThrow();
    expect(stored.owner_id).toBe(ids[INVESTIGATOR]);

    // The request row is written after the answer, in a batch: flushed until it is there.
    const row = await waitFor(async () => {
      await flushRequestLog(server.db);
      return server.db.selectFrom('application_log').selectAll().where('http_method', '=', 'PUT').where('url', '=', `/api/v1/forms/${formId}`).executeTakeFirst();
    });
    expect(row).toMatchObject({ user_id: ids[ADMIN], user_name: 'Kovács Anna', on_behalf_of_id: ids[INVESTIGATOR], on_behalf_of_name: 'Dr. Nagy Eszter' });
    const started = await server.db.selectFrom('application_log').selectAll().where('event', '=', 'impersonation.started').where('on_behalf_of_id', '=', ids[INVESTIGATOR]).execute();
    expect(started.map((r) => r.user_id)).toContain(ids[ADMIN]);
  });

  it('the impersonated account\'s own credentials stay out of reach (password change, MFA setup: 403)', async () => {
    const session = (await start(await tokenOf(server, ADMIN), ids[INVESTIGATOR])).json().access_token as string;
    const change = await postJson(server, '/api/v1/auth/change-password', { currentPassword: 'x', password: 'New-Passw0rd-2026', passwordConfirmation: 'New-Passw0rd-2026' }, bearer(session));
    expect(change.statusCode).toBe(403);
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/auth/mfa-tokens/setup', headers: bearer(session) })).statusCode).toBe(403);
  });
});

describe('DELETE /impersonation and the end of an impersonation', () => {
  it('exit ends the impersonation session and answers a token of the impersonator\'s own session', async () => {
    const session = (await start(await tokenOf(server, IMPERSONATOR), ids[INVESTIGATOR])).json().access_token as string;
    const back = await exit(session);
    expect(back.statusCode).toBe(200);
    const own = back.json().access_token as string;
    expect(await me(own)).toMatchObject({ id: ids[IMPERSONATOR] });
    expect((await me(own)).impersonator).toBeUndefined();
    expect(await me(session)).toBeUndefined();
    const ended = await server.db.selectFrom('application_log').selectAll().where('event', '=', 'impersonation.ended').executeTakeFirst();
    expect(ended).toMatchObject({ user_id: ids[IMPERSONATOR], on_behalf_of_id: ids[INVESTIGATOR] });
  });

  it('exit without impersonating answers the exit error; nobody signed in 401', async () => {
    const answer = await exit(await tokenOf(server, IMPERSONATOR));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Error occured during exiting impersonation!');
    expect((await server.app.inject({ method: 'DELETE', url: '/api/v1/impersonation' })).statusCode).toBe(401);
  });

  it('ends when the impersonator signs out, and when their own session expires', async () => {
    const own = await tokenOf(server, IMPERSONATOR);
    const session = (await start(own, ids[INVESTIGATOR])).json().access_token as string;
    expect(await me(session)).toMatchObject({ id: ids[INVESTIGATOR] });
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(own) })).statusCode).toBe(204);
    expect(await me(session)).toBeUndefined();

    const own2 = await tokenOf(server, IMPERSONATOR);
    const session2 = (await start(own2, ids[INVESTIGATOR])).json().access_token as string;
    await server.db.updateTable('sessions').set({ expires_at: new Date(server.clock.now().getTime() - 1000).toISOString() }).where('user_id', '=', ids[IMPERSONATOR]).where('revoked_at', 'is', null).execute();
    expect(await me(session2)).toBeUndefined();
  });

  it('signing out while impersonating signs the impersonator out too', async () => {
    const own = await tokenOf(server, IMPERSONATOR);
    const session = (await start(own, ids[INVESTIGATOR])).json().access_token as string;
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(session) })).statusCode).toBe(204);
    expect(await me(own)).toBeUndefined();
  });

  it('ends when the impersonator loses the impersonator role', async () => {
    const other = await addAccount(server.db, { email: 'temp.imp@example.org', roles: ['impersonator'], passwordHash: (await server.db.selectFrom('users').select('password_hash').where('id', '=', ids[ADMIN]).executeTakeFirstOrThrow()).password_hash });
    const session = (await start(await tokenOf(server, 'temp.imp@example.org'), ids[INVESTIGATOR])).json().access_token as string;
    expect(await me(session)).toMatchObject({ id: ids[INVESTIGATOR] });
    await server.db.deleteFrom('user_roles').where('user_id', '=', other).execute();
    expect(await me(session)).toBeUndefined();
  });
});
