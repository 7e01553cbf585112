// No cache may keep an API answer: every /api/v1 answer, errors and unknown paths included, says
// Cache-Control: no-store and Pragma: no-cache; file downloads keep their own header, and the
// built client's files keep theirs.
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { createTestServer, type TestServer } from '../helpers/serverApp';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seed: true, staticFiles: { 'index.html': '<!doctype html><title>x</title>', 'main.0123abcd.js': '1' } });
});
afterAll(() => server.close());

function signIn(username: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/tokens',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
}

/** `no-store` among the directives: downloads (files, statistics) say `private, no-store`. */
function expectNoStore(response: LightMyRequestResponse, what: string): void {
  const directives = String(response.headers['cache-control'] ?? '').split(',').map((directive) => directive.trim());
  expect({ what, noStore: directives.includes('no-store'), pragma: response.headers.pragma }).toEqual({ what, noStore: true, pragma: 'no-cache' });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

test('every route of the OpenAPI document answers no-store, signed in and anonymous', async () => {
  const doc = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const calls = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, url: path.replace(/\{[^}]+\}/g, 'x') })),
  );
  expect(calls.length).toBeGreaterThan(50);
  // Signing out ends the session: last.
  calls.sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
  const token = (await signIn('admin@example.org')).json().access_token as string;
  const statuses = new Set<number>();
  for (const call of calls) {
    for (const headers of [{ authorization: `Bearer ${token}` }, {}]) {
      const payload = call.method === 'GET' || call.method === 'DELETE' ? undefined : {};
      const response = await server.app.inject({ ...call, headers, ...(payload ? { payload } : {}) });
      statuses.add(response.statusCode);
      expectNoStore(response, `${call.method} ${call.url} -> ${response.statusCode}`);
    }
  }
  // The sweep saw successes as well as refusals.
  expect([...statuses].some((status) => status >= 200 && status < 300)).toBe(true);
  expect([...statuses].some((status) => status >= 400)).toBe(true);
});

test('token answers, failed sign-ins and unknown API paths answer no-store too', async () => {
  expectNoStore(await signIn('monitor@example.org'), 'token');
  expectNoStore(await signIn('monitor@example.org', 'Wrong'), 'failed sign-in');
  expectNoStore(await server.app.inject({ method: 'GET', url: '/api/v1/no/such/path' }), 'unknown GET');
  expectNoStore(await server.app.inject({ method: 'POST', url: '/api/v1/health?x=1', payload: {} }), 'unknown method');
});

test('the client files keep their own caching', async () => {
  const index = await server.app.inject({ method: 'GET', url: '/' });
  expect([index.headers['cache-control'], index.headers.pragma]).toEqual(['no-cache', undefined]);
  const asset = await server.app.inject({ method: 'GET', url: '/main.0123abcd.js' });
  expect([asset.headers['cache-control'], asset.headers.pragma]).toEqual(['public, max-age=31536000, immutable', undefined]);
});
