// How many statements a page of patients takes (issue 17: each one is a round trip on PostgreSQL
// and a hand-off or a turn of the main thread on SQLite): the page's rows are read around the
// statement that chooses them, with the search's total when it comes with the page.
import { parseListQueryOrThrow } from '../../../server/lists/listQuery';
import { listPatients, patientFields } from '../../../server/patients/patients.repository';
import { patientListScope } from '../../../server/patients/patients.service';
import { testDatabaseUrl } from '../../helpers/serverApp';
import { statementCounter } from '../../helpers/statementCounter';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, MONITOR, subjectOfUser, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
/** A word no demo patient has, so the test's patients are the only matches. */
const TAG = `Zs${Date.now().toString(36)}`;

beforeAll(async () => {
  server = await createClinicalTestServer();
  for (const name of ['Anna', 'Béla', 'Cecília']) {
    const created = await server.call('POST', `/institutes/${server.instituteId('SZLK')}/patients`, INVESTIGATOR, { registryId: server.registryId('RA-BIO'), name: `${TAG} ${name}`, dob: '1980-01-01', gender: 'female', insuranceNumber: validTaj() });
    expect(created.status).toBe(201);
  }
});
afterAll(async () => {
  await server.close();
});

async function pageOf(as: string, raw: Record<string, string>) {
  const counter = statementCounter(server.db);
  const scope = patientListScope(await subjectOfUser(server, as), server.dialect);
  const query = parseListQueryOrThrow(raw, patientFields(scope.personal, scope.personalReach));
  const read = () => listPatients(counter.db, server.dialect, query, scope);
  // A first search learns what it asks of its index (kept for minutes), as the server does.
  await read();
  let answer: Awaited<ReturnType<typeof read>> | undefined;
  const statements = await counter.count(async () => {
    answer = await read();
  });
  return { statements, names: answer?.items.map((item) => item.name), total: answer?.total };
}

describe('a page of patients', () => {
  const byName = { limit: '2', statistics: 'true', sort: 'name', filter: `name=@${TAG}` };

  it('of a name search comes with its rows and total in the statement that chooses it', async () => {
    expect(await pageOf(INVESTIGATOR, byName)).toEqual({ statements: 1, names: [`${TAG} Anna`, `${TAG} Béla`], total: 3 });
    expect(await pageOf(INVESTIGATOR, { ...byName, offset: '2' })).toEqual({ statements: 1, names: [`${TAG} Cecília`], total: 3 });
    expect(await pageOf(INVESTIGATOR, { ...byName, sort: '-name' })).toEqual({ statements: 1, names: [`${TAG} Cecília`, `${TAG} Béla`], total: 3 });
  });

  it('of a name search the index counts comes with its rows (SQLite: the count is the index\'s own statement)', async () => {
    expect(await pageOf(ADMIN, byName)).toEqual({ statements: testDatabaseUrl() ? 1 : 2, names: [`${TAG} Anna`, `${TAG} Béla`], total: 3 });
    // The last page tells the total by itself.
    expect(await pageOf(ADMIN, { ...byName, offset: '2' })).toEqual({ statements: 1, names: [`${TAG} Cecília`], total: 3 });
  });

  it('of the whole list takes the kept total, then the page with its rows', async () => {
    const page = await pageOf(MONITOR, { limit: '2', statistics: 'true', sort: 'dob' });
    // The monitor sees no personal data.
    expect({ statements: page.statements, names: page.names }).toEqual({ statements: 2, names: [null, null] });
    expect(page.total).toBeGreaterThanOrEqual(3);
  });
});
