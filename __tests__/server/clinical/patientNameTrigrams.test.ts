// Name search through the trigram index (migration 0022: FTS5 on SQLite; 0040 on PostgreSQL, the
// trigram entries walked in name order) answers exactly what the scan answers. The reference is the
// same list with one more filter that is true for every patient (`createdAt>=1900-01-01`): a filter
// the trigram table cannot answer, so that list scans the names as before. Both are also checked
// against the names a caller sees, folded in JavaScript, so that neither can be empty or wrong alike.
import { sql } from 'kysely';
import { foldSearchText } from '../../../src/domain/patients/searchText';
import type { Database } from '../../../server/db/database';
import { migratorFor } from '../../../server/db/migrate';
import { createTrigramIndex } from '../../../server/db/migrations/0022_patient_name_trigrams';
import { rarestTrigram, SHARES_REFRESH_MS, trigramsOf } from '../../../server/patients/nameTrigramShares';
import { testDatabaseUrl } from '../../helpers/serverApp';
import { ADMIN, createClinicalTestServer, EXPORTER, INVESTIGATOR, INVESTIGATOR2, MONITOR, MONITOR_INVESTIGATOR, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
/** A word no demo patient has, so that the common term's matches are this file's patients. */
const TAG = `Tg${Date.now().toString(36)}`;
const SCAN = 'createdAt>=1900-01-01';
const CALLERS = [INVESTIGATOR, INVESTIGATOR2, ADMIN, MONITOR, MONITOR_INVESTIGATOR, EXPORTER];
const COMMON = 14;

beforeAll(async () => {
  server = await createClinicalTestServer();
  const raBio = server.registryId('RA-BIO');
  const names = [
    ...Array.from({ length: COMMON }, (_, n) => [INVESTIGATOR, `${TAG} Gyakori ${String.fromCharCode(65 + n)}`]),
    ...Array.from({ length: 4 }, (_, n) => [INVESTIGATOR2, `${TAG} Gyakori Debrecen ${n}`]),
    [INVESTIGATOR, `${TAG} Ritkaság Rudolf`],
    [INVESTIGATOR, `${TAG} 50%_off Árvíztűrő`],
    [INVESTIGATOR, `${TAG} 50xxoff Tükörfúrógép`],
    [INVESTIGATOR, `${TAG} back\\slash "Idéző" Ödön`],
  ];
  for (const [as, name] of names) {
    const institute = as === INVESTIGATOR ? server.instituteId('SZLK') : server.instituteId('DEK');
    const body = { registryId: raBio, name, dob: '1980-01-01', gender: 'female', insuranceNumber: validTaj() };
    expect((await server.call('POST', `/institutes/${institute}/patients`, as, body)).status).toBe(201);
  }
});
afterAll(async () => {
  await server.close();
});

interface Page {
  names: (string | null)[];
  total: number;
}

async function page(filter: string, as: string, query = 'limit=5&offset=0&sort=name'): Promise<Page> {
  const { status, body } = await server.call('GET', `/patients?statistics=true&${query}&filter=${encodeURIComponent(filter)}`, as);
  expect(status).toBe(200);
  return { names: body.results.map((p: { name: string | null }) => p.name), total: body.statistics.total };
}

/** Every name the caller sees that contains the term, folded: what a scan must find. */
async function expectedNames(term: string, as: string): Promise<string[]> {
  const { body } = await server.call('GET', '/patients?limit=1000', as);
  return body.results.map((p: { name: string | null }) => p.name).filter((name: string | null): name is string => name !== null && foldSearchText(name).includes(foldSearchText(term)));
}

/** The trigram answer equals the scan's, page by page and in total, for every caller and order. */
async function expectSameAsScan(term: string, expected: Record<string, number> = {}): Promise<void> {
  for (const as of CALLERS) {
    const found = new Set(await expectedNames(term, as));
    for (const query of ['limit=5&offset=0&sort=name', 'limit=5&offset=5&sort=-name', 'limit=5&offset=0', 'limit=3&offset=1&sort=-createdAt', 'limit=5&sort=dob']) {
      const trigram = await page(`name=@${term}`, as, query);
      expect({ as, query, ...trigram }).toEqual({ as, query, ...(await page(`name=@${term},${SCAN}`, as, query)) });
      expect({ as, query, total: trigram.total }).toEqual({ as, query, total: found.size });
      for (const name of trigram.names) expect(found.has(name as string)).toBe(true);
    }
    if (as in expected) expect({ as, total: found.size }).toEqual({ as, total: expected[as] });
  }
}

describe('name search with trigrams', () => {
  it('answers a common term as the scan does, for every caller', async () => {
    // The institute-limited investigators see their own institute's; the exporter no names at all.
    await expectSameAsScan(`${TAG} gyakori`, { [INVESTIGATOR]: COMMON, [INVESTIGATOR2]: 4, [ADMIN]: COMMON + 4, [EXPORTER]: 0 });
  });

  it('answers a rare term, an accented one and one with literal % and _', async () => {
    await expectSameAsScan('RITKASAG', { [INVESTIGATOR]: 1, [INVESTIGATOR2]: 0, [EXPORTER]: 0 });
    await expectSameAsScan('árvíztűrő', { [INVESTIGATOR]: 1 });
    await expectSameAsScan('TUKORFURO', { [INVESTIGATOR]: 1 });
    await expectSameAsScan('50%_o', { [INVESTIGATOR]: 1 });
    await expectSameAsScan('0%_', { [INVESTIGATOR]: 1 });
    await expectSameAsScan('k\\s', { [INVESTIGATOR]: 1 });
    await expectSameAsScan('"idéző"', { [INVESTIGATOR]: 1 });
  });

  it('answers terms of under three characters and "does not contain" by the scan, unchanged', async () => {
    await expectSameAsScan('gy');
    await expectSameAsScan('ő');
    const without = await page(`name=@${TAG},name!@gyakori`, INVESTIGATOR, 'limit=100&sort=name');
    expect(without).toEqual(await page(`name=@${TAG},name!@gyakori,${SCAN}`, INVESTIGATOR, 'limit=100&sort=name'));
    expect(without.total).toBe(4);
    // A hidden name matches every "does not contain".
    expect((await page(`name=@${TAG},name!@gyakori`, EXPORTER)).total).toBe(0);
    expect((await page(`name!@${TAG}`, EXPORTER)).total).toBe((await page(SCAN, EXPORTER)).total);
  });

  it('narrows by registry and institute beside the name', async () => {
    const dek = `instituteId==${server.instituteId('DEK')}`;
    const term = `${TAG} gyakori`;
    expect(await page(`name=@${term},${dek}`, ADMIN)).toEqual(await page(`name=@${term},${dek},${SCAN}`, ADMIN));
    expect((await page(`name=@${term},${dek}`, ADMIN)).total).toBe(4);
    expect((await page(`name=@${term},registryId==${server.registryId('NSCLC-1L')}`, ADMIN)).total).toBe(0);
    const institutePatients = await server.call('GET', `/institutes/${server.instituteId('SZLK')}/patients?statistics=true&limit=3&sort=name&filter=${encodeURIComponent(`name=@${term}`)}`, ADMIN);
    expect(institutePatients.body.statistics.total).toBe(COMMON);
  });

  it('follows a rename, a merge and a delete', async () => {
    const created = await server.call('POST', `/institutes/${server.instituteId('SZLK')}/patients`, INVESTIGATOR, {
      registryId: server.registryId('RA-BIO'),
      name: `${TAG} Költöző Kálmán`,
      dob: '1970-01-01',
      gender: 'male',
      insuranceNumber: validTaj(),
    });
    const id = created.body.results[0].id as string;
    await expectSameAsScan('koltozo', { [INVESTIGATOR]: 1 });
    expect((await server.call('PUT', `/patient/${id}`, INVESTIGATOR, { name: `${TAG} Maradó Mária` })).status).toBe(200);
    await expectSameAsScan('koltozo', { [INVESTIGATOR]: 0, [ADMIN]: 0 });
    await expectSameAsScan('marado', { [INVESTIGATOR]: 1 });

    const { body } = await server.call('GET', `/patients?limit=1&filter=${encodeURIComponent(`name=@${TAG} gyakori a`)}`, INVESTIGATOR);
    const into = body.results[0].id as string;
    expect((await server.call('PUT', `/patient/${id}?mergeInto=${into}`, INVESTIGATOR, {})).status).toBe(200);
    await expectSameAsScan('marado', { [INVESTIGATOR]: 0, [ADMIN]: 0 });

    const { body: rare } = await server.call('GET', `/patients?limit=1&filter=${encodeURIComponent('name=@ritkasag')}`, INVESTIGATOR);
    expect((await server.call('DELETE', `/patient/${rare.results[0].id}`, INVESTIGATOR)).status).toBe(204);
    await expectSameAsScan('ritkasag', { [INVESTIGATOR]: 0, [ADMIN]: 0 });
    await expectSameAsScan(`${TAG} gyakori`, { [INVESTIGATOR]: COMMON, [ADMIN]: COMMON + 4 });
  });
});

/** A row's key in patient_name_search (SQLite), by patient id. */
async function searchKey(patientId: string): Promise<number> {
  const { rows } = await sql<{ seq: number }>`select seq from patient_name_search where id = ${patientId}`.execute(server.db);
  return Number(rows[0].seq);
}

/** Keys per bucket of patient_name_search (migration 0023). */
const BUCKET_KEYS = 2 ** 20;

/** The first key of a folded name's bucket: its first four characters, 8 bits each (migration 0023). */
function bucketOf(folded: string): number {
  const codes = [...folded.slice(0, 4).padEnd(4, '\0')].map((character) => Math.min(character.codePointAt(0) ?? 0, 255));
  return codes.reduce((key, code, position) => key + code * 2 ** (44 - 8 * position), 0);
}

async function createPatient(name: string): Promise<string> {
  const body = { registryId: server.registryId('RA-BIO'), name, dob: '1990-01-01', gender: 'male', insuranceNumber: validTaj() };
  const created = await server.call('POST', `/institutes/${server.instituteId('SZLK')}/patients`, INVESTIGATOR, body);
  expect(created.status).toBe(201);
  return created.body.results[0].id as string;
}

(testDatabaseUrl() ? describe.skip : describe)('the search rows stored by name (SQLite)', () => {
  it('keys the rows of one surname next to each other whatever order they were written in, and a rename moves its row', async () => {
    const prefix = `Qv${TAG}`;
    const bucket = bucketOf(foldSearchText(prefix));
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(await createPatient(`${prefix} Első ${n}`));
      await createPatient(`Zs${TAG} Közbeírt ${n}`);
    }
    const keys = await Promise.all(ids.map(searchKey));
    expect(keys).toEqual([bucket, bucket + 1, bucket + 2]);
    await expectSameAsScan(`${prefix} els`, { [INVESTIGATOR]: 3 });

    expect((await server.call('PUT', `/patient/${ids[0]}`, INVESTIGATOR, { name: `Wq${TAG} Átnevezett` })).status).toBe(200);
    const moved = await searchKey(ids[0]);
    expect(moved).toBeGreaterThanOrEqual(bucketOf(foldSearchText(`Wq${TAG}`)));
    expect(moved).toBeLessThan(bucketOf(foldSearchText(`Wq${TAG}`)) + BUCKET_KEYS);
    await expectSameAsScan(`${prefix} els`, { [INVESTIGATOR]: 2 });
    await expectSameAsScan(`wq${TAG} atnev`, { [INVESTIGATOR]: 1 });
  });

  it('gives a row of a full bucket a key above every other, and still finds it', async () => {
    const prefix = `Qf${TAG}`;
    const bucket = bucketOf(foldSearchText(prefix));
    // The bucket's last key taken by a row of no patient (the FTS5 index does not know it).
    await sql`insert into patient_name_search (seq, id, name_folded, registry_id, institute_id, created_at) values (${bucket + BUCKET_KEYS - 1}, 'full-bucket', 'qf', 'x', 'x', 'x')`.execute(server.db);
    try {
      const id = await createPatient(`${prefix} Túlcsorduló`);
      const { rows } = await sql<{ largest: number }>`select max(seq) as largest from patient_name_search`.execute(server.db);
      expect(await searchKey(id)).toBe(Number(rows[0].largest));
      expect(await searchKey(id)).toBeGreaterThan(bucket + BUCKET_KEYS - 1);
      await expectSameAsScan(`${prefix} tulcs`, { [INVESTIGATOR]: 1 });
    } finally {
      await sql`delete from patient_name_search where id = 'full-bucket'`.execute(server.db);
    }
  });
});

