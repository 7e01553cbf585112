// POST /mailchimp-list/update and GET /mailchimp-list over the real app and database, with the
// Mailchimp Marketing API answered by nock (no real call leaves the test): active users are put
// into the audience with name, language and their roles as tags, deactivated ones archived, users
// not yet activated left out; each run is recorded and readable; the admin only; off when unset.
import nock from 'nock';
import { subscriberHash } from '../../../server/mailingList/mailchimpClient';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, LOCAL_ADMIN, type ClinicalTestServer } from '../clinical/clinicalTestKit';
import { addAccount } from '../admin/adminTestKit';

const API = 'https://us21.api.mailchimp.com';
const KEY = '0123456789abcdef0123456789abcdef-us21';
const LIST = 'a1b2c3d4e5';
const MEMBERS = `/3.0/lists/${LIST}/members`;

let server: ClinicalTestServer;
let unconfigured: ClinicalTestServer;
beforeAll(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
  server = await createClinicalTestServer({ env: { MAILCHIMP_API_KEY: KEY, MAILCHIMP_LIST_ID: LIST } });
  unconfigured = await createClinicalTestServer();
  await addAccount(server.db, { email: 'Gone.Gizella@Example.org', name: 'Gone Gizella', state: 'inactive' });
  await addAccount(server.db, { email: 'waiting@example.org', name: 'Waiting Vera', state: 'confirmed' });
  const enUser = await addAccount(server.db, { email: 'english@example.org', name: 'English Emma', roles: ['user', 'data_exporter'] });
  await server.db.insertInto('profile_settings').values({ user_id: enUser, per_page: 10, locale: 'en', updated_at: new Date().toISOString() }).execute();
  // Two seeded apps: more than the default hook time on a busy PostgreSQL.
}, 60000);
afterEach(() => nock.cleanAll());
afterAll(async () => {
  nock.enableNetConnect();
  await server.close();
  await unconfigured.close();
});

interface Seen {
  method: string;
  path: string;
  body: unknown;
  authorization: string;
}

/** Answers every member call of the audience; `fail` picks calls to refuse (status, Mailchimp problem). */
function mailchimp(fail: (method: string, path: string) => number | null = () => null): Seen[] {
  const seen: Seen[] = [];
  const answer = (method: string) =>
    function (this: nock.ReplyFnContext, path: string, body: nock.Body): nock.ReplyFnResult {
      seen.push({ method, path, body, authorization: String(this.req.headers.authorization) });
      const status = fail(method, path);
      if (status !== null) return [status, { title: 'Invalid Resource', detail: `refused with ${status}` }];
      return method === 'DELETE' ? [204, ''] : [200, { id: 'x' }];
    };
  nock(API)
    .persist()
    .put(new RegExp(`^${MEMBERS}/[0-9a-f]{32}$`))
    .reply(answer('PUT'))
    .post(new RegExp(`^${MEMBERS}/[0-9a-f]{32}/tags$`))
    .reply(answer('POST'))
    .delete(new RegExp(`^${MEMBERS}/[0-9a-f]{32}$`))
    .reply(answer('DELETE'));
  return seen;
}

const activeEmails = async (db: ClinicalTestServer['db']): Promise<string[]> =>
  (await db.selectFrom('users').select('email').where('state', '=', 'active').execute()).map((row) => row.email);

