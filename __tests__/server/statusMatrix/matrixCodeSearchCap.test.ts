// The matrix's code searches on either side of the cap of gathered matches (statusMatrix.page.ts):
// on PostgreSQL a term with at most MAX_MATCHES matches is gathered, sorted and counted in one
// statement, a commoner one walks the sort's index and is counted apart. The cap is lowered to 3
// here so that the small test registry has terms on both sides; SQLite keeps its own cap inside
// indexedSearch, so there the same answers come from its index or its LIKE as before.
import { sql } from 'kysely';
import { testDatabaseUrl } from '../../helpers/serverApp';
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, startVisitOfNewPatient, type ClinicalTestServer } from '../clinical/clinicalTestKit';

jest.mock('../../../server/statusMatrix/indexedSearch', () => ({ ...jest.requireActual('../../../server/statusMatrix/indexedSearch'), MAX_MATCHES: 3 }));

let server: ClinicalTestServer;
let registryId = '';

interface Row {
  attendanceId: string;
  attendanceDisplayId: string;
  internalPatientNumber: string;
  startDateTime: string;
}

async function list(as: string, query: string): Promise<{ rows: Row[]; total?: number }> {
  const answer = await server.call('GET', `/registries/${registryId}/status-matrix?${query}`, as);
  expect(answer.status).toBe(200);
  return { rows: answer.body.results, total: answer.body.statistics?.total };
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  for (const day of ['2033-02-05', '2033-02-06', '2033-02-07']) {
    await startVisitOfNewPatient(server, INVESTIGATOR, { registryId, institute: 'SZLK', day, name: 'Kód Keresés' });
    await startVisitOfNewPatient(server, INVESTIGATOR2, { registryId, institute: 'DEK', day, name: 'Kód Keresés' });
  }
});
afterAll(async () => {
  await server.close();
});

it('pages through a rare and a common code search alike: every match once, in order, each page with the exact total', async () => {
  for (const as of [MONITOR, INVESTIGATOR]) {
    const all = (await list(as, 'limit=1000')).rows;
    for (const sort of ['', '&sort=-displayId', '&sort=startDateTime']) {
      for (const [field, typed] of [['displayId', '20330206'], ['displayId', 'szlk'], ['internalPatientNumber', 'SZLK'], ['displayId', 'no-such-visit']] as const) {
        const read = (row: Row): string => (field === 'displayId' ? row.attendanceDisplayId : row.internalPatientNumber).toLowerCase();
        const query = `filter=${field}=@${typed}${sort}`;
        // The whole list in one page is the reference order.
        const whole = await list(as, `limit=1000&statistics=true&${query}`);
        const expected = all.filter((row) => read(row).includes(typed.toLowerCase())).map((row) => row.attendanceId).sort();
        expect([...whole.rows.map((row) => row.attendanceId)].sort()).toEqual(expected);
        expect(whole.total).toBe(expected.length);
        const paged: string[] = [];
        for (let offset = 0; offset <= expected.length; offset += 2) {
          const page = await list(as, `limit=2&offset=${offset}&statistics=true&${query}`);
          expect(page.total).toBe(expected.length);
          paged.push(...page.rows.map((row) => row.attendanceId));
        }
        expect(paged).toEqual(whole.rows.map((row) => row.attendanceId));
      }
    }
  }
  // Both sides of the cap were searched: the rare term has at most three matches, the common ones more.
  const monitorSees = (await list(MONITOR, 'limit=1000')).rows;
  expect(monitorSees.filter((row) => row.attendanceDisplayId.includes('20330206')).length).toBeLessThanOrEqual(3);
  expect(monitorSees.filter((row) => row.attendanceDisplayId.toLowerCase().includes('szlk')).length).toBeGreaterThan(3);
});

// Whether a term is rare (SQLite) or common for the caller (PostgreSQL) is remembered for a while
// (planVerdicts.ts): only the plan, never the answer, which is read anew every time.
it('answers a code search asked again with the visits started since', async () => {
  const rare = 'limit=1000&statistics=true&filter=displayId=@20330309';
  const common = 'limit=1000&statistics=true&filter=displayId=@szlk';
  expect(await list(MONITOR, rare)).toEqual({ rows: [], total: 0 });
  const commonBefore = await list(MONITOR, common);
  expect(commonBefore.total).toBeGreaterThan(3);
  const started = await startVisitOfNewPatient(server, INVESTIGATOR, { registryId, institute: 'SZLK', day: '2033-03-09', name: 'Kód Keresés' });
  const rareAfter = await list(MONITOR, rare);
  expect(rareAfter.rows.map((row) => row.attendanceId)).toEqual([started.id]);
  expect(rareAfter.total).toBe(1);
  const commonAfter = await list(MONITOR, common);
  expect(commonAfter.total).toBe(Number(commonBefore.total) + 1);
  expect(commonAfter.rows.map((row) => row.attendanceId)).toContain(started.id);
});

