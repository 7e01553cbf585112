// A fresh demo database to grow: a SQLite file in the work folder, or a new PostgreSQL database
// (scale_<time>) on the server the admin URL names. Migrated and demo-seeded by the server's own
// code, then grown (./grow.ts). The bench's APP_SECRET derives the record key, so the server and
// `npm run audit:verify` started with it check the grown record.
import { join } from 'node:path';
import pg from 'pg';
import { createPasswordHasher } from '../../server/auth/passwordHash';
import { deriveRecordKey } from '../../server/auth/secrets';
import type { DatabaseDialect } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/seed/demo';
import { growDatabase, type GrowCounts } from './grow';

export const BENCH_APP_SECRET = 'scale-bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface PreparedDatabase {
  dialect: DatabaseDialect;
  url: string;
  counts: GrowCounts;
  seconds: number;
}

/** Creates an empty database next to the one the admin URL names, and answers its URL. */
async function createPgDatabase(adminUrl: string): Promise<string> {
  const name = `scale_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function prepareScaleDatabase(options: { patients: number; workDir: string; pgAdminUrl?: string; log?: (line: string) => void }): Promise<PreparedDatabase> {
  const started = performance.now();
  const dialect: DatabaseDialect = options.pgAdminUrl ? 'postgres' : 'sqlite';
  const url = options.pgAdminUrl ? await createPgDatabase(options.pgAdminUrl) : `sqlite:${join(options.workDir, `scale-${options.patients}.sqlite`)}`;
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    const recordKey = deriveRecordKey(BENCH_APP_SECRET);
    await seedDemo(handle.db, { passwordHasher: createPasswordHasher(), recordKey });
    let lastLog = 0;
    const counts = await growDatabase(handle.db, dialect, {
      patients: options.patients,
      recordKey,
      onProgress: (done, total) => {
        if (performance.now() - lastLog < 15_000 && done < total) return;
        lastLog = performance.now();
        options.log?.(`  ${done} / ${total} patients, ${Math.round((performance.now() - started) / 1000)} s`);
      },
    });
    return { dialect, url, counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}
