// A common code search counts its matches only so far past the page (statusMatrix.page.ts,
// COUNT_CAP): the page is still exact, and the total says "more than" when it stopped counting.
// The caps are lowered here (3 gathered matches on PostgreSQL, a count of 2 past the page's first
// row) so that the small test registry has a common term. SQLite keeps its own cap of indexed
// matches inside indexedSearch, so the term has two characters, too short for the trigrams: on both
// databases it is walked and capped.
import { COUNT_CAP } from '../../../server/statusMatrix/indexedSearch';
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, startVisitOfNewPatient, type ClinicalTestServer } from '../clinical/clinicalTestKit';

jest.mock('../../../server/statusMatrix/indexedSearch', () => ({ ...jest.requireActual('../../../server/statusMatrix/indexedSearch'), MAX_MATCHES: 3, COUNT_CAP: 2 }));

let server: ClinicalTestServer;
let registryId = '';

interface Row {
  attendanceId: string;
  attendanceDisplayId: string;
}

async function list(as: string, query: string): Promise<{ ids: string[]; statistics?: { total: number; capped?: boolean } }> {
  const answer = await server.call('GET', `/registries/${registryId}/status-matrix?${query}`, as);
  expect(answer.status).toBe(200);
  return { ids: answer.body.results.map((row: Row) => row.attendanceId), statistics: answer.body.statistics };
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  for (const day of ['2034-03-01', '2034-03-02', '2034-03-03', '2034-03-04', '2034-03-05']) {
    await startVisitOfNewPatient(server, INVESTIGATOR, { registryId, institute: 'SZLK', day, name: 'Sok Találat' });
  }
  await startVisitOfNewPatient(server, INVESTIGATOR2, { registryId, institute: 'DEK', day: '2034-03-01', name: 'Sok Találat' });
});
afterAll(async () => {
  await server.close();
});

it('counts a common visit-id term ("ZL" of SZLK) two past the page, says when there are more, and still pages through every match', async () => {
  expect(COUNT_CAP).toBe(2);
  for (const as of [MONITOR, INVESTIGATOR]) {
    for (const sort of ['', '&sort=-displayId', '&sort=attendanceState,-startDateTime']) {
      // The whole list, filtered here, is the reference: its order is the list's.
      const all = await server.call('GET', `/registries/${registryId}/status-matrix?limit=1000${sort}`, as);
      const expected = (all.body.results as Row[]).filter((row) => row.attendanceDisplayId.toLowerCase().includes('zl')).map((row) => row.attendanceId);
      expect(expected.length).toBeGreaterThanOrEqual(5);
      const paged: string[] = [];
      for (let offset = 0; offset < expected.length; offset += 2) {
        const page = await list(as, `limit=2&offset=${offset}&statistics=true&filter=displayId=@ZL${sort}`);
        paged.push(...page.ids);
        // Counted as far as two past the page's first row: more than that says so.
        const more = expected.length > offset + 2;
        expect({ offset, statistics: page.statistics }).toEqual({ offset, statistics: more ? { total: offset + 2, capped: true } : { total: expected.length } });
      }
      expect(paged).toEqual(expected);
      // A page past the last match: no rows, the exact total.
      expect(await list(as, `limit=2&offset=${expected.length + 4}&statistics=true&filter=displayId=@ZL${sort}`)).toEqual({ ids: [], statistics: { total: expected.length } });
    }
  }
});

it('a page larger than the cap comes whole, counted as far as its end', async () => {
  const whole = await list(MONITOR, 'limit=3&statistics=true&filter=displayId=@zl');
  expect(whole.ids).toHaveLength(3);
  expect(whole.statistics).toEqual({ total: 3, capped: true });
  // Without statistics nothing is counted to show; the pages are the same.
  expect(await list(MONITOR, 'limit=3&filter=displayId=@zl')).toEqual({ ids: whole.ids, statistics: undefined });
  const second = await list(MONITOR, 'limit=2&offset=2&statistics=true&filter=displayId=@zl');
  expect(await list(MONITOR, 'limit=2&offset=2&filter=displayId=@zl')).toEqual({ ids: second.ids, statistics: undefined });
});

it('a term with few matches still gets its exact total', async () => {
  const rare = await list(MONITOR, 'limit=1&statistics=true&filter=displayId=@20340302');
  expect(rare).toEqual({ ids: [expect.any(String)], statistics: { total: 1 } });
});
