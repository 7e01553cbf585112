// What reaches the server log (pino): complete 5xx errors for the operator, a generic text for the
// caller, and no secrets from URLs.
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { loggerOptions } from '../../server/logger';
import { createTestServer, waitFor, type TestServer } from '../helpers/serverApp';

let server: TestServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = await createTestServer();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // The same app, logging through the server's logger options into memory.
  await server.app.close();
  server.app = await buildApp({
    config: server.config,
    db: server.db,
    dialect: server.dialect,
    logger: pino(loggerOptions('info'), sink),
  });
});
afterAll(() => server.close());

test('a failure inside a route answers a generic localized 500 and logs the complete error', async () => {
  await server.db.schema.alterTable('institutes').renameTo('institutes_away').execute();
  try {
    const hu = await server.app.inject({ method: 'GET', url: '/api/v1/institutes/public', headers: { 'x-request-id': 'boom-1' } });
    expect(hu.statusCode).toBe(500);
    expect(hu.json()).toEqual({ statusCode: 500, code: 'internal_error', message: 'Hiba történt a szerveren. Kérjük, próbálja újra később.' });
    expect(hu.body).not.toMatch(/institutes|no such table|does not exist/);
    const en = await server.app.inject({ method: 'GET', url: '/api/v1/institutes/public', headers: { 'accept-language': 'en' } });
    expect(en.json().message).toBe('Something went wrong on the server. Please try again later.');
  } finally {
    await server.db.schema.alterTable('institutes_away').renameTo('institutes').execute();
  }
  const logged = lines.find((line) => line.reqId === 'boom-1' && line.level === 50) as { err?: { message?: string; stack?: string } };
  expect(logged?.err?.message).toMatch(/institutes/);
  expect(logged?.err?.stack).toEqual(expect.any(String));
});

test('URLs in the server log are redacted like in the application log', async () => {
  await server.app.inject({
    method: 'GET',
    url: '/api/v1/health?token=abc123&password=hunter2',
    headers: { 'x-request-id': 'redact-1', authorization: 'Bearer secret-token-value' },
  });
  // The request's one line is written after the answer and its application-log row.
  const own = await waitFor(async () => {
    const found = lines.filter((line) => line.reqId === 'redact-1');
    return found.length > 0 ? found : undefined;
  });
  const text = JSON.stringify(own);
  expect(text).toContain('token=[redacted]');
  expect(text).not.toMatch(/abc123|hunter2|secret-token-value/);
});
