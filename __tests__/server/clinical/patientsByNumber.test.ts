// The patients list by internal number (migrations 0026, 0027): "number contains" through the
// number trigrams matches exactly what a substring match would, in any case, with `%` and `_` as
// plain characters, and follows a changed number at once; sorted by number the list pages through
// every visible patient once, ignoring case, both ways.
import { createClinicalTestServer, INVESTIGATOR, MONITOR, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;

interface Row {
  id: string;
  internalPatientNumber: string;
}

async function list(query: string, as = MONITOR): Promise<{ rows: Row[]; total: number }> {
  const { status, body } = await server.call('GET', `/patients?statistics=true&${query}`, as);
  expect(status).toBe(200);
  return { rows: body.results, total: body.statistics.total };
}

const fold = (text: string): string => text.toLowerCase();
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

beforeAll(async () => {
  server = await createClinicalTestServer();
  const created = await server.call('POST', `/institutes/${server.instituteId('SZLK')}/patients`, INVESTIGATOR, {
    registryId: server.registryId('RA-BIO'),
    name: 'Szám Szerinti',
    insuranceNumber: validTaj(),
    dob: '1975-06-07',
    gender: 'female',
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

it('finds numbers by any part of three or more characters, in any case, with the exact total', async () => {
  const all = (await list('limit=1000')).rows;
  const sample = all[0].internalPatientNumber;
  for (const part of [sample.slice(1, 6), sample.slice(1, 6).toUpperCase(), sample.slice(-2)]) {
    const expected = all.filter((row) => fold(row.internalPatientNumber).includes(fold(part))).map((row) => row.id);
    const found = await list(`limit=1000&filter=${encodeURIComponent(`internalPatientNumber=@${part}`)}`);
    expect(found.rows.map((row) => row.id).sort()).toEqual([...expected].sort());
    expect(found.total).toBe(expected.length);
  }
});

it('tells the whole total of a number search on every page, within the caller\'s scope, in any sort', async () => {
  for (const as of [MONITOR, INVESTIGATOR]) {
    const all = (await list('limit=1000', as)).rows;
    const part = all[0].internalPatientNumber.slice(0, 3);
    const expected = all.filter((row) => fold(row.internalPatientNumber).includes(fold(part)));
    expect(expected.length).toBeGreaterThan(2);
    const filter = `filter=${encodeURIComponent(`internalPatientNumber=@${part}`)}`;
    for (const sort of ['-createdAt', 'internalPatientNumber', 'dob']) {
      const first = await list(`limit=2&sort=${sort}&${filter}`, as);
      const second = await list(`limit=2&offset=2&sort=${sort}&${filter}`, as);
      expect([first.total, second.total]).toEqual([expected.length, expected.length]);
      expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(Math.min(4, expected.length));
    }
    const beyond = await list(`limit=2&offset=${expected.length + 5}&${filter}`, as);
    expect(beyond).toEqual({ rows: [], total: expected.length });
  }
});

it('follows a changed number, `%` and `_` as plain characters', async () => {
  const { id } = (await list('limit=1')).rows[0];
  const changed = await server.db.updateTable('patients').set({ internal_patient_number: 'SZLK-Szám_%7' }).where('id', '=', id).executeTakeFirst();
  expect(changed.numUpdatedRows).toBe(1n);
  const search = async (part: string): Promise<string[]> => (await list(`limit=1000&filter=${encodeURIComponent(`internalPatientNumber=@${part}`)}`)).rows.map((row) => row.id);
  expect(await search('SZÁM_%')).toEqual([id]);
  expect(await search('m_%7')).toEqual([id]);
  expect(await search('szám1')).toEqual([]);
  expect(await search('ám_x')).toEqual([]);
});

it('pages through every visible patient by number without case, both ways', async () => {
  for (const as of [MONITOR, INVESTIGATOR]) {
    const all = (await list('limit=1000', as)).rows;
    for (const [sort, direction] of [['internalPatientNumber', 1], ['-internalPatientNumber', -1]] as const) {
      const seen: string[] = [];
      for (let offset = 0; offset < all.length; offset += 7) seen.push(...(await list(`limit=7&offset=${offset}&sort=${sort}`, as)).rows.map((row) => row.id));
      const expected = [...all].sort((a, b) => direction * (compare(fold(a.internalPatientNumber), fold(b.internalPatientNumber)) || compare(a.id, b.id)));
      expect(seen).toEqual(expected.map((row) => row.id));
    }
  }
});

it('pages through the registry patient numbers without case, those without one last both ways', async () => {
  const ids = (await list('limit=1000')).rows.map((row) => row.id);
  expect(ids.length).toBeGreaterThan(4);
  for (const [index, number] of ['rb-002', 'RB-001', 'rb-010'].entries()) {
    await server.db.updateTable('patients').set({ registry_patient_number: number }).where('id', '=', ids[index]).execute();
  }
  const all = (await list('limit=1000')).rows as (Row & { registryPatientNumber: string | null })[];
  for (const [sort, direction] of [['registryPatientNumber', 1], ['-registryPatientNumber', -1]] as const) {
    const seen: string[] = [];
    for (let offset = 0; offset < all.length; offset += 4) seen.push(...(await list(`limit=4&offset=${offset}&sort=${sort}`)).rows.map((row) => row.id));
    const key = (row: { registryPatientNumber: string | null }): string | null => (row.registryPatientNumber === null ? null : fold(row.registryPatientNumber));
    const expected = [...all].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x === null || y === null) return x === y ? direction * compare(a.id, b.id) : x === null ? 1 : -1;
      return direction * (compare(x, y) || compare(a.id, b.id));
    });
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(seen.slice(0, 3)).toEqual(direction === 1 ? [ids[1], ids[0], ids[2]] : [ids[2], ids[0], ids[1]]);
  }
});