// A commoner term's page walks the matrix index in patient-number order and tests the visit id on
// every entry it passes: the index holds it (migration 0036), so no attendance row is read for an
// entry that does not match (an institute's short name: 100,000 others before the first match).
it('a commoner visit-id term is tested on the entries of the walk, not on the rows', async () => {
  if (testDatabaseUrl()) {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'attendances_matrix_idx'`.execute(server.db);
    expect(rows[0].indexdef).toMatch(/\(registry_id, patient_number_folded, start_date_time, id, institute_id, physician_id\) INCLUDE \(display_id\)$/);
    return;
  }
  const { rows: columns } = await sql<{ name: string | null; key: number }>`select name, key from pragma_index_xinfo('attendances_matrix_idx')`.execute(server.db);
  // The order's columns, then the folded visit id (an expression: no name), then the row id.
  expect(columns.filter((column) => column.key === 1).map((column) => column.name)).toEqual([
    'registry_id', 'patient_number_folded', 'start_date_time', 'id', 'institute_id', 'physician_id', null,
  ]);
  const page = sql`select id from attendances where registry_id = ${registryId} and casefold(display_id) like '%szlk%' escape '\\' order by patient_number_folded, start_date_time, id limit 2`;
  const { rows: plan } = await sql<{ detail: string }>`explain query plan ${page}`.execute(server.db);
  expect(plan.map((step) => step.detail).join(' | ')).toBe('SEARCH attendances USING COVERING INDEX attendances_matrix_idx (registry_id=?)');
});

// The same for a caller limited to one institute, whose page walks attendances_matrix_institute_idx
// (migration 0037): without the visit id there it read the row of every attendance it counted.
it("an institute-limited caller's commoner term is tested on the entries of the institute's walk", async () => {
  if (testDatabaseUrl()) {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'attendances_matrix_institute_idx'`.execute(server.db);
    expect(rows[0].indexdef).toMatch(/\(registry_id, institute_id, patient_number_folded, start_date_time, id, physician_id\) INCLUDE \(display_id\)$/);
    return;
  }
  const institute = await sql<{ id: string }>`select id from institutes where short_name = 'SZLK'`.execute(server.db);
  const page = sql`select id from attendances where registry_id = ${registryId} and institute_id = ${institute.rows[0].id} and casefold(display_id) like '%szlk%' escape '\\' order by patient_number_folded, start_date_time, id limit 2`;
  const { rows: plan } = await sql<{ detail: string }>`explain query plan ${page}`.execute(server.db);
  expect(plan.map((step) => step.detail).join(' | ')).toBe('SEARCH attendances USING COVERING INDEX attendances_matrix_institute_idx (registry_id=? AND institute_id=?)');
});

// On SQLite a term the visit-id index finds in more than MAX_MATCHES (2,000) texts is searched by
// the walk, whatever few of them are this registry's visits. Visit ids present only in the index
// make a term of this registry's visits common there.
it('a term the visit-id index finds more than 2,000 times is searched by the walk: every match, the exact total', async () => {
  if (testDatabaseUrl()) return;
  const term = '-2033020';
  const expected = (await list(MONITOR, 'limit=1000')).rows.filter((row) => row.attendanceDisplayId.includes(term));
  expect(expected.length).toBe(6);
  const ghosts = Array.from({ length: 2001 }, (_, n) => `ghost-${n}`);
  for (const id of ghosts) await sql`insert into attendance_display_search (id, display_folded) values (${id}, ${`x${term}-${id}`})`.execute(server.db);
  await sql`insert into attendance_display_trigrams (rowid, display_folded) select seq, display_folded from attendance_display_search where id like 'ghost-%'`.execute(server.db);
  try {
    for (const offset of [0, 4, 6]) {
      const page = await list(MONITOR, `limit=4&offset=${offset}&statistics=true&filter=displayId=@${term}`);
      expect(page.total).toBe(6);
      expect(page.rows.map((row) => row.attendanceId)).toEqual(expected.slice(offset, offset + 4).map((row) => row.attendanceId));
    }
  } finally {
    await sql`insert into attendance_display_trigrams (attendance_display_trigrams, rowid, display_folded) select 'delete', seq, display_folded from attendance_display_search where id like 'ghost-%'`.execute(server.db);
    await sql`delete from attendance_display_search where id like 'ghost-%'`.execute(server.db);
  }
});
