// GET /api/v1/institutes/public: the first list, and through it the shared list machinery.
import { randomUUID } from 'node:crypto';
import { createTestServer, type TestServer } from '../helpers/serverApp';

let server: TestServer;
const EN = { 'accept-language': 'en' };

async function addInstitute(name: string, shortName: string, city: string | null, nameEn: string | null = null): Promise<void> {
  const at = new Date().toISOString();
  await server.db
    .insertInto('institutes')
    .values({ id: randomUUID(), name, name_hu: null, name_en: nameEn, short_name: shortName, city, time_zone: 'Europe/Budapest', created_at: at, updated_at: at })
    .execute();
}

beforeAll(async () => {
  server = await createTestServer({ seed: true });
  // Beside the three demo hospitals: wildcard characters, a comma and a missing city.
  await addInstitute('100% Rehab_Center', 'RC', 'Pécs');
  await addInstitute('Kórház, Budapest', 'KB', null);
});
afterAll(() => server.close());

async function list(query: string, headers: Record<string, string> = {}) {
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/institutes/public${query}`, headers });
  return { status: response.statusCode, body: response.json() };
}

const names = (body: { results: { name: string }[] }): string[] => body.results.map((r) => r.name);

test('answers id, localized name, short name and city, sorted by name, without statistics by default', async () => {
  const { status, body } = await list('');
  expect(status).toBe(200);
  expect(body.statistics).toBeUndefined();
  expect(names(body)).toEqual([
    '100% Rehab_Center',
    'Alföldi Megyei Kórház',
    'Duna-parti Egyetemi Klinika',
    'Kórház, Budapest',
    'Szent Lukács Kórház',
  ]);
  expect(body.results[1]).toEqual({ id: expect.any(String), name: 'Alföldi Megyei Kórház', shortName: 'AMK', city: 'Kecskemét' });
  expect(body.results[3].city).toBeNull();
});

test('names are in English for Accept-Language: en, falling back to the main name', async () => {
  const { body } = await list('?sort=name', EN);
  expect(names(body)).toEqual([
    '100% Rehab_Center',
    'Danube Riverside University Clinic',
    'Great Plain County Hospital',
    'Kórház, Budapest',
    "St. Luke's Hospital",
  ]);
});

test('sorts descending and by several fields', async () => {
  expect(names((await list('?sort=-name')).body)[0]).toBe('Szent Lukács Kórház');
  const { body } = await list('?sort=-city,shortName');
  // NULL cities go last in both directions, on both databases.
  expect(body.results.map((r: { shortName: string }) => r.shortName)).toEqual(['RC', 'AMK', 'DEK', 'SZLK', 'KB']);
});

test('pages with offset and limit, and statistics=true adds the total of the filtered list', async () => {
  const { body } = await list('?sort=shortName&offset=1&limit=2&statistics=true');
  expect(body.results.map((r: { shortName: string }) => r.shortName)).toEqual(['DEK', 'KB']);
  expect(body.statistics).toEqual({ total: 5 });
  const filtered = await list('?filter=name=@kórház&statistics=true&limit=1');
  expect(filtered.body.statistics).toEqual({ total: 3 });
  expect(filtered.body.results).toHaveLength(1);
});

test.each([
  ['city==Győr', ['Duna-parti Egyetemi Klinika']],
  ['name=@KÓRHÁZ', ['Alföldi Megyei Kórház', 'Kórház, Budapest', 'Szent Lukács Kórház']],
  ['name!@kórház', ['100% Rehab_Center', 'Duna-parti Egyetemi Klinika']],
  ['city!=Budapest', ['100% Rehab_Center', 'Alföldi Megyei Kórház', 'Duna-parti Egyetemi Klinika', 'Kórház, Budapest']],
  ['city==', ['Kórház, Budapest']],
  ['name=@%', ['100% Rehab_Center']],
  ['name=@_', ['100% Rehab_Center']],
  ['name==Kórház,, Budapest', ['Kórház, Budapest']],
  ['shortName>=KB,shortName<SZLK', ['100% Rehab_Center', 'Kórház, Budapest']],
  ['name=@kórház,city==Budapest', ['Szent Lukács Kórház']],
])('filter %s', async (filter, expected) => {
  const { status, body } = await list(`?filter=${encodeURIComponent(filter)}`);
  expect(status).toBe(200);
  expect(names(body)).toEqual(expected);
});

test.each([
  ['?filter=email==x', 'filter', 'list.unknownFilterField', { field: 'email', allowed: 'name, shortName, city' }],
  ['?sort=-createdAt', 'sort', 'list.unknownSortField', { field: 'createdAt', allowed: 'name, shortName, city' }],
  ['?filter=name', 'filter', 'list.filterSyntax', { position: 4 }],
  ['?limit=0', 'limit', 'list.limitRange', { min: 1, max: 1000 }],
  ['?limit=1001', 'limit', 'list.limitRange', { min: 1, max: 1000 }],
  ['?limit=ten', 'limit', 'list.limitRange', { min: 1, max: 1000 }],
  ['?offset=-1', 'offset', 'list.offsetRange', { min: 0, max: Number.MAX_SAFE_INTEGER }],
])('%s is a 400 with the field error', async (query, path, key, context) => {
  const { status, body } = await list(query);
  expect(status).toBe(400);
  expect(body).toMatchObject({ statusCode: 400, code: 'validation_failed', errors: [{ path, key, context }] });
});

test('the 400 message of a bad list query is localized', async () => {
  expect((await list('?limit=0')).body.message).toBe('Érvénytelen kérés: limit: 1 és 1000 közötti egész szám legyen');
  expect((await list('?limit=0', EN)).body.message).toBe('Invalid request: limit: must be a whole number from 1 to 1000');
  expect((await list('?filter=email==x', EN)).body.message).toBe(
    'Invalid request: filter: unknown filter field "email" (allowed: name, shortName, city)',
  );
});

test('a value is never SQL: quotes and SQL text are just characters to compare', async () => {
  const { status, body } = await list(`?filter=${encodeURIComponent("name==x' or '1'='1")}`);
  expect(status).toBe(200);
  expect(body.results).toEqual([]);
});
