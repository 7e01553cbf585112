// One application-log row per API request, without secrets, and never at the cost of the answer.
import { flushRequestLog } from '../../server/appLog/requestLogBuffer';
import { createTestServer, logRowsFor, waitFor, type TestServer } from '../helpers/serverApp';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ staticFiles: { 'index.html': '<!doctype html><title>client</title>' } });
});
afterAll(() => server.close());

async function rowFor(reqId: string) {
  return waitFor(async () => (await logRowsFor(server.db, reqId))[0]);
}

test('a request is logged with method, URL, status, timing, client and request id', async () => {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/v1/health',
    headers: { 'user-agent': 'jest-agent/1.0', referer: 'http://localhost/login', 'x-request-id': 'trace-123' },
  });
  expect(response.headers['x-request-id']).toBe('trace-123');
  const row = await rowFor('trace-123');
  expect(row).toMatchObject({
    http_method: 'GET',
    url: '/api/v1/health',
    http_response_code: 200,
    user_agent: 'jest-agent/1.0',
    referer: 'http://localhost/login',
    remote_address: '127.0.0.1',
    user_id: null,
    msg: 'request completed',
  });
  expect(row.response_time).toEqual(expect.any(Number));
  expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('failed requests are logged too, with their status', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
  expect((await rowFor(response.headers['x-request-id'] as string)).http_response_code).toBe(404);
});

test('secrets in the query string and the referer are stored redacted', async () => {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/v1/institutes/public?token=tok3n-abc&limit=5&password=hunter2&resetCode=r3set-777',
    headers: { referer: 'http://localhost/login?token=ref3r-xyz' },
  });
  const row = await rowFor(response.headers['x-request-id'] as string);
  expect(row.url).toBe('/api/v1/institutes/public?token=[redacted]&limit=5&password=[redacted]&resetCode=[redacted]');
  expect(row.referer).toBe('http://localhost/login?token=[redacted]');
  // Secrets no time, duration or random id can contain by chance (a timestamp's milliseconds were 777 once).
  expect(JSON.stringify(row)).not.toMatch(/tok3n|hunter2|r3set|ref3r/);
});

test('a request id that is not plain text is replaced by a fresh one', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'bad id <script>' } });
  expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const other = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(other.headers['x-request-id']).not.toBe(response.headers['x-request-id']);
});

test('fresh request ids and the rows of later requests sort after earlier ones (time-ordered keys)', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
    ids.push(response.headers['x-request-id'] as string);
  }
  ids.forEach((id) => expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/));
  expect([...ids].sort()).toEqual(ids);
  const rowIds = await Promise.all(ids.map(async (id) => (await rowFor(id)).id));
  expect([...rowIds].sort()).toEqual(rowIds);
});

test('the client shell and static files are not logged', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/login', headers: { 'x-request-id': 'static-1' } });
  expect(response.statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await logRowsFor(server.db, 'static-1')).toEqual([]);
});

test('when the log cannot be written the request still succeeds', async () => {
  await server.db.schema.alterTable('application_log').renameTo('application_log_away').execute();
  try {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    // The row's batch is written, and fails, while the table is away.
    await flushRequestLog(server.db);
  } finally {
    await server.db.schema.alterTable('application_log_away').renameTo('application_log').execute();
  }
});
