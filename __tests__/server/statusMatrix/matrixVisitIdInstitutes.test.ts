// A common visit-id search walks only the institute whose visit ids can hold the term
// (statusMatrix/visitIdInstitutes.ts, migration 0038). The narrowing must never lose a match: the
// table of trigrams per institute grows with every new visit id and every visit moved to another
// institute. The cap of indexed matches is lowered to 3, so that four visits of a day are a common
// term on SQLite too and the matrix walks them.
import { sql } from 'kysely';
import { visitIdInstitutes } from '../../../server/statusMatrix/visitIdInstitutes';
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, startVisitOfNewPatient, type ClinicalTestServer } from '../clinical/clinicalTestKit';

jest.mock('../../../server/statusMatrix/indexedSearch', () => ({ ...jest.requireActual('../../../server/statusMatrix/indexedSearch'), MAX_MATCHES: 3 }));

let server: ClinicalTestServer;
let registryId = '';

/** The institute a term's walk is narrowed to, `none` when no visit id can hold it, `all` when not narrowed. */
async function narrowedTo(term: string): Promise<string> {
  const conditions = await visitIdInstitutes(server.db, registryId, [{ field: 'displayId', operator: '=@', value: term }]);
  if (conditions.length === 0) return 'all';
  const { rows } = await sql<{ short_name: string }>`select distinct institutes.short_name from attendances
    join institutes on institutes.id = attendances.institute_id where attendances.registry_id = ${registryId} and ${conditions[0]}`.execute(server.db);
  return rows.length === 0 ? 'none' : rows.map((row) => row.short_name).join(',');
}

async function matrixIds(term: string): Promise<{ ids: string[]; total?: number }> {
  const answer = await server.call('GET', `/registries/${registryId}/status-matrix?limit=100&statistics=true&filter=displayId=@${term}`, MONITOR);
  expect(answer.status).toBe(200);
  return { ids: answer.body.results.map((row: { attendanceId: string }) => row.attendanceId).sort(), total: answer.body.statistics?.total };
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  await startVisitOfNewPatient(server, INVESTIGATOR, { registryId, institute: 'SZLK', day: '2035-06-06', name: 'Intézet Keresés' });
});
afterAll(async () => {
  await server.close();
});

it("narrows a term to the one institute whose visit ids hold it, to none, or not at all; upper case as the filter folds it", async () => {
  expect(await narrowedTo('SZLK-RA')).toBe('SZLK');
  expect(await narrowedTo('szlk')).toBe('SZLK');
  expect(await narrowedTo('-ra-bio-')).toBe('all');
  expect(await narrowedTo('qqq')).toBe('none');
  // Under three characters there is no trigram to ask about.
  expect(await narrowedTo('zl')).toBe('all');
});

it("a new day's visits are found by the monitor's walk as soon as they are saved, and still after one moves to another institute", async () => {
  const term = 'DEK-RA-BIO-20350607';
  expect(await narrowedTo(term)).toBe('none');
  expect(await matrixIds(term)).toEqual({ ids: [], total: 0 });
  const started: string[] = [];
  for (let n = 0; n < 4; n += 1) started.push((await startVisitOfNewPatient(server, INVESTIGATOR2, { registryId, institute: 'DEK', day: '2035-06-07', name: 'Intézet Keresés' })).id);
  expect(await narrowedTo(term)).toBe('DEK');
  expect(await matrixIds(term)).toEqual({ ids: [...started].sort(), total: 4 });
  // A visit moved to SZLK keeps its id: SZLK's visit ids now hold the term too.
  await sql`update attendances set institute_id = ${server.instituteId('SZLK')} where id = ${started[0]}`.execute(server.db);
  expect(await narrowedTo(term)).toBe('all');
  expect(await matrixIds(term)).toEqual({ ids: [...started].sort(), total: 4 });
});
