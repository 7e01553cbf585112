// Institute reads of signed-in users: list with shouldLocalize, one, name, accessible, physicians.
import { ADMIN, BIOBANK, createRegistryTestServer, EN, IMPORTER, INVESTIGATOR, INVESTIGATOR2, LOCAL_ADMIN, MONITOR, NO_ACCESS, type RegistryTestServer } from './registryTestKit';

let server: RegistryTestServer;
beforeAll(async () => {
  server = await createRegistryTestServer();
});
afterAll(() => server.close());

const short = (body: { results: { shortName: string }[] }): string[] => body.results.map((r) => r.shortName);

describe('GET /institutes', () => {
  test('names follow Accept-Language unless shouldLocalize=false', async () => {
    const en = await server.get('/institutes?sort=shortName', INVESTIGATOR, EN);
    expect(en.status).toBe(200);
    expect(en.body.results.map((r: { name: string }) => r.name)).toEqual(['Great Plain County Hospital', 'Danube Riverside University Clinic', "St. Luke's Hospital"]);
    expect(en.body.results[2]).toMatchObject({ nameHu: 'Szent Lukács Kórház', nameEn: "St. Luke's Hospital", city: 'Budapest', timeZone: 'Europe/Budapest', contactName: 'Fekete Ilona' });
    const raw = await server.get('/institutes?sort=shortName&shouldLocalize=false', INVESTIGATOR, EN);
    expect(raw.body.results[2].name).toBe('Szent Lukács Kórház');
    expect((await server.get('/institutes?sort=shortName', INVESTIGATOR)).body.results[2].name).toBe('Szent Lukács Kórház');
  });

  test('filter, sort, paging, statistics; bad input 400; anonymous 401', async () => {
    const page = await server.get('/institutes?sort=-city&limit=2&statistics=true', IMPORTER);
    expect(short(page.body)).toEqual(['AMK', 'DEK']);
    expect(page.body.statistics).toEqual({ total: 3 });
    expect(short((await server.get('/institutes?filter=name=@duna', IMPORTER)).body)).toEqual(['DEK']);
    expect(short((await server.get('/institutes?filter=name=@danube&shouldLocalize=true', IMPORTER, EN)).body)).toEqual(['DEK']);
    expect((await server.get('/institutes?filter=contactEmail==x', IMPORTER)).status).toBe(400);
    expect((await server.get('/institutes?shouldLocalize=perhaps', IMPORTER)).status).toBe(400);
    expect((await server.get('/institutes')).status).toBe(401);
  });
});

describe('GET /institutes/{id} and /name', () => {
  test('one institute and its names; unknown 404 with the spec text', async () => {
    const id = server.instituteId('DEK');
    const one = await server.get(`/institutes/${id}`, INVESTIGATOR, EN);
    expect(one.body.results).toHaveLength(1);
    expect(one.body.results[0]).toMatchObject({ id, name: 'Danube Riverside University Clinic', shortName: 'DEK', lat: expect.any(Number) });
    expect((await server.get(`/institutes/${id}?shouldLocalize=false`, INVESTIGATOR, EN)).body.results[0].name).toBe('Duna-parti Egyetemi Klinika');
    const name = await server.get(`/institutes/${id}/name`, INVESTIGATOR, EN);
    expect(name.body.results).toEqual([{ id, name: 'Danube Riverside University Clinic', nameHu: 'Duna-parti Egyetemi Klinika', nameEn: 'Danube Riverside University Clinic', shortName: 'DEK' }]);
    expect((await server.get('/institutes/nope', INVESTIGATOR, EN)).body).toMatchObject({ statusCode: 404, message: 'Institute not found' });
    expect((await server.get('/institutes/nope/name', INVESTIGATOR)).status).toBe(404);
  });
});

describe('GET /accessible-institutes', () => {
  test.each([
    [ADMIN, ['AMK', 'DEK', 'SZLK']],
    [MONITOR, ['AMK', 'DEK', 'SZLK']],
    [INVESTIGATOR, ['SZLK']],
    [INVESTIGATOR2, ['DEK']],
    [LOCAL_ADMIN, ['SZLK']],
    [BIOBANK, []],
    [IMPORTER, ['SZLK']],
    [NO_ACCESS, []],
  ])('%s reaches %j', async (who, expected) => {
    const { status, body } = await server.get('/accessible-institutes?sort=shortName', who);
    expect(status).toBe(200);
    expect(short(body)).toEqual(expected);
  });
});

describe('GET /institutes/{id}/physicians', () => {
  test('the doctors of an institute the caller has access to', async () => {
    const { status, body } = await server.get(`/institutes/${server.instituteId('SZLK')}/physicians?statistics=true`, LOCAL_ADMIN);
    expect(status).toBe(200);
    expect(body.statistics).toEqual({ total: 1 });
    expect(body.results).toEqual([{ id: server.userId(INVESTIGATOR), name: 'Dr. Nagy Eszter', email: INVESTIGATOR, displayId: expect.any(String) }]);
    expect((await server.get(`/institutes/${server.instituteId('DEK')}/physicians?filter=name=@tóth`, MONITOR)).body.results).toHaveLength(1);
    expect((await server.get(`/institutes/${server.instituteId('AMK')}/physicians`, ADMIN)).body.results).toEqual([]);
  });

  test('foreign institute 403, unknown 404, bad filter 400', async () => {
    expect((await server.get(`/institutes/${server.instituteId('SZLK')}/physicians`, INVESTIGATOR2, EN)).body).toMatchObject({
      statusCode: 403,
      message: "You haven't got permission to view this resource",
    });
    expect((await server.get(`/institutes/${server.instituteId('DEK')}/physicians`, IMPORTER)).status).toBe(403);
    expect((await server.get('/institutes/nope/physicians', ADMIN)).status).toBe(404);
    expect((await server.get(`/institutes/${server.instituteId('SZLK')}/physicians?filter=password==x`, ADMIN)).status).toBe(400);
  });
});
