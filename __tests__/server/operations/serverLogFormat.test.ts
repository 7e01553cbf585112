// Issue 11 item 13: the server log as an operator reads it. Pretty lines in development and the
// demo, JSON in production (and in tests); one line per request with method, URL, status and time.
import { Writable } from 'node:stream';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { buildApp } from '../../../server/app';
import { logFormatFor, loggerOptions, PRETTY_OPTIONS } from '../../../server/logger';
import { createTestServer, waitFor, type TestServer } from '../../helpers/serverApp';

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await createTestServer();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  await server.app.close();
  server.app = await buildApp({ config: server.config, db: server.db, dialect: server.dialect, logger: pino(loggerOptions('info'), sink) });
});
afterAll(() => server.close());

const ownLines = (reqId: string): Record<string, unknown>[] =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === reqId);

/** The request's line is written once the answer is out and the onResponse hooks (the application log row) are done. */
async function requestLines(reqId: string): Promise<Record<string, unknown>[]> {
  await waitFor(async () => (ownLines(reqId).some((line) => String(line.msg).startsWith('request completed')) ? true : undefined));
  return ownLines(reqId);
}

test('pretty for a person in development and the demo, JSON in production and tests', () => {
  expect(logFormatFor('development')).toBe('pretty');
  expect(logFormatFor('demo')).toBe('pretty');
  expect(logFormatFor('production')).toBe('json');
  expect(logFormatFor('test')).toBe('json');
});

test('a request writes one log line: method, redacted URL, status and time', async () => {
  await server.app.inject({ method: 'GET', url: '/api/v1/health?token=abc123', headers: { 'x-request-id': 'one-line-1' } });
  const own = await requestLines('one-line-1');
  expect(own).toHaveLength(1);
  expect(own[0]).toMatchObject({ level: 30, res: { statusCode: 200 }, responseTime: expect.any(Number) });
  expect(own[0].msg).toMatch(/^request completed: GET \/api\/v1\/health\?token=\[redacted\] 200 in \d+ ms$/);
  expect(JSON.stringify(own)).not.toContain('abc123');
});

test('a refused request writes one line with its status too', async () => {
  await server.app.inject({ method: 'GET', url: '/api/v1/no-such-route', headers: { 'x-request-id': 'one-line-2' } });
  const own = await requestLines('one-line-2');
  expect(own).toHaveLength(1);
  expect(own[0].msg).toMatch(/^request completed: GET \/api\/v1\/no-such-route 404 in \d+ ms$/);
});

test('in the pretty format a request is one readable line, not a JSON object', async () => {
  await server.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'pretty-1' } });
  const [json] = await requestLines('pretty-1');
  const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false })(json);
  expect(pretty.trim().split('\n')).toHaveLength(1);
  expect(pretty).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: request completed: GET \/api\/v1\/health 200 in \d+ ms\n$/);
});
