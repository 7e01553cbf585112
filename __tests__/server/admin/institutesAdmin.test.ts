// POST and DELETE /institutes, GET /institutes/{id}/usage over the real app and database: the
// central admin only, every field of spec §3, field-named 400s with the spec text, the 409 of an
// institute still in use, and nothing written by a refused call.
import { ADMIN, createClinicalTestServer, INVESTIGATOR, LOCAL_ADMIN, type ClinicalTestServer } from '../clinical/clinicalTestKit';
import { addAccount } from './adminTestKit';

let server: ClinicalTestServer;
const IMPERSONATOR = 'impersonator.only@example.org';
beforeAll(async () => {
  server = await createClinicalTestServer();
  await addAccount(server.db, { email: IMPERSONATOR, roles: ['impersonator'] });
});
afterAll(() => server.close());

const FULL = {
  name: 'Északi Megyei Kórház',
  nameHu: 'Északi Megyei Kórház',
  nameEn: 'Northern County Hospital',
  shortName: 'EMK',
  country: 'HU',
  city: 'Miskolc',
  contactName: 'Dr. Fehér Ágnes',
  contactEmail: 'info@emk.example.org',
  contactPhone: '+36 46 555 0100',
  notes: 'North',
  timeZone: 'europe/budapest',
  postCode: '3526',
  region: 'Borsod',
  address: 'Szentpéteri kapu 72.',
  lat: 48.1,
  lon: 20.78,
};

const count = async (): Promise<number> => (await server.db.selectFrom('institutes').select('id').execute()).length;

describe('POST /institutes', () => {
  it('adds an institute with every field (admin), answers it localized, canonical time zone', async () => {
    const created = await server.call('POST', '/institutes', ADMIN, FULL);
    expect(created.status).toBe(201);
    const institute = created.body.results[0];
    expect(institute).toMatchObject({ ...FULL, name: 'Northern County Hospital', timeZone: 'Europe/Budapest', id: expect.any(String) });
    const raw = await server.call('GET', `/institutes/${institute.id}?shouldLocalize=false`, INVESTIGATOR);
    expect(raw.body.results[0].name).toBe('Északi Megyei Kórház');
    const name = await server.call('GET', `/institutes/${institute.id}/name`, INVESTIGATOR, undefined, { 'accept-language': 'hu' });
    expect(name.body.results[0]).toEqual({ id: institute.id, name: 'Északi Megyei Kórház', nameHu: 'Északi Megyei Kórház', nameEn: 'Northern County Hospital', shortName: 'EMK' });
  });

  it.each([
    ['a local administrator', LOCAL_ADMIN, 403],
    ['a plain user', INVESTIGATOR, 403],
    ['an impersonator', IMPERSONATOR, 403],
    ['nobody', '', 401],
  ])('is refused to %s', async (_who, as, status) => {
    const before = await count();
    expect((await server.call('POST', '/institutes', as, { ...FULL, shortName: 'X1' })).status).toBe(status);
    expect(await count()).toBe(before);
  });

  it.each([
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, ['timeZone']],
    ['coordinates out of range', { lat: 91, lon: -181 }, ['lat', 'lon']],
    ['no name', { name: undefined }, ['name']],
    ['a bad contact e-mail', { contactEmail: 'not-mail' }, ['contactEmail']],
    ['a taken short name (any case)', { shortName: 'szlk' }, ['shortName']],
  ])('refuses %s with the spec text and the fields named', async (_case, change, paths) => {
    const before = await count();
    const answer = await server.call('POST', '/institutes', ADMIN, { ...FULL, shortName: 'NEW1', ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Can not add this institutes check your input!/);
    expect(answer.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(paths);
    for (const path of paths) expect(answer.body.message).toContain(`${path}: `);
    expect(await count()).toBe(before);
  });

  it('says it in Hungarian too', async () => {
    const answer = await server.call('POST', '/institutes', ADMIN, { ...FULL, shortName: 'NEW2', timeZone: 'x' }, { 'accept-language': 'hu' });
    expect(answer.body.message).toMatch(/^Az intézmény nem menthető.*timeZone: /);
  });
});

describe('DELETE /institutes/{id} and GET /institutes/{id}/usage', () => {
  it('refuses an institute with users or patients (409, the spec text) and says how much uses it', async () => {
    const szlk = server.instituteId('SZLK');
    const usage = await server.call('GET', `/institutes/${szlk}/usage`, ADMIN);
    expect(usage.body.results[0]).toEqual({ patients: expect.any(Number), users: 2, attendances: expect.any(Number), forms: expect.any(Number) });
    expect(usage.body.results[0].patients).toBeGreaterThan(0);
    const refused = await server.call('DELETE', `/institutes/${szlk}`, ADMIN);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Can not delete this institutes!/);
    expect((await server.call('GET', `/institutes/${szlk}`, ADMIN)).status).toBe(200);
  });

  it('refuses an institute whose only tie is one user', async () => {
    const created = (await server.call('POST', '/institutes', ADMIN, { ...FULL, shortName: 'ONEUSER' })).body.results[0];
    await addAccount(server.db, { email: 'lonely@example.org', instituteId: created.id });
    expect((await server.call('DELETE', `/institutes/${created.id}`, ADMIN)).status).toBe(409);
  });

  it('deletes an unused institute (admin only), then it is gone', async () => {
    const created = (await server.call('POST', '/institutes', ADMIN, { ...FULL, shortName: 'GONE' })).body.results[0];
    expect((await server.call('GET', `/institutes/${created.id}/usage`, ADMIN)).body.results[0]).toEqual({ patients: 0, users: 0, attendances: 0, forms: 0 });
    for (const [as, status] of [[LOCAL_ADMIN, 403], [INVESTIGATOR, 403], [IMPERSONATOR, 403], ['', 401]] as const) {
      expect((await server.call('DELETE', `/institutes/${created.id}`, as)).status).toBe(status);
      expect((await server.call('GET', `/institutes/${created.id}/usage`, as)).status).toBe(status);
    }
    expect((await server.call('DELETE', `/institutes/${created.id}`, ADMIN)).status).toBe(204);
    expect((await server.call('GET', `/institutes/${created.id}`, ADMIN)).status).toBe(404);
    expect((await server.call('DELETE', `/institutes/${created.id}`, ADMIN)).status).toBe(404);
    expect((await server.call('GET', `/institutes/${created.id}/usage`, ADMIN)).status).toBe(404);
  });
});

describe('PUT /institutes/{id} bad input', () => {
  it('answers the institute text with the fields named, also for what the schema rejects', async () => {
    const id = server.instituteId('AMK');
    const answer = await server.call('PUT', `/institutes/${id}`, ADMIN, { ...FULL, shortName: 'AMK', lat: 100 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Can not add this institutes check your input! lat: /);
  });
});