/** The entries patient_name_trigram_keys must hold: each distinct trigram of each folded name (PostgreSQL). */
const EXPECTED_KEYS = sql`select distinct substr(name_folded, i, 3) as trigram, name_folded, id, registry_id, institute_id, created_at
  from patients cross join generate_series(1, char_length(name_folded) - 2) i`;

async function keysDiffer(): Promise<unknown[]> {
  const { rows } = await sql`(select * from patient_name_trigram_keys except ${EXPECTED_KEYS}) union all (${EXPECTED_KEYS} except select * from patient_name_trigram_keys)`.execute(server.db);
  return rows;
}

(testDatabaseUrl() ? describe : describe.skip)('the trigram entries of the names (PostgreSQL)', () => {
  it('hold each trigram of each name once, through creations, renames, moves and deletes', async () => {
    // A trigram that repeats within a name ("ana" three times) is one entry.
    const id = await createPatient(`${TAG} Ananász Annaanna`);
    await expectSameAsScan('anasz', { [INVESTIGATOR]: 1 });
    expect(await keysDiffer()).toEqual([]);
    expect((await server.call('PUT', `/patient/${id}`, INVESTIGATOR, { name: `${TAG} Banán Berta` })).status).toBe(200);
    // An update of other columns leaves the entries as they were; a move to another registry changes them.
    await sql`update patients set updated_at = updated_at where id = ${id}`.execute(server.db);
    await sql`update patients set registry_id = ${server.registryId('NSCLC-1L')} where id = ${id}`.execute(server.db);
    expect(await keysDiffer()).toEqual([]);
    await expectSameAsScan('anasz', { [INVESTIGATOR]: 0, [ADMIN]: 0 });
    await expectSameAsScan('banan', { [ADMIN]: 1 });
    await sql`delete from patients where id = ${id}`.execute(server.db);
    expect(await keysDiffer()).toEqual([]);
    await expectSameAsScan('banan', { [ADMIN]: 0 });
  });

  it('walks the rarest of a term\'s trigrams, as the table\'s statistics tell it', async () => {
    const common = `Qqw${TAG}`;
    for (let n = 0; n < 30; n += 1) await createPatient(`${common} Közös ${n}`);
    await createPatient(`${common} Ritkább`);
    await sql`analyze patient_name_trigram_keys`.execute(server.db);
    const term = foldSearchText(`${common} ritk`);
    // Read anew: an earlier search of this file may have read the shares before the analysis.
    const walked = await rarestTrigram(server.db, term, Date.now() + SHARES_REFRESH_MS);
    const everyNameHolds = trigramsOf(foldSearchText(`${common} k`));
    expect(trigramsOf(term)).toContain(walked);
    expect(everyNameHolds).not.toContain(walked);
    await expectSameAsScan(`${common} ritk`, { [INVESTIGATOR]: 1 });
    await expectSameAsScan(`${common} koz`, { [INVESTIGATOR]: 30 });
  });

  it('answers a term whose trigrams are common and rare alike, whichever it walks', async () => {
    // "gya" and "ori" are in every common name of this file, "i n" in one of them.
    await expectSameAsScan(`gyakori ${String.fromCharCode(65 + COMMON - 1)}`, { [INVESTIGATOR]: 1, [INVESTIGATOR2]: 0 });
    await expectSameAsScan('ori debrecen', { [INVESTIGATOR2]: 4, [INVESTIGATOR]: 0 });
  });
});

