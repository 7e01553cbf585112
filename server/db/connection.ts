// Opens the one database of the server: an embedded SQLite file (default) or a PostgreSQL pool.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseDialect } from '../config';
import type { Database } from './database';
import { PageLimitsInTextPostgresDialect } from './pageLimitsInText';
import { pipelinedConnectionsFromEnvironment } from './pipelinedConnectionCount';
import { pipelinedPool, type PipelineStats } from './pipelinedStatements';
import { nameRepeatedStatements, preparedStatementsFromEnvironment } from './preparedStatements';
import { PooledSqliteDialect } from './readPool/pooledSqliteDialect';
import { QuickReads, type QuickReadsStats } from './readPool/quickReads';
import { ReadPool, type ReadPoolStats } from './readPool/readPool';
import { readWorkersFromEnvironment } from './readPool/readWorkerCount';
import { withStatementCache } from './sqliteStatementCache';
import { TransactionalDdlSqliteDialect } from './sqliteTransactionalDdl';
import { offThreadDurability, type DurabilityOptions, type DurabilityStats } from './walCheckpoint/offThreadDurability';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * The same database for work that may run long (jobs, checkpoints): on PostgreSQL with shared
   * pipelined connections, one whose every statement takes a pooled connection, so that none waits
   * behind a job's statement (db/pipelinedStatements.ts); elsewhere `db` itself.
   */
  background: Kysely<Database>;
  dialect: DatabaseDialect;
  close(): Promise<void>;
  /**
   * SQLite file databases with the read pool on: its workers and their query counts, the quick reads
   * kept in the main thread, and the syncs and checkpoints done off it.
   */
  readPoolStats?(): ReadPoolStats & { quick: QuickReadsStats; durability: DurabilityStats };
  /** PostgreSQL with shared pipelined connections: statements sent on them and beside them. */
  pipelineStats?(): PipelineStats;
}

export interface OpenDatabaseOptions extends DurabilityOptions {
  /** PostgreSQL only: the schema search path of every pooled connection (tests use one per file). */
  searchPath?: string;
  /** PostgreSQL only: pool size (default 10). */
  poolSize?: number;
  /**
   * SQLite files only: read-only connections in worker threads for reads outside transactions
   * (db/readPool). 0 turns the pool off; by default SQLITE_READ_WORKERS, else 2.
   */
  readWorkers?: number;
  /**
   * PostgreSQL only: repeated statements go named, planned once per connection
   * (db/preparedStatements.ts). By default PG_PREPARED_STATEMENTS, else on.
   */
  preparedStatements?: boolean;
  /**
   * PostgreSQL only: statements outside a transaction share this many pipelined connections
   * (db/pipelinedStatements.ts); 0 gives each its own pooled connection. By default
   * PG_PIPELINED_CONNECTIONS, else half the cores.
   */
  pipelinedConnections?: number;
}

const PG_INT8 = 20;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/**
 * Both drivers hand timestamps back as the same ISO strings SQLite stores, and counts as numbers
 * (int8 never exceeds 2^53 for row counts), so repositories need no dialect branches.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_INT8) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
      const parseDate = pg.types.getTypeParser(oid) as (value: string) => Date;
      return (value: string) => parseDate(value).toISOString();
    }
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * SQLite's lower() folds ASCII only; Hungarian names need Unicode case folding for case-insensitive
 * filters and sorts (see db/sqlFunctions.ts), and the triggers of migration 0016 call it too, so
 * every connection that writes the file registers it. The read workers register the same
 * (db/readPool/readWorker.cjs).
 */
