// The real Fastify app over a real, fresh database for one test file: a temporary SQLite file by
// default, or, when TEST_DATABASE_URL points at PostgreSQL, a schema of its own (t_<random>) that
// every pooled connection uses through its search_path and that is dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { flushRequestLog } from '../../server/appLog/requestLogBuffer';
import { serverRecordKey } from '../../server/audit/recordKey';
import { createPasswordHasher } from '../../server/auth/passwordHash';
import { deriveRecordKey } from '../../server/auth/secrets';
import { loadConfig, type AppConfig, type DatabaseDialect } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import type { Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';
import type { UserResolver } from '../../server/plugins/authGuard';
import type { ServiceOverrides } from '../../server/services';

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** The URL to pass to the config (the schema is set separately on PostgreSQL). */
  url: string;
  /** Opens another handle on the same database (same schema), e.g. to run migrations again. */
  reopen(): { db: Kysely<Database>; close(): Promise<void> };
  close(): Promise<void>;
}

export interface TestServer extends TestDatabase {
  app: FastifyInstance;
  config: AppConfig;
  workDir: string;
}

export interface TestServerOptions {
  seed?: boolean;
  /** Extra environment for loadConfig (BODY_LIMIT, STATIC_DIR, FORM_BACKUP, ...). */
  env?: Record<string, string>;
  resolveUser?: UserResolver;
  /** Files of a built client (path -> content); served from STATIC_DIR when given. */
  staticFiles?: Record<string, string | Buffer>;
  /** Service replacements (the export writer, job timing, clock). */
  services?: ServiceOverrides;
}

export const TEST_APP_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
/** The record key a test server seals with (derived from TEST_APP_SECRET, as the server does). */
export const TEST_RECORD_KEY = deriveRecordKey(TEST_APP_SECRET);

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** A fresh, empty (unmigrated) database. */
export async function createTestDatabase(workDir: string): Promise<TestDatabase> {
  const pgUrl = testDatabaseUrl();
  if (!pgUrl) {
    const url = `sqlite:${join(workDir, 'test.sqlite')}`;
    const handle = openDatabase(url);
    return { ...handle, url, reopen: () => openDatabase(url) };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const open = (): ReturnType<typeof openDatabase> => openDatabase(pgUrl, { searchPath: schema, poolSize: 4 });
  const handle = open();
  return {
    db: handle.db,
    dialect: handle.dialect,
    url: pgUrl,
    reopen: open,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: pgUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop schema if exists ${schema} cascade`);
        // The job queue's pg-boss tables live beside the schema (server/jobs/pgBossQueue.ts).
        await cleanup.query(`drop schema if exists ${schema}_pgboss cascade`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export function testConfig(workDir: string, databaseUrl: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig(
    {
      NODE_ENV: 'test',
      APP_SECRET: TEST_APP_SECRET,
      DATABASE_URL: databaseUrl,
      MAIL_OUTBOX_DIR: join(workDir, 'outbox'),
      STATIC_DIR: join(workDir, 'no-client'),
      LOG_LEVEL: 'silent',
      ...env,
    },
    workDir,
  );
}

export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const workDir = mkdtempSync(join(tmpdir(), 'registry-server-test-'));
  const database = await createTestDatabase(workDir);
  let app: FastifyInstance;
  let config: AppConfig;
  try {
    await migrateToLatest(database.db);
    const env = { ...options.env };
    if (options.staticFiles) {
      for (const [path, content] of Object.entries(options.staticFiles)) {
        mkdirSync(dirname(join(workDir, 'client', path)), { recursive: true });
        writeFileSync(join(workDir, 'client', path), content);
      }
      env.STATIC_DIR = join(workDir, 'client');
    }
    config = testConfig(workDir, database.url, env);
    if (options.seed) await seedDemo(database.db, { passwordHasher: createPasswordHasher(), recordKey: serverRecordKey(config.audit, config.appSecret) });
    app = await buildApp({ config, db: database.db, dialect: database.dialect, resolveUser: options.resolveUser, services: options.services });
  } catch (error) {
    // Leave no schema or temp folder behind when the setup itself fails.
    await database.close();
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...database,
    app,
    config,
    workDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Request rows are written in onResponse, which may finish just after inject() resolves; poll
 * briefly instead of sleeping a fixed time.
 */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 2000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function logRowsFor(db: Kysely<Database>, reqId: string): Promise<Database['application_log'][]> {
  // Request rows are written in short batches (server/appLog/requestLogBuffer.ts).
  await flushRequestLog(db);
  return db.selectFrom('application_log').selectAll().where('req_id', '=', reqId).execute();
}