describe('POST /mailchimp-list/update', () => {
  it('puts every active user into the audience with name, language and roles as tags, and archives the deactivated', async () => {
    const seen = mailchimp();
    const answer = await server.call('POST', '/mailchimp-list/update', ADMIN);
    expect(answer.status).toBe(200);
    const active = await activeEmails(server.db);
    expect(answer.body.results[0]).toMatchObject({ upserted: active.length, archived: 1, failed: 0, stopped: false, errors: [] });

    const puts = seen.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.path.split('/').pop()).sort()).toEqual(active.map(subscriberHash).sort());
    expect(puts.find((call) => call.path.endsWith(subscriberHash('english@example.org')))?.body).toEqual({
      email_address: 'english@example.org',
      status_if_new: 'subscribed',
      merge_fields: { FNAME: 'English Emma' },
      language: 'en',
    });
    const tags = seen.find((call) => call.method === 'POST' && call.path.includes(subscriberHash('english@example.org')))?.body as { tags: { name: string; status: string }[] };
    expect(tags.tags.filter((tag) => tag.status === 'active').map((tag) => tag.name).sort()).toEqual(['data_exporter', 'user']);
    expect(tags.tags).toContainEqual({ name: 'admin', status: 'inactive' });
    const adminPut = puts.find((call) => call.path.endsWith(subscriberHash(ADMIN)))?.body as { language: string };
    expect(adminPut.language).toBe('hu');

    // The hash is of the lowercased address; nobody waiting for activation is touched.
    expect(seen.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`${MEMBERS}/${subscriberHash('gone.gizella@example.org')}`]);
    expect(seen.some((call) => call.path.includes(subscriberHash('waiting@example.org')))).toBe(false);
    // The key goes in the Authorization header only.
    expect(seen.every((call) => call.authorization === `Basic ${Buffer.from(`registry:${KEY}`).toString('base64')}` && !call.path.includes(KEY))).toBe(true);
  });

  it('records each run: the status call answers the last one, and the log holds it without the key', async () => {
    mailchimp((method, path) => (method === 'PUT' && path.endsWith(subscriberHash(INVESTIGATOR)) ? 400 : method === 'DELETE' ? 404 : null));
    const answer = await server.call('POST', '/mailchimp-list/update', ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body.results[0]).toMatchObject({ archived: 0, failed: 1, errors: [{ email: INVESTIGATOR, action: 'upsert', status: 400, detail: 'Invalid Resource: refused with 400' }] });
    const status = await server.call('GET', '/mailchimp-list', ADMIN);
    expect(status.status).toBe(200);
    expect(status.body.results[0]).toEqual({ configured: true, missingSettings: [], lastRun: answer.body.results[0] });
    expect(status.body.results[0].lastRun.userName).toEqual(expect.any(String));
    const rows = await server.db.selectFrom('application_log').selectAll().where('event', '=', 'mailing_list.synced').execute();
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(KEY.split('-')[0]);
  });

  it('stops at a refused key with a 502, and records the stopped run', async () => {
    const seen = mailchimp(() => 401);
    const answer = await server.call('POST', '/mailchimp-list/update', ADMIN);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'mailing_list_refused', message: expect.stringContaining('MAILCHIMP_API_KEY') });
    expect(seen.length).toBeLessThanOrEqual(4);
    const status = await server.call('GET', '/mailchimp-list', ADMIN);
    expect(status.body.results[0].lastRun).toMatchObject({ stopped: true, upserted: 0, errors: [expect.objectContaining({ action: 'key', status: 401 })] });
  });

  it.each([
    ['a local administrator', LOCAL_ADMIN],
    ['an investigator', INVESTIGATOR],
  ])('refuses %s (403) without calling Mailchimp', async (_who, as) => {
    const seen = mailchimp();
    expect((await server.call('POST', '/mailchimp-list/update', as)).status).toBe(403);
    expect((await server.call('GET', '/mailchimp-list', as)).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('refuses an anonymous caller (401)', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/mailchimp-list/update' })).statusCode).toBe(401);
  });
});

describe('when MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID are unset', () => {
  it('the status names the settings to set and an update is a 409 naming them, in the caller\'s language', async () => {
    const status = await unconfigured.call('GET', '/mailchimp-list', ADMIN);
    expect(status.body.results[0]).toEqual({ configured: false, missingSettings: ['MAILCHIMP_API_KEY', 'MAILCHIMP_LIST_ID'], lastRun: null });
    const en = await unconfigured.call('POST', '/mailchimp-list/update', ADMIN);
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ code: 'mailing_list_not_configured', message: 'The mailing list is not configured: set MAILCHIMP_API_KEY, MAILCHIMP_LIST_ID' });
    const hu = await unconfigured.call('POST', '/mailchimp-list/update', ADMIN, undefined, { 'accept-language': 'hu' });
    expect(hu.body.message).toContain('nincs beállítva');
  });
});
