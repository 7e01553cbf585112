// GET /application-log and GET /application-log/{id} over the real app and database: the central
// admin reads requests, events, crash reports and feedback, by time range, search, filter, sort
// and page; `raw` adds the stored row; everyone else is refused; a bad range is a 400 naming it.
import { logEvent } from '../../../server/appLog/appLog.repository';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, LOCAL_ADMIN, MONITOR, type ClinicalTestServer } from '../clinical/clinicalTestKit';
import { logRowsFor, waitFor } from '../../helpers/serverApp';

let server: ClinicalTestServer;
const ids: Record<string, string> = {};
beforeAll(async () => {
  server = await createClinicalTestServer();
  const db = server.db;
  // Fixed old instants so the range tests do not depend on the rows the calls themselves write.
  const at = async (id: string, createdAt: string): Promise<void> => {
    await db.updateTable('application_log').set({ created_at: createdAt }).where('id', '=', id).execute();
  };
  ids.event = await logEvent(db, { event: 'institute.updated', message: 'Zebra-Kórház renamed', targetType: 'institute', targetId: 'inst-42', targetName: 'Zebra Kórház', userName: 'Admin Anna', data: { before: 'Old' } });
  await at(ids.event, '2020-01-02T10:00:00.000Z');
  ids.other = await logEvent(db, { event: 'user.created', message: '100%_sure', targetType: 'user', targetName: 'Kovács Péter', severity: 'warning' });
  await at(ids.other, '2020-01-05T10:00:00.000Z');
  const crash = await server.call('POST', '/client-errors', INVESTIGATOR, { kind: 'crash', message: 'Cannot read properties of undefined (reading quux)', url: 'http://localhost/forms/1' });
  ids.crash = crash.body.results[0].id;
  const feedback = await server.call('POST', '/client-errors', INVESTIGATOR, { kind: 'feedback', comments: 'The save button froze', name: 'Ivett' });
  ids.feedback = feedback.body.results[0].id;
});
afterAll(() => server.close());

const list = (query: string, as = ADMIN): ReturnType<ClinicalTestServer['call']> => server.call('GET', `/application-log${query}`, as);

