// The real app over a real database for the auth tests, with a fake clock (tokens, lockouts and
// links expire without waiting), a cheap captcha, recorded mail (also written to the outbox) and
// the server log captured, so tests can check that no secret reaches it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { URI } from 'otpauth';
import pino from 'pino';
import { buildApp } from '../../../server/app';
import { createPasswordHasher } from '../../../server/auth/passwordHash';
import { totpCode } from '../../../server/auth/totp';
import type { AppConfig } from '../../../server/config';
import { seedDemo, DEMO_PASSWORD } from '../../../server/seed/demo';
import { loggerOptions } from '../../../server/logger';
import { createMailTransport, type MailMessage, type MailTransport } from '../../../server/mail/transport';
import { createTestDatabase, TEST_RECORD_KEY, testConfig, waitFor, type TestDatabase } from '../../helpers/serverApp';

export { DEMO_PASSWORD };
export const STRONG_PASSWORD = 'New-Passw0rd-2026';

export class FakeClock {
  private current: number;

  constructor(start = Date.now()) {
    this.current = start;
  }

  now = (): Date => new Date(this.current);

  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

export interface AuthTestServer extends TestDatabase {
  app: FastifyInstance;
  config: AppConfig;
  clock: FakeClock;
  workDir: string;
  /** Every mail handed to the transport, in order. */
  sent: MailMessage[];
  /** The server log (pino JSON lines). */
  logLines: string[];
}

export async function createAuthTestServer(options: { env?: Record<string, string>; seed?: boolean } = {}): Promise<AuthTestServer> {
  const workDir = mkdtempSync(join(tmpdir(), 'registry-auth-test-'));
  const database = await createTestDatabase(workDir);
  const { migrateToLatest } = await import('../../../server/db/migrate');
  await migrateToLatest(database.db);
  const clock = new FakeClock();
  if (options.seed !== false) await seedDemo(database.db, { passwordHasher: createPasswordHasher(), now: clock.now(), recordKey: TEST_RECORD_KEY });
  const config = testConfig(workDir, database.url, options.env);
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  const logger = pino({ ...loggerOptions('info') }, sink);
  const sent: MailMessage[] = [];
  const inner = createMailTransport(config, logger);
  const mailTransport: MailTransport = {
    destination: inner.destination,
    async send(message) {
      const result = await inner.send(message);
      sent.push(message);
      return result;
    },
    close: () => inner.close(),
  };
  const app = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    logger,
    services: { clock: clock.now, mailTransport, captchaDifficulty: { cost: 1, counterMin: 0, counterMax: 20 } },
  });
  return {
    ...database,
    app,
    config,
    clock,
    workDir,
    sent,
    logLines,
    async close() {
      await app.close();
      mailTransport.close();
      await database.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

export type Headers = Record<string, string>;

export function formRequest(url: string, fields: Record<string, string>, headers: Headers = {}): InjectOptions {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  };
}

export const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

export async function signIn(
  server: AuthTestServer,
  username: string,
  password = DEMO_PASSWORD,
  headers: Headers = {},
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  const request = formRequest('/api/v1/auth/tokens', { grant_type: 'password', username, password }, headers);
  return server.app.inject({ ...request, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** The access token of a successful sign-in (full or MFA step). */
export async function tokenOf(server: AuthTestServer, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await signIn(server, username, password);
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  return response.json().access_token as string;
}

export async function postJson(server: AuthTestServer, url: string, body: unknown, headers: Headers = {}): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url, payload: body as Record<string, unknown>, headers });
}

export async function get(server: AuthTestServer, url: string, headers: Headers = {}): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'GET', url, headers });
}

/** Waits until `count` mails went to the address; answers them in sending order. */
export async function mailsTo(server: AuthTestServer, address: string, count = 1): Promise<MailMessage[]> {
  return waitFor(async () => {
    const mails = server.sent.filter((mail) => mail.to === address);
    return mails.length >= count ? mails : undefined;
  });
}

/** The token after `#token=` in the last link of a mail. */
export function linkToken(mail: MailMessage): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no token link in: ${mail.text}`);
  return match[1];
}

export function secretOf(otpUrl: string): string {
  return URI.parse(otpUrl).secret.base32;
}

export function codeNow(server: AuthTestServer, secret: string): string {
  return totpCode(secret, server.clock.now());
}

/**
 * Turns MFA on for a user (policy 'user') from the profile: setup and verify with a full token.
 * The clock then moves one step on, so the next code differs from the one used here.
 */
export async function enableMfa(server: AuthTestServer, fullToken: string): Promise<{ secret: string; recoveryKeys: string[] }> {
  const setup = await postJson(server, '/api/v1/auth/mfa-tokens/setup', undefined, bearer(fullToken));
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const secret = secretOf(setup.json().otpUrl);
  const verify = await postJson(server, '/api/v1/auth/mfa-tokens/verify', { otp_token: codeNow(server, secret) }, bearer(fullToken));
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  server.clock.advance(30);
  return { secret, recoveryKeys: verify.json().recoveryKeys };
}

export async function eventsNamed(server: AuthTestServer, event: string): Promise<Array<Record<string, unknown>>> {
  return server.db.selectFrom('application_log').selectAll().where('event', '=', event).orderBy('created_at').execute();
}