export function registerSqliteFunctions(sqlite: SqliteDatabase.Database): void {
  sqlite.function('casefold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
}

function openSqlite(path: string, readWorkers: number, durabilityOptions: DurabilityOptions): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  // WAL lets readers work while one writer commits; busy_timeout waits instead of failing when the
  // seed CLI, another server process (API_PROCESSES) and this one touch the file at the same time.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  // An acknowledged write must survive a power cut, not only a crash of the process: FULL syncs
  // the WAL at every commit (better-sqlite3 builds NORMAL as WAL's default, which syncs only at
  // checkpoints). About 0.5 ms per commit here (docs/decisions.md "SQLite: every commit on disk").
  // With the read pool the sync leaves this thread instead (below).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  registerSqliteFunctions(sqlite);
  const main = withStatementCache(sqlite);
  // An in-memory database is private to its connection: no other thread could read it.
  const pool = path === ':memory:' || readWorkers === 0 ? null : new ReadPool({ path, size: readWorkers });
  // Reads known to be quick stay in this thread, on a connection of their own (quickReads.ts).
  const quick = pool ? new QuickReads(path, registerSqliteFunctions) : undefined;
  // With the pool, a statement that finds another process writing waits on a timer, not inside
  // SQLite's call, which would hold this thread (sqliteBusy.ts).
  if (pool) sqlite.pragma('busy_timeout = 0');
  // With the pool, no disk wait holds this thread either: a commit is synced in the thread pool
  // before the write resolves, and a worker checkpoints (docs/decisions.md "SQLite: commits synced
  // off the event loop").
  const durability = pool ? offThreadDurability(sqlite, path, durabilityOptions) : undefined;
  // Booleans become 0/1 where values are bound: the statement cache and the read pool (sqliteBooleans.ts).
  const db = new Kysely<Database>({
    dialect: pool ? new PooledSqliteDialect(main, pool, quick, durability) : new TransactionalDdlSqliteDialect({ database: main }),
  });
  // Kysely's destroy() does nothing when no query ever ran; close the workers and file handle ourselves.
  const close = async (): Promise<void> => {
    await db.destroy();
    await durability?.close();
    await pool?.close();
    quick?.close();
    if (sqlite.open) sqlite.close();
  };
  const readPoolStats = pool && quick && durability ? () => ({ ...pool.stats(), quick: quick.stats(), durability: durability.stats() }) : undefined;
  return { db, background: db, dialect: 'sqlite', close, ...(readPoolStats ? { readPoolStats } : {}) };
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  if (options.searchPath !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.searchPath)) {
    throw new Error(`Invalid search path '${options.searchPath}'`);
  }
  const connection: pg.ClientConfig = {
    connectionString: url,
    types: pgTypes,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
  const prepare = options.preparedStatements ?? preparedStatementsFromEnvironment() ? nameRepeatedStatements(pool) : () => undefined;
  const shared = options.pipelinedConnections ?? pipelinedConnectionsFromEnvironment();
  const pipelined = shared > 0 ? pipelinedPool(pool, connection, shared, prepare) : undefined;
  // Page limits in the SQL text, so that a list keeps its generic plan (pageLimitsInText.ts).
  const db = new Kysely<Database>({ dialect: new PageLimitsInTextPostgresDialect({ pool: pipelined?.dialectPool ?? pool }) });
  // The pool is ended once, by close(), not by the background instance's destroy().
  const background = pipelined
    ? new Kysely<Database>({ dialect: new PageLimitsInTextPostgresDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } }) })
    : db;
  const close = async (): Promise<void> => {
    if (background !== db) await background.destroy();
    await db.destroy();
    // Kysely's destroy() does nothing when no query ever ran.
    await pipelined?.dialectPool.end();
    if (!pool.ended) await pool.end();
  };
  return { db, background, dialect: 'postgres', close, ...(pipelined ? { pipelineStats: pipelined.stats } : {}) };
}

/** `url` is `sqlite:<path>` / `sqlite::memory:` or `postgres://...` / `postgresql://...`. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (/^postgres(ql)?:\/\//i.test(url)) return openPostgres(url, options);
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options.readWorkers ?? readWorkersFromEnvironment(), options);
  throw new Error('DATABASE_URL must start with sqlite: or postgres://');
}
