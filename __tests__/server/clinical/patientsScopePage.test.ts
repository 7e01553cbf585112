// The patients list of a caller who sees a few (registry, institute) pairs, in creation order
// (PostgreSQL merges one walk per pair, server/patients/patientsScopePage.ts; SQLite reads the
// generic statement) and by number (both merge). On both, every page must be the slice of the order the admin's list shows
// for the same patients, with the same total, whatever the page size and direction.
import { ADMIN, createClinicalTestServer, INVESTIGATOR, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
let szlk = '';
let visibleRegistries: string[] = [];

type Listed = { id: string; registry: { id: string } };

beforeAll(async () => {
  server = await createClinicalTestServer();
  szlk = server.instituteId('SZLK');
  // The demo investigator's reg_access: RA-BIO and NSCLC-1L, both at SZLK only.
  visibleRegistries = [server.registryId('RA-BIO'), server.registryId('NSCLC-1L')];
  for (let index = 0; index < 3; index += 1) {
    const created = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, {
      registryId: visibleRegistries[0],
      name: `Lapozó Teszt ${index}`,
      dob: '1975-05-05',
      gender: 'male',
      insuranceNumber: validTaj(),
    });
    expect(created.status).toBe(201);
  }
});
afterAll(async () => {
  await server.close();
});

/** The investigator's patients as the admin's full list orders them. */
async function expectedRows(sort: string): Promise<Listed[]> {
  const { status, body } = await server.call('GET', `/patients?limit=1000&sort=${sort}&filter=${encodeURIComponent(`instituteId==${szlk}`)}`, ADMIN);
  expect(status).toBe(200);
  return (body.results as Listed[]).filter((row) => visibleRegistries.includes(row.registry.id));
}

async function expectedOrder(sort: string): Promise<string[]> {
  return (await expectedRows(sort)).map((row) => row.id);
}

async function pagesOf(path: string, sort: string, limit: number): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const { status, body } = await server.call('GET', `${path}?limit=${limit}&offset=${offset}&statistics=true${sort ? `&sort=${sort}` : ''}`, INVESTIGATOR);
    expect(status).toBe(200);
    ids.push(...(body.results as Listed[]).map((row) => row.id));
    totals.push(body.statistics.total);
    if (body.results.length < limit) return { ids, totals };
  }
}

describe('the patients list of a caller with several registry and institute pairs', () => {
  it('pages through both registries in creation order, newest first by default', async () => {
    const rows = await expectedRows('-createdAt');
    const expected = rows.map((row) => row.id);
    expect(new Set(rows.map((row) => row.registry.id)).size).toBe(2);
    for (const limit of [1, 2, 3, 7]) {
      const { ids, totals } = await pagesOf('/patients', '', limit);
      expect(ids).toEqual(expected);
      expect(new Set(totals)).toEqual(new Set([expected.length]));
    }
    expect((await pagesOf('/patients', '-createdAt', 4)).ids).toEqual(expected);
  });

  it('pages oldest first with sort=createdAt', async () => {
    const expected = await expectedOrder('createdAt');
    expect((await pagesOf('/patients', 'createdAt', 3)).ids).toEqual(expected);
  });

  it('pages by patient number both ways, merging the pairs in the same order on both databases', async () => {
    for (const sort of ['internalPatientNumber', '-internalPatientNumber']) {
      const expected = await expectedOrder(sort);
      expect(expected.length).toBeGreaterThan(3);
      for (const limit of [1, 3, 1000]) expect((await pagesOf('/patients', sort, limit)).ids).toEqual(expected);
      expect((await pagesOf(`/institutes/${szlk}/patients`, sort, 2)).ids).toEqual(expected);
    }
  });

  it('answers an empty page past the end and the same pages under the institute', async () => {
    const expected = await expectedOrder('-createdAt');
    const past = await server.call('GET', `/patients?limit=5&offset=${expected.length + 10}&statistics=true`, INVESTIGATOR);
    expect(past.status).toBe(200);
    expect(past.body.results).toEqual([]);
    expect(past.body.statistics.total).toBe(expected.length);
    // Without statistics no counter answers first: the page itself runs at the largest offset.
    const farthest = await server.call('GET', `/patients?limit=1000&offset=${Number.MAX_SAFE_INTEGER}`, INVESTIGATOR);
    expect(farthest.status).toBe(200);
    expect(farthest.body.results).toEqual([]);
    expect((await pagesOf(`/institutes/${szlk}/patients`, '', 4)).ids).toEqual(expected);
  });

  // On PostgreSQL the first page's rows carry the counters' total; an empty one has none to carry it.
  it('totals an empty first page and a first page of one registry from the counters', async () => {
    const none = await server.call('GET', `/patients?limit=5&statistics=true&filter=${encodeURIComponent(`instituteId==${server.instituteId('DEK')}`)}`, INVESTIGATOR);
    expect(none.status).toBe(200);
    expect({ rows: none.body.results, total: none.body.statistics.total }).toEqual({ rows: [], total: 0 });
    const rows = (await expectedRows('-createdAt')).filter((row) => row.registry.id === visibleRegistries[0]);
    const first = await server.call('GET', `/patients?limit=2&statistics=true&filter=${encodeURIComponent(`registryId==${visibleRegistries[0]}`)}`, INVESTIGATOR);
    expect(first.status).toBe(200);
    expect({ rows: (first.body.results as Listed[]).map((row) => row.id), total: first.body.statistics.total }).toEqual({ rows: rows.slice(0, 2).map((row) => row.id), total: rows.length });
  });
});
