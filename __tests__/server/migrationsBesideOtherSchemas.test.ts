// On PostgreSQL the migrations share the database with other schemas: another application's, or
// other test files' running side by side. Their tables come and go while ours migrate; Kysely's
// stock introspector read every table of every schema and failed when one vanished meanwhile.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToEmpty, migrateToLatest } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../helpers/serverApp';

const pgUrl = testDatabaseUrl();
const onPostgres = pgUrl ? test : test.skip;

let workDir: string;
let database: TestDatabase;
beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'registry-migrate-beside-'));
  database = await createTestDatabase(workDir);
});
afterAll(async () => {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** Creates and drops tables in a schema of its own until stopped, as another test file's cleanup does. */
async function churnAnotherSchema(url: string, stopped: () => boolean): Promise<number> {
  const other = `churn_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rounds = 0;
  try {
    await client.query(`create schema ${other}`);
    while (!stopped()) {
      const columns = Array.from({ length: 30 }, (_, index) => `c${index} text`).join(', ');
      await client.query(`create table ${other}.t${rounds} (id serial primary key, ${columns})`);
      await client.query(`drop table ${other}.t${rounds}`);
      rounds += 1;
    }
  } finally {
    await client.query(`drop schema if exists ${other} cascade`);
    await client.end();
  }
  return rounds;
}

onPostgres('migrating up and down is not disturbed by tables created and dropped in another schema meanwhile', async () => {
  let done = false;
  const churn = churnAnotherSchema(pgUrl as string, () => done);
  try {
    for (let round = 0; round < 3; round += 1) {
      expect(await migrateToLatest(database.db)).toHaveLength(Object.keys(MIGRATIONS).length);
      expect(await migrateToEmpty(database.db)).toHaveLength(Object.keys(MIGRATIONS).length);
    }
  } finally {
    done = true;
  }
  expect(await churn).toBeGreaterThan(0);
});
