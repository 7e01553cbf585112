// A rare visit-id search reads its matches' registry, scope columns and sort keys from the search
// rows (statusMatrix/visitIdKeys.ts, migration 0039 on SQLite; PostgreSQL reads the attendances and
// must answer the same). The rows are copies kept by triggers: after a patient is renumbered, a
// visit moves to another institute or physician, or its start changes, the search must still
// answer exactly as the whole list filtered by hand, in every keyed order, for a caller limited to
// one institute (whose scope the copies decide) and for the monitor.
import { sql } from 'kysely';
import { testDatabaseUrl } from '../../helpers/serverApp';
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, startVisitOfNewPatient, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
let registryId = '';
const TERM = '-2036010';
const KEYS = ['registry_id', 'institute_id', 'physician_id', 'patient_number_folded', 'start_date_time'];
const visits: { id: string; patientId: string }[] = [];

interface Row {
  attendanceId: string;
  attendanceDisplayId: string;
}

async function matrix(as: string, query: string): Promise<{ ids: string[]; total?: number }> {
  const answer = await server.call('GET', `/registries/${registryId}/status-matrix?${query}`, as);
  expect(answer.status).toBe(200);
  return { ids: answer.body.results.map((row: Row) => row.attendanceId), total: answer.body.statistics?.total };
}

/** The search, page by page, against the whole list filtered here, for each keyed order; `also`: another filter of both. */
async function expectSearchAsList(as: string, also = ''): Promise<void> {
  for (const sort of ['', '&sort=-startDateTime', '&sort=-internalPatientNumber,startDateTime']) {
    const all = await server.call('GET', `/registries/${registryId}/status-matrix?limit=1000${sort}${also ? `&filter=${also}` : ''}`, as);
    const expected = (all.body.results as Row[]).filter((row) => row.attendanceDisplayId.includes(TERM)).map((row) => row.attendanceId);
    const paged: string[] = [];
    for (let offset = 0; offset < expected.length; offset += 2) {
      const page = await matrix(as, `limit=2&offset=${offset}&statistics=true&filter=displayId=@${TERM}${also ? `,${also}` : ''}${sort}`);
      expect({ offset, total: page.total }).toEqual({ offset, total: expected.length });
      paged.push(...page.ids);
    }
    expect({ as, sort, paged }).toEqual({ as, sort, paged: expected });
  }
}

/** SQLite: the search rows whose copied columns differ from their attendance's (a physician scope reads them too). */
async function copiesDifferingFromAttendances(): Promise<unknown[]> {
  if (testDatabaseUrl()) return [];
  const differ = KEYS.map((key) => `s.${key} is not a.${key}`).join(' or ');
  const { rows } = await sql.raw(`select a.id from attendances a join attendance_display_search s on s.id = a.id where ${differ}`).execute(server.db);
  return rows;
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  for (const [as, institute, day] of [
    [INVESTIGATOR, 'SZLK', '2036-01-01'],
    [INVESTIGATOR, 'SZLK', '2036-01-02'],
    [INVESTIGATOR, 'SZLK', '2036-01-03'],
    [INVESTIGATOR2, 'DEK', '2036-01-04'],
    [INVESTIGATOR2, 'DEK', '2036-01-05'],
  ] as const) {
    const { id } = await startVisitOfNewPatient(server, as, { registryId, institute, day, name: 'Kulcs Keresés' });
    const { rows } = await sql<{ patient_id: string }>`select patient_id from attendances where id = ${id}`.execute(server.db);
    visits.push({ id, patientId: rows[0].patient_id });
  }
});
afterAll(async () => {
  await server.close();
});

it('finds the visits of an institute-limited caller and the monitor exactly as the whole list does', async () => {
  expect((await matrix(MONITOR, `limit=10&statistics=true&filter=displayId=@${TERM}`)).total).toBe(5);
  expect((await matrix(INVESTIGATOR, `limit=10&statistics=true&filter=displayId=@${TERM}`)).total).toBe(3);
  for (const as of [MONITOR, INVESTIGATOR]) await expectSearchAsList(as);
  // The institute filter is tested on the search rows too.
  const dek = (await matrix(MONITOR, `limit=10&statistics=true&filter=displayId=@${TERM},instituteId==${server.instituteId('DEK')}`)).total;
  expect(dek).toBe(2);
  await expectSearchAsList(MONITOR, `instituteId==${server.instituteId('DEK')}`);
});

it('still answers as the whole list after a renumbering, a move to another institute, a new physician and a new start', async () => {
  const changes = [
    // The last visit's patient renumbered to sort first (the attendances' folded number follows by trigger).
    sql`update patients set internal_patient_number = ${'AAA-0001'} where id = ${visits[4].patientId}`,
    // A DEK visit moved to SZLK: the SZLK investigator now sees it.
    sql`update attendances set institute_id = ${server.instituteId('SZLK')} where id = ${visits[3].id}`,
    sql`update attendances set physician_id = ${server.userId(INVESTIGATOR)} where id = ${visits[3].id}`,
    // A visit started later than the others.
    sql`update attendances set start_date_time = ${'2036-02-01T08:30:00.000Z'} where id = ${visits[0].id}`,
  ];
  for (const change of changes) {
    await change.execute(server.db);
    for (const as of [MONITOR, INVESTIGATOR]) await expectSearchAsList(as);
    expect(await copiesDifferingFromAttendances()).toEqual([]);
  }
  expect((await matrix(INVESTIGATOR, `limit=10&statistics=true&filter=displayId=@${TERM}`)).total).toBe(4);
});
