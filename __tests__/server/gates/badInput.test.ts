// Quality gate: no bad input answers 5xx or changes data, on any route, on either database. Every
// route of the OpenAPI document gets the corpus of badInputCorpus.ts, once as the central admin of
// the demo seed (so handlers run past their permission checks) and once unauthenticated.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, type ClinicalTestServer } from '../clinical/clinicalTestKit';
import { corpusFor, nestedArrays, type BadRequest } from './badInputCorpus';
import { listRoutes, samplePathValues } from './routes';

/** Request and application log (and its kept row count), sessions and throttle bookkeeping may change; nothing else may. */
const BOOKKEEPING_TABLES = new Set(['application_log', 'list_counts', 'sessions', 'auth_failures', 'captcha_uses']);
const BATCH_SIZE = 8;

let server: ClinicalTestServer;

beforeAll(async () => {
  server = await createClinicalTestServer();
}, 60000);

afterAll(async () => {
  await server?.close();
});

async function tableNames(): Promise<string[]> {
  const query =
    server.dialect === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const { rows } = await query.execute(server.db);
  return rows.map((row) => row.name).filter((name) => !BOOKKEEPING_TABLES.has(name)).sort();
}

/** Per table: the row count and a checksum of the rows, independent of their order. */
async function dataDigest(): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of await tableNames()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(server.db);
    const lines = rows.map((row) => JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).sort();
    digest[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return digest;
}

interface Failure {
  request: string;
  status: number;
  body: string;
}

async function runAll(requests: BadRequest[], as: string | undefined): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (let start = 0; start < requests.length; start += BATCH_SIZE) {
    const batch = requests.slice(start, start + BATCH_SIZE);
    await Promise.all(
      batch.map(async ({ label, options }) => {
        const headers = { 'accept-language': 'en', ...(as ? { 'x-test-user': as } : {}), ...(options.headers ?? {}) };
        const response = await server.app.inject({ ...options, headers });
        if (response.statusCode >= 500) {
          failures.push({ request: `${options.method} ${options.url} [${label}]`, status: response.statusCode, body: response.body.slice(0, 200) });
        }
      }),
    );
  }
  return failures;
}

test('no route answers 5xx to bad input, signed in or not, and no data changes', async () => {
  const routes = (await listRoutes(server.app)).filter((route) => route.path.startsWith('/api/'));
  expect(routes.length).toBeGreaterThan(50);
  const samples = await samplePathValues(server.db);
  const requests = routes.flatMap((route) => corpusFor(route, samples, server.config.bodyLimit));
  const before = await dataDigest();

  const failures = [...(await runAll(requests, ADMIN)), ...(await runAll(requests, undefined))];

  expect(failures).toEqual([]);
  expect(await dataDigest()).toEqual(before);
}, 110000);

test('the corpus reaches the handlers: a NUL anywhere is a 400 naming the problem', async () => {
  const answer = await server.call('GET', '/patients?filter=name%3D%3Da%00b', ADMIN);
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe('invalid_characters');
});

test('form values nested beyond any descriptor are refused before evaluation, and nothing changes', async () => {
  const drafts = await server.db.selectFrom('forms').select('id').where('state', '=', 'draft').execute();
  let writable: { id: string; as: string; version: string } | undefined;
  for (const { id } of drafts) {
    for (const as of [INVESTIGATOR, ADMIN]) {
      const form = await server.call('GET', `/forms/${id}`, as);
      const mayUpdate = form.status === 200 && form.body.results[0].operations.some((o: { operation: string }) => o.operation === 'update');
      if (mayUpdate && !writable) writable = { id, as, version: String(form.headers['x-form-version']) };
    }
  }
  if (!writable) throw new Error('the demo seed has no draft form a demo user may update');
  const before = await dataDigest();

  const deep = await server.app.inject({
    method: 'PUT',
    url: `/api/v1/forms/${writable.id}`,
    headers: { 'x-test-user': writable.as, 'x-form-version': writable.version, 'content-type': 'application/json', 'accept-language': 'en' },
    payload: `{"submit":false,"values":{"notes":${nestedArrays(20)}}}`,
  });
  expect(deep.statusCode).toBe(400);
  expect(deep.json().errors).toEqual([{ path: 'values', key: 'object.tooDeep', context: { limit: 8 } }]);

  const tooDeepForJson = await server.app.inject({
    method: 'PUT',
    url: `/api/v1/forms/${writable.id}`,
    headers: { 'x-test-user': writable.as, 'x-form-version': writable.version, 'content-type': 'application/json', 'accept-language': 'en' },
    payload: `{"submit":false,"values":{"notes":${nestedArrays(2000)}}}`,
  });
  expect(tooDeepForJson.statusCode).toBe(400);
  expect(tooDeepForJson.json()).toMatchObject({ code: 'too_deep', message: 'The request body is nested too deeply (at most 32 levels).' });
  expect(await dataDigest()).toEqual(before);
});
