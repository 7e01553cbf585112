// `npm run bench import [-- --rows 100000] [--sqlite-only | --pg-only]`: a fresh demo database
// (SQLite, and a fresh PostgreSQL schema when TEST_DATABASE_URL is set or --pg is given) gets a
// 50-field form type; a CSV of N rows (default 100,000: 5 million values, ten forms per new
// attendance) is validated and then committed by the data-import job kind, each step in a child
// process, printing rows/s, wall time and peak RSS.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createPasswordHasher } from '../server/auth/passwordHash';
import { deriveRecordKey } from '../server/auth/secrets';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { newImportJobRow } from '../server/dataImport/importService';
import { storeBlob } from '../server/files/fileStore';
import { insertPatient } from '../server/patients/patients.repository';
import { seedDemo } from '../server/seed/demo';
import { addBenchFormType, BENCH_FORM_TYPE_ID, writeBenchCsv } from './import/benchForm';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const rows = Number(option('--rows') ?? process.env.BENCH_ROWS ?? 100_000);
const pgUrl = process.env.TEST_DATABASE_URL || (argv.includes('--pg') ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const sqliteOnly = argv.includes('--sqlite-only');
const pgOnly = argv.includes('--pg-only');

/** Seeds the demo, adds the bench form type, stores the CSV and inserts the import row; answers its id. */
async function prepare(url: string, workDir: string, searchPath?: string): Promise<string> {
  const handle = openDatabase(url, searchPath ? { searchPath } : {});
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, { passwordHasher: createPasswordHasher(), recordKey: deriveRecordKey('bench-secret-0123456789-abcdefghijklmnop') });
    const registry = await handle.db.selectFrom('registries').select('id').where('short_name', '=', 'RA-BIO').executeTakeFirstOrThrow();
    await addBenchFormType(handle.db, registry.id);
    const szlk = await handle.db.selectFrom('institutes').select('id').where('short_name', '=', 'SZLK').executeTakeFirstOrThrow();
    // Two visits of ten forms per patient: a registry's patients, not a handful with thousands of visits.
    const at = new Date().toISOString();
    for (let i = 0; i < Math.ceil(rows / 20); i += 1) {
      await insertPatient(handle.db, { id: randomUUID(), internalPatientNumber: `BENCH-${i}`, registryPatientNumber: null, insuranceNumber: null, name: `Bench Patient ${i}`, dob: '1970-01-01', gender: 'female', country: null, registryId: registry.id, instituteId: szlk.id, at });
    }
    const patients = await handle.db.selectFrom('patients').select('internal_patient_number').where('registry_id', '=', registry.id).where('institute_id', '=', szlk.id).where('internal_patient_number', 'like', 'BENCH-%').execute();
    const admin = await handle.db.selectFrom('users').select(['id', 'name']).where('email', '=', 'admin@example.org').executeTakeFirstOrThrow();
    const csvPath = join(workDir, 'bench.csv');
    await writeBenchCsv(csvPath, rows, patients.map((p) => p.internal_patient_number), 'investigator@example.org');
    const blob = await storeBlob(join(workDir, 'files'), createReadStream(csvPath), Number.MAX_SAFE_INTEGER);
    console.log(`  ${rows} rows x 50 fields, ${patients.length} patients, CSV ${(statSync(csvPath).size / 1_048_576).toFixed(1)} MB`);
    const job = newImportJobRow({
      name: 'bench',
      requester_id: admin.id,
      initiated_by_name: admin.name,
      registry_id: registry.id,
      form_type_id: BENCH_FORM_TYPE_ID,
      form_type_version: 1,
      file_id: 'bench',
      file_name: 'bench.csv',
      file_kind: 'csv',
      sha256: blob.sha256,
      secret: null,
      locale: 'en',
    });
    await handle.db.insertInto('import_jobs').values(job).execute();
    if (searchPath !== undefined) await sql`analyze`.execute(handle.db);
    return job.id;
  } finally {
    await handle.close();
  }
}

function step(url: string, searchPath: string | undefined, storeDir: string, importJobId: string, name: 'validate' | 'commit'): boolean {
  const tsx = join(__dirname, '..', 'node_modules/.bin/tsx');
  const child = spawnSync(tsx, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []), join(__dirname, 'import/importChild.ts'), JSON.stringify({ url, searchPath, storeDir, importJobId, step: name })], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    console.log(`  ${name}: failed (${child.status})\n${child.stderr}`);
    return false;
  }
  const result = JSON.parse(line) as { seconds: number; cpuSeconds: number; peakRssMb: number; state: string; error?: string; results: { rowsOk: number; rowsWithErrors: number } | null; statements: number; topStatements: string[] };
  const rate = Math.round(rows / result.seconds);
  console.log(
    `  ${name.padEnd(8)}: ${rows} rows in ${result.seconds.toFixed(1)} s (CPU ${result.cpuSeconds.toFixed(1)} s) = ${rate} rows/s, peak RSS ${result.peakRssMb.toFixed(0)} MB, ` +
      `state ${result.state}${result.results ? ` (ok ${result.results.rowsOk}, with errors ${result.results.rowsWithErrors})` : ''}${result.error ? `: ${result.error}` : ''}`,
  );
  console.log(`            ${result.statements} statements; most: ${result.topStatements.join(', ')}`);
  return true;
}

async function run(url: string, workDir: string, searchPath?: string): Promise<void> {
  const id = await prepare(url, workDir, searchPath);
  const storeDir = join(workDir, 'files');
  if (!step(url, searchPath, storeDir, id, 'validate')) return;
  // The importer's commit: validated -> committing, as POST .../commit does.
  const handle = openDatabase(url, searchPath ? { searchPath } : {});
  await handle.db.updateTable('import_jobs').set({ state: 'committing' }).where('id', '=', id).where('state', '=', 'validated').execute();
  await handle.close();
  step(url, searchPath, storeDir, id, 'commit');
}

async function benchSqlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  try {
    console.log('SQLite:');
    await run(`sqlite:${join(dir, 'bench.sqlite')}`, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(url: string): Promise<void> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    console.log(`PostgreSQL (schema ${schema}):`);
    await run(url, dir, schema);
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`Import benchmark, ${new Date().toISOString()}, node ${process.version}`);
  if (!pgOnly) await benchSqlite();
  if (pgUrl && !sqliteOnly) await benchPostgres(pgUrl);
  else console.log('PostgreSQL skipped: set TEST_DATABASE_URL or pass --pg.');
}

void main();
