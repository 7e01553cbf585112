// Writes a chunk of grown rows in one transaction with few statements: on SQLite multi-row
// INSERT ... VALUES (up to ~30,000 parameters each); on PostgreSQL one INSERT ... SELECT FROM
// unnest(array per column) per table and batch, which is as fast as COPY for this size without
// another driver. Both go through Kysely, so they work inside a test's PostgreSQL schema.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../../server/config';
import type { Database } from '../../server/db/database';
import { COLUMNS, TABLE_ORDER, type Cell, type ChunkRows, type GrownTable, type Row } from './rows';

const SQLITE_MAX_PARAMETERS = 30_000;
const PG_BATCH_ROWS = 5_000;

export interface BulkWriter {
  writeChunk(rows: ChunkRows): Promise<void>;
}

function sqliteCell(cell: Cell): Cell {
  return typeof cell === 'boolean' ? (cell ? 1 : 0) : cell;
}

async function sqliteInsert(trx: Kysely<Database>, table: GrownTable, rows: readonly Row[]): Promise<void> {
  const columns = COLUMNS[table];
  const perStatement = Math.floor(SQLITE_MAX_PARAMETERS / columns.length);
  const tuple = `(${columns.map(() => '?').join(',')})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const text = `insert into ${table} (${columns.join(',')}) values ${batch.map(() => tuple).join(',')}`;
    await trx.executeQuery(CompiledQuery.raw(text, batch.flat().map(sqliteCell)));
  }
}

/** The PostgreSQL type of every column of the grown tables, for the unnest casts. */
async function pgColumnTypes(db: Kysely<Database>): Promise<Map<string, string>> {
  const result = await sql<{ table_name: string; column_name: string; udt_name: string }>`
    select table_name, column_name, udt_name from information_schema.columns where table_schema = current_schema()`.execute(db);
  return new Map(result.rows.map((row) => [`${row.table_name}.${row.column_name}`, row.udt_name]));
}

async function pgInsert(trx: Kysely<Database>, types: Map<string, string>, table: GrownTable, rows: readonly Row[]): Promise<void> {
  const columns = COLUMNS[table];
  const casts = columns.map((column, i) => {
    const type = types.get(`${table}.${column}`);
    if (!type) throw new Error(`No column ${table}.${column} in the current schema`);
    return `$${i + 1}::${type}[]`;
  });
  const text = `insert into ${table} (${columns.join(',')}) select * from unnest(${casts.join(',')})`;
  for (let start = 0; start < rows.length; start += PG_BATCH_ROWS) {
    const batch = rows.slice(start, start + PG_BATCH_ROWS);
    await trx.executeQuery(CompiledQuery.raw(text, columns.map((_, i) => batch.map((row) => row[i]))));
  }
}

export async function createBulkWriter(db: Kysely<Database>, dialect: DatabaseDialect): Promise<BulkWriter> {
  if (dialect === 'sqlite') {
    // Growing is a one-off load of a throw-away file: no fsync per transaction, a big page cache.
    await sql`pragma synchronous = off`.execute(db);
    await sql`pragma cache_size = -262144`.execute(db);
  }
  const types = dialect === 'postgres' ? await pgColumnTypes(db) : new Map<string, string>();
  return {
    async writeChunk(rows: ChunkRows): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const table of TABLE_ORDER) {
          if (rows[table].length === 0) continue;
          if (dialect === 'sqlite') await sqliteInsert(trx, table, rows[table]);
          else await pgInsert(trx, types, table, rows[table]);
        }
      });
    },
  };
}