describe('the trigram migration', () => {
  it('backfills the patients written before it, and goes down and up again', async () => {
    const before = await page(`name=@${TAG} gyakori`, ADMIN);
    const steps = await migratorFor(server.db);
    expect((await steps.migrateTo('0021_patient_registry_order')).error).toBeUndefined();
    expect((await steps.migrateToLatest()).error).toBeUndefined();
    expect(await page(`name=@${TAG} gyakori`, ADMIN)).toEqual(before);
    await expectSameAsScan(`${TAG} gyakori`, { [ADMIN]: COMMON + 4 });
    if (server.dialect === 'sqlite') {
      // Every row written before 0023 is keyed anew inside its name's bucket, in name order.
      const { rows } = await sql<{ seq: number; name: string }>`select seq, name_folded as name from patient_name_search order by seq`.execute(server.db);
      expect(rows.length).toBeGreaterThan(COMMON);
      expect(rows.filter((row) => Math.floor(Number(row.seq) / BUCKET_KEYS) * BUCKET_KEYS !== bucketOf(row.name))).toEqual([]);
      const names = rows.map((row) => row.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  (testDatabaseUrl() ? it : it.skip)('indexes the names with pg_trgm on PostgreSQL, and goes on without it when the extension is missing', async () => {
    const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'patients_name_trigram_idx'`.execute(server.db);
    expect(indexes.rows[0]?.indexdef).toMatch(/gin \(name_folded public\.gin_trgm_ops\)/);
    await server.db.transaction().execute(async (trx) => {
      await sql`drop index patients_name_trigram_idx`.execute(trx);
      expect(await createTrigramIndex<Database>(trx, 'no_such_trigram_extension')).toBe(false);
      // The transaction is still usable: a failed migration step would have aborted it.
      expect((await sql<{ n: number }>`select count(*)::int as n from patients`.execute(trx)).rows[0].n).toBeGreaterThan(0);
      expect(await createTrigramIndex<Database>(trx)).toBe(true);
    });
  });
});