describe('GET /application-log', () => {
  it('shows requests, events, crash reports and feedback to the central admin, newest first', async () => {
    const probe = await server.call('GET', '/institutes/public', INVESTIGATOR, undefined, { 'x-request-id': 'applog-probe-1' });
    expect(probe.status).toBe(200);
    await waitFor(async () => (await logRowsFor(server.db, 'applog-probe-1'))[0]);
    const answer = await list('?limit=1000&statistics=true');
    expect(answer.status).toBe(200);
    const entries = answer.body.results as { id: string; createdAt: string; msg: string; event: string | null; reqId: string | null }[];
    expect(answer.body.statistics.total).toBeGreaterThanOrEqual(entries.length);
    const request = entries.find((e) => e.reqId === 'applog-probe-1');
    expect(request).toMatchObject({ msg: 'request completed', httpMethod: 'GET', url: '/api/v1/institutes/public', httpResponseCode: 200, userName: expect.any(String) });
    expect(entries.find((e) => e.id === ids.crash)).toMatchObject({ event: 'client.crash', severity: 'error', message: 'Cannot read properties of undefined (reading quux)' });
    expect(entries.find((e) => e.id === ids.feedback)).toMatchObject({ event: 'client.feedback', message: 'The save button froze', data: expect.objectContaining({ name: 'Ivett' }) });
    expect(entries.find((e) => e.id === ids.event)).toMatchObject({ targetName: 'Zebra Kórház', data: { before: 'Old' } });
    const times = entries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('narrows to a time range (both ends included) and pages it', async () => {
    const range = await list('?from=2020-01-01T00:00:00Z&to=2020-01-05T10:00:00.000Z&sort=createdAt');
    expect(range.body.results.map((e: { id: string }) => e.id)).toEqual([ids.event, ids.other]);
    const page = await list('?from=2020-01-01&to=2020-01-31&sort=-createdAt&limit=1&offset=1&statistics=true');
    expect(page.body).toEqual({ results: [expect.objectContaining({ id: ids.event })], statistics: { total: 2 } });
  });

  it('searches message, URL, user and target case-insensitively, wildcards literally', async () => {
    const byTarget = await list('?search=zebra k&to=2020-12-31');
    expect(byTarget.body.results.map((e: { id: string }) => e.id)).toEqual([ids.event]);
    const byUser = await list('?search=admin anna&to=2020-12-31');
    expect(byUser.body.results.map((e: { id: string }) => e.id)).toEqual([ids.event]);
    const literal = await list('?search=0%25_s&to=2020-12-31');
    expect(literal.body.results.map((e: { id: string }) => e.id)).toEqual([ids.other]);
    const none = await list('?search=%25&to=2020-12-31');
    expect(none.body.results.map((e: { id: string }) => e.id)).toEqual([ids.other]);
    const byUrl = await list('?search=/institutes/public&filter=msg==request completed');
    expect(byUrl.body.results.length).toBeGreaterThan(0);
    expect(byUrl.body.results.every((e: { url: string }) => e.url.includes('/institutes/public'))).toBe(true);
  });

  it('filters by the entry fields', async () => {
    const warnings = await list('?filter=severity==warning,targetType==user&to=2020-12-31');
    expect(warnings.body.results.map((e: { id: string }) => e.id)).toEqual([ids.other]);
    const crashes = await list('?filter=event==client.crash');
    expect(crashes.body.results.map((e: { id: string }) => e.id)).toEqual([ids.crash]);
  });

  it('adds the stored row with raw=true, and only then', async () => {
    const plain = await list('?filter=event==institute.updated');
    expect(plain.body.results[0].raw).toBeUndefined();
    const raw = await list('?filter=event==institute.updated&raw=true');
    expect(raw.body.results[0].raw).toMatchObject({ id: ids.event, event: 'institute.updated', target_id: 'inst-42', data: '{"before":"Old"}' });
  });

  it.each([
    ['from after to', '?from=2020-02-01T00:00:00Z&to=2020-01-01T00:00:00Z', 'from'],
    ['a from that is no instant', '?from=yesterday', 'from'],
    ['a to that is no instant', '?to=2020-13-45', 'to'],
    ['an unknown filter field', '?filter=password==x', 'filter'],
    ['an unknown sort field', '?sort=secret', 'sort'],
  ])('answers 400 naming the field for %s', async (_what, query, field) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('answers the range error in the caller\'s language', async () => {
    const hu = await server.call('GET', '/application-log?from=2020-02-01&to=2020-01-01', ADMIN, undefined, { 'accept-language': 'hu' });
    const en = await list('?from=2020-02-01&to=2020-01-01');
    expect(hu.status).toBe(400);
    expect(hu.body.message).not.toBe(en.body.message);
  });

  it.each([
    ['a local administrator', LOCAL_ADMIN],
    ['a monitor', MONITOR],
    ['an investigator', INVESTIGATOR],
  ])('refuses %s (403)', async (_who, as) => {
    expect((await list('', as)).status).toBe(403);
    expect((await server.call('GET', `/application-log/${ids.event}`, as)).status).toBe(403);
  });

  it('refuses an anonymous caller (401)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/application-log' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /application-log/{id}', () => {
  it('answers one entry, with the stored row when raw=true', async () => {
    const one = await server.call('GET', `/application-log/${ids.feedback}`, ADMIN);
    expect(one.status).toBe(200);
    expect(one.body.results).toEqual([expect.objectContaining({ id: ids.feedback, event: 'client.feedback' })]);
    expect(one.body.results[0].raw).toBeUndefined();
    const raw = await server.call('GET', `/application-log/${ids.feedback}?raw=true`, ADMIN);
    expect(raw.body.results[0].raw).toMatchObject({ id: ids.feedback, msg: 'event' });
  });

  it('answers 404 for an unknown id', async () => {
    const missing = await server.call('GET', '/application-log/00000000-0000-4000-8000-000000000000', ADMIN);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  });
});
