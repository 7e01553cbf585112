// Request rows are written in short batches (server/appLog/requestLogBuffer.ts): every request
// still gets its row, the kept total follows multi-row inserts, the log screen shows the caller's
// request of a moment ago, closing the server writes what waits, and a failed batch costs only
// its own rows.
import { createRequestLogBuffer, FLUSH_DELAY_MS, MAX_BATCH } from '../../../server/appLog/requestLogBuffer';
import { requestLogRow } from '../../../server/appLog/appLog.repository';
import { createTestServer, waitFor } from '../../helpers/serverApp';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(() => server.close());

async function rowsWithPrefix(prefix: string): Promise<string[]> {
  const rows = await server.db.selectFrom('application_log').select('req_id').where('req_id', 'like', `${prefix}%`).execute();
  return rows.map((row) => String(row.req_id));
}

it('writes a row for every request of a burst larger than one batch, without a reader asking', async () => {
  const count = MAX_BATCH + 40;
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => server.call('GET', '/institutes/public', INVESTIGATOR, undefined, { 'x-request-id': `burst-${i}` })),
  );
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  const written = await waitFor(async () => {
    const ids = await rowsWithPrefix('burst-');
    return ids.length === count ? ids : undefined;
  }, FLUSH_DELAY_MS + 5_000);
  expect(new Set(written)).toEqual(new Set(Array.from({ length: count }, (_, i) => `burst-${i}`)));

  // The kept total (list_counts) followed the multi-row inserts: it equals the rows there are,
  // less the read's own row, written after its answer.
  const answer = await server.call('GET', '/application-log?limit=1&statistics=true', ADMIN, undefined, { 'x-request-id': 'burst-total' });
  await waitFor(async () => ((await rowsWithPrefix('burst-total')).length === 1 ? true : undefined), FLUSH_DELAY_MS + 5_000);
  const there = await server.db.selectFrom('application_log').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  expect(answer.body.statistics.total).toBe(Number(there.n) - 1);
});

it('shows the caller the request made a moment ago, not yet written by the batch', async () => {
  expect((await server.call('GET', '/institutes/public', ADMIN, undefined, { 'x-request-id': 'just-now' })).status).toBe(200);
  const answer = await server.call('GET', '/application-log?filter=reqId%3D%3Djust-now&statistics=true', ADMIN);
  expect(answer.status).toBe(200);
  expect(answer.body.results).toEqual([expect.objectContaining({ reqId: 'just-now', httpMethod: 'GET', httpResponseCode: 200 })]);
  expect(answer.body.statistics.total).toBe(1);
});

it('writes the waiting rows when the server closes, before the database does', async () => {
  const closing = await createTestServer();
  try {
    expect((await closing.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'at-close' } })).statusCode).toBe(200);
    await closing.app.close();
    const rows = await closing.db.selectFrom('application_log').select('url').where('req_id', '=', 'at-close').execute();
    expect(rows).toEqual([{ url: '/api/v1/health' }]);
  } finally {
    await closing.close();
  }
});

it('reports a batch it cannot write and goes on writing the next ones', async () => {
  const failures: number[] = [];
  const buffer = createRequestLogBuffer(server.db, (_error, lostRows) => failures.push(lostRows));
  const entry = (reqId: string) => requestLogRow({ reqId, httpMethod: 'GET', url: '/api/v1/health', httpResponseCode: 200, responseTime: 1 });
  await server.db.schema.alterTable('application_log').renameTo('application_log_away').execute();
  try {
    buffer.add(entry('lost-1'));
    buffer.add(entry('lost-2'));
    await buffer.flush();
  } finally {
    await server.db.schema.alterTable('application_log_away').renameTo('application_log').execute();
  }
  expect(failures).toEqual([2]);
  buffer.add(entry('kept-after-failure'));
  await buffer.close();
  expect(await rowsWithPrefix('lost-')).toEqual([]);
  expect(await rowsWithPrefix('kept-after-failure')).toEqual(['kept-after-failure']);
});
