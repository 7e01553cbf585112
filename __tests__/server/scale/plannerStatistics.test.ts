// The planner's statistics: the server analyzes what lacks statistics at start and daily (SQLite),
// so an index a migration adds is weighed by real numbers, not guesses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest } from '../../../server/db/migrate';
import { refreshPlannerStatistics } from '../../../server/db/plannerStatistics';
import { dailyTaskNames } from '../../../server/jobs/dailyTasks';
import { createTestDatabase, type TestDatabase } from '../../helpers/serverApp';

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

test('SQLite gets statistics for the tables that have none; PostgreSQL keeps its own', async () => {
  const result = await refreshPlannerStatistics(database.db);
  if (database.dialect === 'postgres') {
    expect(result).toEqual({ refreshed: false });
    return;
  }
  expect(result).toEqual({ refreshed: true });
  const { rows } = await sql<{ tbl: string }>`select tbl from sqlite_stat1 where tbl = 'application_log'`.execute(database.db);
  expect(rows.length).toBeGreaterThan(0);
});

test('the daily work refreshes them', () => {
  expect(dailyTaskNames({})).toContain('planner_statistics');
});
