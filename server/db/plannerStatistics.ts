// SQLite chooses its indexes by the statistics ANALYZE keeps in sqlite_stat1. A file that was never
// analyzed, or an index a migration just added, leaves the planner guessing: at 100,000 patients a
// new index without statistics turned a ten-id page lookup into a scan of a registry (0.05 → 8 ms).
// SQLite's advice for long-lived connections: `PRAGMA optimize=0x10002` when the connection opens
// and then periodically. It analyzes only the tables that lack statistics or grew or shrank a lot
// (0.14 s for the patients table at 100,000 patients; 2.4 s once for a never-analyzed 6.7 GB file).
// No analysis_limit: its sampled statistics guessed 1,001 patients per institute instead of 50,004,
// and the planner then sorted an institute's patients instead of walking the name index (0.02 →
// 27 ms). PostgreSQL's autovacuum keeps its statistics by itself.
// A connection reads the statistics with the schema and keeps them until the schema changes, which
// ANALYZE does not do: the read workers and the quick-read connection kept the statistics of their
// first read (a fresh demo's log of a few rows) while the log grew to 70,000 rows, and read its
// newest page by sorting the whole table (0.2 -> 85 ms). So when the statistics change, a schema
// change (a table created and dropped) makes every connection of the file load them anew; read-only
// connections cannot run `ANALYZE sqlite_schema`, the command SQLite offers for that.
import { sql, type Kysely } from 'kysely';
import type { DailyTask } from '../jobs/dailySchedule';
import type { Database } from './database';
import { dialectOf } from './sqlFunctions';

export const PLANNER_STATISTICS_TASK = 'planner_statistics';

/** Every statistics row, as one text to compare (a few rows per index). */
async function statisticsOf(db: Kysely<Database>): Promise<string> {
  const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(exists.rows[0]?.n ?? 0) === 0) return '';
  const { rows } = await sql<{ line: string }>`select tbl || ' ' || coalesce(idx, '') || ' ' || coalesce(stat, '') as line from sqlite_stat1 order by tbl, idx`.execute(db);
  return rows.map((row) => row.line).join('\n');
}

/**
 * Analyzes the tables whose statistics are missing or stale (SQLite); answers whether it ran and
 * whether the statistics changed (then every connection of the file has been told to reload them).
 */
export async function refreshPlannerStatistics(db: Kysely<Database>): Promise<{ refreshed: boolean; changed?: boolean }> {
  if (dialectOf(db as Kysely<unknown>) !== 'sqlite') return { refreshed: false };
  const before = await statisticsOf(db);
  // 0x10002: check every table, not only those this connection used (the server just opened it).
  await sql.raw('pragma optimize = 0x10002').execute(db);
  const changed = (await statisticsOf(db)) !== before;
  if (changed) {
    await db.transaction().execute(async (trx) => {
      await sql`create table planner_statistics_reload (changed integer)`.execute(trx);
      await sql`drop table planner_statistics_reload`.execute(trx);
    });
  }
  return { refreshed: true, changed };
}

export function plannerStatisticsTask(deps: { db: Kysely<Database> }): DailyTask {
  return { name: PLANNER_STATISTICS_TASK, run: () => refreshPlannerStatistics(deps.db) };
}
