// POST /api/v1/client-errors: crash reports and feedback become application-log events.
import { createTestServer, type TestServer } from '../helpers/serverApp';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function report(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload, headers });
}

async function events() {
  return server.db.selectFrom('application_log').selectAll().where('event', 'is not', null).orderBy('created_at').execute();
}

test('a crash report is recorded as an error event and answers its id', async () => {
  const response = await report(
    {
      kind: 'crash',
      message: 'Cannot read properties of undefined',
      stack: 'TypeError: Cannot read...\n    at App',
      componentStack: '\n    in Dashboard',
      url: 'http://localhost:8080/login?token=abc',
      userAgent: 'Mozilla/5.0 test',
    },
    { 'x-request-id': 'crash-1' },
  );
  expect(response.statusCode).toBe(201);
  const { results } = response.json();
  expect(results).toEqual([{ id: expect.any(String) }]);

  const row = await server.db.selectFrom('application_log').selectAll().where('id', '=', results[0].id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({
    event: 'client.crash',
    severity: 'error',
    message: 'Cannot read properties of undefined',
    target_type: 'client',
    req_id: 'crash-1',
    user_id: null,
  });
  expect(JSON.parse(row.data ?? '{}')).toEqual({
    message: 'Cannot read properties of undefined',
    stack: 'TypeError: Cannot read...\n    at App',
    componentStack: '\n    in Dashboard',
    url: 'http://localhost:8080/login?token=[redacted]',
    userAgent: 'Mozilla/5.0 test',
  });
});

test('feedback is recorded with name, e-mail and comments', async () => {
  const response = await report({ kind: 'feedback', name: 'Kiss Réka', email: 'reka@example.org', comments: 'Az oldal lefagyott mentéskor.' });
  expect(response.statusCode).toBe(201);
  const row = (await events()).find((e) => e.event === 'client.feedback');
  expect(row).toMatchObject({ severity: 'info', message: 'Az oldal lefagyott mentéskor.' });
  expect(JSON.parse(row?.data ?? '{}')).toMatchObject({ name: 'Kiss Réka', email: 'reka@example.org' });
});

test.each([
  [{ kind: 'crash' }, [{ path: 'message', key: 'any.required', context: {} }]],
  [{ kind: 'crash', message: '   ' }, [{ path: 'message', key: 'any.required', context: {} }]],
  [{ kind: 'feedback', name: 'X' }, [{ path: 'comments', key: 'any.required', context: {} }]],
  [{ kind: 'feedback', comments: 'hi', email: 'not-an-address' }, [{ path: 'email', key: 'string.email', context: {} }]],
  [{ kind: 'feedback', comments: 'hi', email: 'a@b.c' }, [{ path: 'email', key: 'string.email', context: {} }]],
  [{ kind: 'crash', message: 'x', url: 'u'.repeat(2001) }, [{ path: 'url', key: 'string.max', context: { limit: 2000 } }]],
  [{ kind: 'crash', message: 'x', comments: 'c'.repeat(5001) }, [{ path: 'comments', key: 'string.max', context: { limit: 5000 } }]],
  [{ kind: 'panic', message: 'x' }, [{ path: 'kind', key: 'any.only', context: { valids: ['crash', 'feedback'] } }]],
])('%j is refused with 400 and nothing is recorded', async (payload, errors) => {
  const before = (await events()).length;
  const response = await report(payload);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed', errors });
  expect((await events()).length).toBe(before);
});

test('an e-mail with a bracketed IPv4 domain is accepted', async () => {
  const response = await report({ kind: 'feedback', comments: 'ok', email: 'admin@[192.168.1.10]' });
  expect(response.statusCode).toBe(201);
});
