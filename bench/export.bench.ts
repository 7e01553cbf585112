// `npm run bench export [-- --forms 1000000] [--pg] [--sqlite-only | --pg-only]`: generates N baseline forms of the demo
// registry (default 100,000) into a fresh SQLite database, and into a fresh PostgreSQL schema when
// TEST_DATABASE_URL is set or --pg is given, then exports them as xlsx (by form, encrypted) and as
// ODM, each in a child process, and prints forms/s, wall time, peak RSS and file size.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createPasswordHasher } from '../server/auth/passwordHash';
import { deriveRecordKey } from '../server/auth/secrets';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/seed/demo';
import { generateForms } from './export/generate';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const forms = Number(option('--forms') ?? process.env.BENCH_FORMS ?? 100_000);
const pgUrl = process.env.TEST_DATABASE_URL || (argv.includes('--pg') ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const sqliteOnly = argv.includes('--sqlite-only');
const pgOnly = argv.includes('--pg-only');
const RUNS = [
  { format: 'xlsx', renderType: 'byForm' },
  { format: 'odm', renderType: 'byForm' },
] as const;

async function prepare(url: string, searchPath?: string): Promise<void> {
  const handle = openDatabase(url, searchPath ? { searchPath } : {});
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, { passwordHasher: createPasswordHasher(), recordKey: deriveRecordKey('bench-secret-0123456789-abcdefghijklmnop') });
    const started = Date.now();
    let last = 0;
    await generateForms(handle.db, forms, (done) => {
      if (done - last >= 100_000 || done === forms) {
        last = done;
        process.stdout.write(`  generated ${done} forms (${Math.round((Date.now() - started) / 1000)} s)\n`);
      }
    });
    // A live PostgreSQL database has statistics (autovacuum analyzes after bulk changes); a table
    // loaded seconds ago has none yet, and its plans would be a freshly-loaded database's, not ours.
    // SQLite runs without statistics in production too, so it is left as it is.
    if (searchPath !== undefined) await sql`analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

function exportOnce(url: string, searchPath: string | undefined, run: (typeof RUNS)[number]): void {
  const tsx = join(__dirname, '..', 'node_modules/.bin/tsx');
  const child = spawnSync(tsx, [join(__dirname, 'export/exportChild.ts'), JSON.stringify({ url, searchPath, ...run })], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    console.log(`  ${run.format}: failed (${child.status})\n${child.stderr}`);
    return;
  }
  const result = JSON.parse(line) as { forms: number; seconds: number; bytes: number; peakRssMb: number };
  const rate = Math.round(result.forms / result.seconds);
  console.log(
    `  ${run.format.padEnd(4)} ${run.renderType}: ${result.forms} forms in ${result.seconds.toFixed(1)} s = ${rate} forms/s, ` +
      `peak RSS ${result.peakRssMb.toFixed(0)} MB, file ${(result.bytes / 1_048_576).toFixed(1)} MB`,
  );
}

async function benchSqlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'export-bench-db-'));
  const url = `sqlite:${join(dir, 'bench.sqlite')}`;
  try {
    console.log(`SQLite, ${forms} forms:`);
    await prepare(url);
    for (const run of RUNS) exportOnce(url, undefined, run);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(url: string): Promise<void> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    console.log(`PostgreSQL (schema ${schema}), ${forms} forms:`);
    await prepare(url, schema);
    for (const run of RUNS) exportOnce(url, schema, run);
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  console.log(`Export benchmark, ${new Date().toISOString()}, node ${process.version}`);
  if (!pgOnly) await benchSqlite();
  if (pgUrl && !sqliteOnly) await benchPostgres(pgUrl);
  else console.log('PostgreSQL skipped: set TEST_DATABASE_URL or pass --pg.');
}

void main();
