// A visit-id search of four characters or more asks PostgreSQL's index of the visit ids'
// four-character pieces for its rarest pieces and tests the whole term on what it finds
// (statusMatrix/visitIdQuadgrams.ts, migration 0041). Whatever pieces it asks for, the matrix must
// answer as the whole list filtered by hand: a visit id holding the asked pieces apart, not the
// term, is no match; `%` and `_` are plain characters; case does not matter. On SQLite the same
// searches go through FTS5 and must answer the same.
import { sql } from 'kysely';
import { gramsOf, SHARES_REFRESH_MS } from '../../../server/lists/gramShares';
import { askedPieces } from '../../../server/statusMatrix/visitIdQuadgrams';
import { testDatabaseUrl } from '../../helpers/serverApp';
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, startVisitOfNewPatient, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
let registryId = '';
const onPostgres = testDatabaseUrl() !== undefined;

interface Row {
  attendanceId: string;
  attendanceDisplayId: string;
}

/** The search page by page against the whole list filtered here; returns how many it found. */
async function expectSearchAsList(as: string, term: string): Promise<number> {
  const all = await server.call('GET', `/registries/${registryId}/status-matrix?limit=1000`, as);
  expect(all.status).toBe(200);
  const expected = (all.body.results as Row[]).filter((row) => row.attendanceDisplayId.toLowerCase().includes(term.toLowerCase())).map((row) => row.attendanceId);
  const paged: string[] = [];
  for (let offset = 0; offset < Math.max(expected.length, 1); offset += 3) {
    const answer = await server.call('GET', `/registries/${registryId}/status-matrix?limit=3&offset=${offset}&statistics=true&filter=displayId=@${encodeURIComponent(term)}`, as);
    expect(answer.status).toBe(200);
    expect({ term, offset, total: answer.body.statistics.total }).toEqual({ term, offset, total: expected.length });
    paged.push(...(answer.body.results as Row[]).map((row) => row.attendanceId));
  }
  expect({ as, term, paged }).toEqual({ as, term, paged: expected });
  return expected.length;
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  // `…-20320320-…` holds the pieces `0320` and `3203` of `0320360` apart, never the term itself.
  for (const [as, institute, day] of [
    [INVESTIGATOR, 'SZLK', '2032-03-20'],
    [INVESTIGATOR, 'SZLK', '2036-03-20'],
    [INVESTIGATOR, 'SZLK', '2036-01-12'],
    [INVESTIGATOR2, 'DEK', '2037-01-12'],
    [INVESTIGATOR2, 'DEK', '2037-01-12'],
  ] as const) {
    await startVisitOfNewPatient(server, as, { registryId, institute, day, name: 'Darab Keresés' });
  }
});
afterAll(async () => {
  await server.close();
});

it('finds exactly the visits whose id contains the term, for the monitor and an institute-limited caller', async () => {
  expect(await expectSearchAsList(MONITOR, '0112')).toBeGreaterThanOrEqual(3);
  expect(await expectSearchAsList(MONITOR, '20370112')).toBe(2);
  expect(await expectSearchAsList(INVESTIGATOR, '20370112')).toBe(0);
  expect(await expectSearchAsList(MONITOR, 'ZLK-RA-BIO-2036')).toBe(2);
  expect(await expectSearchAsList(MONITOR, '20360320-')).toBe(1);
  expect(await expectSearchAsList(INVESTIGATOR, '0320')).toBeGreaterThanOrEqual(2);
});

it('finds no visit that holds the asked pieces apart, and takes % and _ as plain characters', async () => {
  expect(await expectSearchAsList(MONITOR, '0320360')).toBe(0);
  expect(await expectSearchAsList(MONITOR, '2032%320')).toBe(0);
  expect(await expectSearchAsList(MONITOR, '_0320')).toBe(0);
  expect(await expectSearchAsList(MONITOR, '2032_320')).toBe(0);
});

(onPostgres ? describe : describe.skip)('the pieces on PostgreSQL', () => {
  it('cuts a folded text into the pieces the search cuts its term into', async () => {
    for (const text of ['szlk-ra-bio-20360112-1', 'árvíztűrő', 'abcd', 'abc', '', 'aaaaaa']) {
      const { rows } = await sql<{ pieces: string[] }>`select text_quadgrams(${text}) as pieces`.execute(server.db);
      expect({ text, pieces: [...rows[0].pieces].sort() }).toEqual({ text, pieces: gramsOf(text, 4).sort() });
    }
  });

  it('asks for the rarest pieces, as the statistics tell them', async () => {
    await sql`analyze attendances`.execute(server.db);
    // Read anew: an earlier search of this file may have read the shares before the analysis.
    const asked = await askedPieces(server.db, 'ra-bio-20370112', Date.now() + SHARES_REFRESH_MS);
    expect(asked).toHaveLength(2);
    // Every visit id of the registry holds `ra-b`, `a-bi` and `-bio`.
    for (const piece of asked) expect(['ra-b', 'a-bi', '-bio', 'bio-']).not.toContain(piece);
    expect(await askedPieces(server.db, 'abc')).toEqual([]);
  });

  it('leaves a term whose rarest piece more visit ids hold than the gather keeps to the LIKE', async () => {
    await sql`analyze attendances`.execute(server.db);
    const later = Date.now() + SHARES_REFRESH_MS;
    // Two visits began on 2037-01-12: its pieces `7011` and `3701` are in those two ids alone.
    expect(await askedPieces(server.db, '20370112', later, 3)).toHaveLength(2);
    expect(await askedPieces(server.db, 'ra-bio', later, 3)).toEqual([]);
    // The same term is asked for when the gather keeps more rows than there are visits.
    expect(await askedPieces(server.db, 'ra-bio', later, 1_000_000)).toHaveLength(2);
  });
});
