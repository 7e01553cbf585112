// SQLite chooses its indexes by the statistics ANALYZE keeps in sqlite_stat1. A file that was never
// analyzed, or an index a migration just added, leaves the planner guessing: at 100,000 patients a
// new index without statistics turned a ten-id page lookup into a scan of a registry (0.05 → 8 ms).
// SQLite's advice for long-lived connections: `PRAGMA optimize=0x10002` when the connection opens
// and then periodically. It analyzes only the tables that lack statistics or grew or shrank a lot
// (0.14 s for the patients table at 100,000 patients; 2.4 s once for a never-analyzed 6.7 GB file).
// No analysis_limit: its sampled statistics guessed 1,001 patients per institute instead of 50,004,
// and the planner then sorted an institute's patients instead of walking the name index (0.02 →
// 27 ms). PostgreSQL's autovacuum keeps its statistics by itself, with one gap: an expression
// index's statistics (the folded codes' trigram indexes, lower(email)) exist only once ANALYZE runs
// after the index was created, and autovacuum waits for a tenth of the table to change. Until then
// pg_trgm guessed 3,030 visit ids containing '0112' instead of 854, and the matrix walked 9,300
// attendances in page order instead of sorting the 583 matches (17 → 4 ms). A restored dump starts
// without any statistics too. So the server analyzes each of its tables that has rows and an
// expression index without statistics.
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
 * The server's own tables (in its schema, owned by its role, so that it may analyze them) holding
 * rows or never analyzed, with a whole-table expression index that has no statistics (PostgreSQL).
 * A partial index is left out: one whose condition no row meets would never get statistics.
 */
async function tablesLackingExpressionStatistics(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select distinct t.relname as name
    from pg_index i
    inner join pg_class x on x.oid = i.indexrelid
    inner join pg_class t on t.oid = i.indrelid
    inner join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema()
      and i.indexprs is not null and i.indpred is null
      and t.reltuples <> 0
      and pg_has_role(t.relowner, 'USAGE')
      and not exists (select 1 from pg_stats s where s.schemaname = current_schema() and s.tablename = x.relname)
    order by name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Analyzes the tables whose statistics are missing or stale. SQLite: answers whether the statistics
 * changed (then every connection of the file has been told to reload them). PostgreSQL: the tables
 * analyzed for their expression indexes.
 */
export async function refreshPlannerStatistics(db: Kysely<Database>): Promise<{ refreshed: boolean; changed?: boolean; analyzed?: string[] }> {
  if (dialectOf(db as Kysely<unknown>) !== 'sqlite') {
    const analyzed = await tablesLackingExpressionStatistics(db);
    for (const table of analyzed) await sql`analyze ${sql.id(table)}`.execute(db);
    return { refreshed: analyzed.length > 0, analyzed };
  }
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
