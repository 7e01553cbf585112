// The application log's unfiltered total is kept by triggers (migration 0019) rather than counted:
// it must equal the rows there are after requests and events write rows, after a multi-row insert
// and after the retention job deletes in batches; filtered totals are still counted.
import { insertRequestLog, logEvent } from '../../../server/appLog/appLog.repository';
import { pruneRequestLog } from '../../../server/jobs/logRetention';
import { logRowsFor, waitFor } from '../../helpers/serverApp';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(() => server.close());

async function rowsThere(): Promise<number> {
  const row = await server.db.selectFrom('application_log').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

let reads = 0;
/**
 * The answer's total and the rows there were when it was read: the read's own request row is
 * written after the answer, so it is waited for and left out.
 */
async function totals(query = ''): Promise<{ answered: number; there: number }> {
  reads += 1;
  const reqId = `log-total-read-${reads}`;
  const answer = await server.call('GET', `/application-log?limit=1&statistics=true${query}`, ADMIN, undefined, { 'x-request-id': reqId });
  expect(answer.status).toBe(200);
  await waitFor(async () => (await logRowsFor(server.db, reqId))[0]);
  return { answered: answer.body.statistics.total, there: (await rowsThere()) - 1 };
}

async function expectKeptTotal(): Promise<void> {
  const { answered, there } = await totals();
  expect(answered).toBe(there);
}

it('answers the number of rows there are, as they are written and pruned', async () => {
  const probe = await server.call('GET', '/institutes/public', INVESTIGATOR, undefined, { 'x-request-id': 'log-total-probe' });
  expect(probe.status).toBe(200);
  await waitFor(async () => (await logRowsFor(server.db, 'log-total-probe'))[0]);
  expect(await rowsThere()).toBeGreaterThan(0);
  await expectKeptTotal();

  await logEvent(server.db, { event: 'user.created', message: 'one more', targetType: 'user', targetName: 'Total Teszt' });
  await server.db
    .insertInto('application_log')
    .values(['a', 'b', 'c'].map((n) => ({ id: `log-total-${n}`, created_at: '2001-01-01T00:00:00.000Z', msg: 'request completed', http_method: 'GET', url: '/x' })))
    .execute();
  const old = await insertRequestLog(server.db, { reqId: 'log-total-old', httpMethod: 'GET', url: '/api/v1/health', httpResponseCode: 200, responseTime: 1 });
  await server.db.updateTable('application_log').set({ created_at: '2001-01-02T00:00:00.000Z' }).where('id', '=', old).execute();
  await expectKeptTotal();

  // Batches of two: the kept total follows deletes of several rows per statement.
  const pruned = await pruneRequestLog(server.db, 365, new Date('2010-01-01T00:00:00Z'), 2);
  expect(pruned.pruned).toBe(4);
  await expectKeptTotal();
  // A filtered total is counted over the matching rows.
  expect((await totals('&filter=event==user.created')).answered).toBeGreaterThanOrEqual(1);
  expect((await totals('&from=2001-01-01T00:00:00Z&to=2001-12-31T00:00:00Z')).answered).toBe(0);
});
