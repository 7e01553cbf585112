// The planner's statistics: the server analyzes what lacks statistics at start and daily (SQLite:
// every table; PostgreSQL: a table whose expression index has none), so an index a migration adds
// is weighed by real numbers, not guesses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { migrateToLatest } from '../../../server/db/migrate';
import { refreshPlannerStatistics } from '../../../server/db/plannerStatistics';
import { dailyTaskNames } from '../../../server/jobs/dailyTasks';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../helpers/serverApp';

let workDir: string;
let database: TestDatabase;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'registry-planner-'));
  database = await createTestDatabase(workDir);
  await migrateToLatest(database.db);
  const at = '2026-01-01T00:00:00.000Z';
  await database.db
    .insertInto('application_log')
    .values(Array.from({ length: 50 }, (_, i) => ({ id: `log-${i}`, url: '/api/x', http_response_code: 200, created_at: at, response_time: 1 })))
    .execute();
});
afterAll(async () => {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

(testDatabaseUrl() ? test.skip : test)('SQLite gets statistics for the tables that have none', async () => {
  const result = await refreshPlannerStatistics(database.db);
  expect(result).toEqual({ refreshed: true, changed: true });
  const { rows } = await sql<{ tbl: string }>`select tbl from sqlite_stat1 where tbl = 'application_log'`.execute(database.db);
  expect(rows.length).toBeGreaterThan(0);
});

async function expressionStatistics(index: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stats where schemaname = current_schema() and tablename = ${index}`.execute(database.db);
  return Number(rows[0].n);
}

(testDatabaseUrl() ? test : test.skip)('PostgreSQL analyzes a table once an expression index of it has rows but no statistics', async () => {
  // As a migration leaves it: an index on lower(code) over a table autovacuum has not analyzed since.
  await sql`create table planner_probe (code text not null)`.execute(database.db);
  await sql`insert into planner_probe select 'SZLK-RA-BIO-' || g from generate_series(1, 500) as g`.execute(database.db);
  await sql`create index planner_probe_code_idx on planner_probe (lower(code))`.execute(database.db);
  expect(await expressionStatistics('planner_probe_code_idx')).toBe(0);

  expect((await refreshPlannerStatistics(database.db)).analyzed).toContain('planner_probe');
  expect(await expressionStatistics('planner_probe_code_idx')).toBe(1);
  // Then nothing lacks statistics: the next start or day analyzes nothing.
  expect(await refreshPlannerStatistics(database.db)).toEqual({ refreshed: false, analyzed: [] });
});

/** One user's newest log rows: whether to find them by the user or walk the newest rows depends on how many a user has. */
const USER_PAGE = "select * from application_log where user_id = 'early-user' order by created_at desc, id desc limit 10";

function logRows(count: number, row: (i: number) => { id: string; user_id: string; created_at: string }): Promise<unknown>[] {
  const rows = Array.from({ length: count }, (_, i) => ({ url: '/api/x', http_response_code: 200, response_time: 1, ...row(i) }));
  const batches: Promise<unknown>[] = [];
  for (let start = 0; start < rows.length; start += 500) batches.push(database.db.insertInto('application_log').values(rows.slice(start, start + 500)).execute());
  return batches;
}

(testDatabaseUrl() ? test.skip : test)('a connection opened before the log grew plans with the new statistics once they are refreshed', async () => {
  // A young installation: every log row is one user's, as analyzed when the server started.
  await database.db.deleteFrom('application_log').execute();
  await Promise.all(logRows(50, (i) => ({ id: `early-${i}`, user_id: 'early-user', created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() })));
  // Same row count as before, so `pragma optimize` would keep the old statistics: analyzed here.
  await sql`analyze application_log`.execute(database.db);
  // A long-lived read connection (a read worker, the quick reads, another process) that has read those statistics.
  const reader = new SqliteDatabase(database.url.slice('sqlite:'.length), { readonly: true });
  try {
    const page = reader.prepare(USER_PAGE);
    expect(page.all()).toHaveLength(10);
    const planOf = (): string => (reader.prepare(`explain query plan ${USER_PAGE}`).all() as { detail: string }[]).map((step) => step.detail).join(' | ');
    // Every row is the user's: walking the newest rows finds ten at once.
    expect(planOf()).toBe('SCAN application_log USING INDEX application_log_created_id_idx');

    // Then many other users, all newer: walking the newest rows would pass all of theirs first.
    await Promise.all(logRows(5000, (i) => ({ id: `grown-${i}`, user_id: `grown-user-${i}`, created_at: new Date(Date.UTC(2026, 1, 1) + i * 1000).toISOString() })));
    expect(await refreshPlannerStatistics(database.db)).toEqual({ refreshed: true, changed: true });
    // The next run of a statement sees the schema changed, loads the statistics and plans anew.
    expect(page.all()[0]).toMatchObject({ id: 'early-49' });
    expect(planOf()).toMatch(/^SEARCH application_log USING INDEX application_log_user_id_idx \(user_id=\?\)/);

    // Nothing new: the statistics stay and no connection has to reload them.
    expect(await refreshPlannerStatistics(database.db)).toEqual({ refreshed: true, changed: false });
  } finally {
    reader.close();
  }
});

(testDatabaseUrl() ? test.skip : test)('the log is read newest or oldest first from its index, even by statistics of a one-row log', async () => {
  await database.db.deleteFrom('application_log').execute();
  await Promise.all(logRows(1, () => ({ id: 'only', user_id: 'early-user', created_at: '2026-01-01T00:00:00.000Z' })));
  await sql`analyze application_log`.execute(database.db);
  await Promise.all(logRows(2000, (i) => ({ id: `later-${i}`, user_id: 'early-user', created_at: new Date(Date.UTC(2026, 1, 1) + i * 1000).toISOString() })));
  const reader = new SqliteDatabase(database.url.slice('sqlite:'.length), { readonly: true });
  try {
    for (const order of ['created_at desc, id desc', 'created_at asc, id asc']) {
      const page = `select * from application_log order by ${order} limit 10`;
      const plan = (reader.prepare(`explain query plan ${page}`).all() as { detail: string }[]).map((step) => step.detail).join(' | ');
      // Not "SCAN application_log | USE TEMP B-TREE FOR ORDER BY": every row read and sorted for ten.
      expect({ order, plan }).toEqual({ order, plan: 'SCAN application_log USING INDEX application_log_created_id_idx' });
    }
    expect(reader.prepare('select id from application_log order by created_at desc, id desc limit 1').get()).toEqual({ id: 'later-1999' });
  } finally {
    reader.close();
  }
});

test('the daily work refreshes them', () => {
  expect(dailyTaskNames({})).toContain('planner_statistics');
});
