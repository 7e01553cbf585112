// Kysely's SQLite dialect with reads off the main thread. Kysely's own SqliteDriver runs every query
// on one connection behind a lock; this one keeps that connection and lock for writes, transactions
// and streams, and sends each plain read outside a transaction to the read pool (readPool.ts),
// unless it is known to be quick: those run on a read-only connection in this thread (quickReads.ts).
// Other processes may write the same file (API_PROCESSES): a transaction takes the file's write lock
// at `begin immediate`, and whatever finds that lock taken waits on a timer (sqliteBusy.ts).
// A write resolves only once its commit is on disk; that wait, too, is off this thread
// (walCheckpoint/offThreadDurability.ts).
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { sqliteParameters } from '../sqliteBooleans';
import { retryWhileBusy } from '../sqliteBusy';
import { TransactionalDdlSqliteAdapter } from '../sqliteTransactionalDdl';
import type { OffThreadDurability } from '../walCheckpoint/offThreadDurability';
import type { QuickReads } from './quickReads';
import type { ReadPool } from './readPool';

/** A PRAGMA acts on the connection that runs it (`pragma optimize` reads, yet writes statistics). */
const PRAGMA = /^\s*pragma\b/i;

/**
 * A statement the pool may run: it returns rows and cannot change the file (SQLite's own verdict
 * from the prepared statement, not a guess from the text), and it is not a PRAGMA.
 */
export function isPlainRead(sql: string, statement: SqliteStatement & { readonly?: boolean }): boolean {
  return statement.reader && statement.readonly === true && !PRAGMA.test(sql);
}

/** Whether SQLite says the statement may change the file (a PRAGMA too: some write). */
function mayWrite(statement: SqliteStatement & { readonly?: boolean }): boolean {
  return statement.readonly !== true;
}

function runOnMain<R>(main: SqliteDatabase, query: CompiledQuery): QueryResult<R> {
  const statement = main.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/** Kysely's one-connection lock: whoever holds it has the main connection to itself. */
class MainLock {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

/**
 * What Kysely gets for each query or transaction. It takes the main connection's lock only when it
 * needs the main connection: for a write, a stream, or from `begin` until the connection is released.
 */
class PooledSqliteConnection implements DatabaseConnection {
  #holdsLock = false;

  constructor(
    private readonly main: SqliteDatabase,
    private readonly pool: ReadPool,
    private readonly mainLock: MainLock,
    private readonly quick: QuickReads | undefined,
    private readonly durability: OffThreadDurability | undefined,
  ) {}

  async lock(): Promise<void> {
    await this.mainLock.lock();
    this.#holdsLock = true;
  }

  unlock(): void {
    if (!this.#holdsLock) return;
    this.#holdsLock = false;
    this.mainLock.unlock();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Inside a transaction every statement sees the transaction's own writes: main connection.
    if (this.#holdsLock) return runOnMain<R>(this.main, query);
    // Preparing (cached) also reports syntax errors exactly as before, on the caller's stack.
    const statement = this.main.prepare(query.sql);
    if (isPlainRead(query.sql, statement) && this.pool.available) {
      const parameters = sqliteParameters(query.parameters);
      // Quick reads never wait for the main connection's lock: their connection sees the last commit.
      if (this.quick?.isQuick(query.sql, parameters.length)) return { rows: this.quick.run(query.sql, parameters) as R[] };
      const { rows, ms } = await this.pool.runTimed(query.sql, parameters);
      this.quick?.ranInWorker(query.sql, ms);
      return { rows: rows as R[] };
    }
    await this.lock();
    let result: QueryResult<R>;
    try {
      result = await retryWhileBusy(() => runOnMain<R>(this.main, query));
    } finally {
      this.unlock();
    }
    // A write outside a transaction committed on its own: on disk before it resolves.
    if (mayWrite(statement)) await this.durability?.sync();
    return result;
  }

  /** After `commit`: the next writer may go on while this one waits for the disk. */
  async commitAndSync(): Promise<void> {
    await this.executeQuery(CompiledQuery.raw('commit'));
    this.unlock();
    await this.durability?.sync();
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    // A stream keeps its statement open between rows: on the main connection, holding the lock.
    const ownLock = !this.#holdsLock;
    if (ownLock) await this.lock();
    try {
      for (const row of this.main.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      if (ownLock) this.unlock();
    }
  }
}

class PooledSqliteDriver implements Driver {
  readonly #mainLock = new MainLock();

  constructor(
    private readonly main: SqliteDatabase,
    private readonly pool: ReadPool,
    private readonly quick: QuickReads | undefined,
    private readonly durability: OffThreadDurability | undefined,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PooledSqliteConnection(this.main, this.pool, this.#mainLock, this.quick, this.durability);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // The lock is kept until Kysely releases the connection (after commit or rollback).
    await (connection as PooledSqliteConnection).lock();
    // Immediate: the file's write lock now, not at the first write. A deferred transaction that
    // read before another process committed could not write any more (SQLITE_BUSY_SNAPSHOT).
    await retryWhileBusy(() => runOnMain(this.main, CompiledQuery.raw('begin immediate')));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PooledSqliteConnection).commitAndSync();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PooledSqliteConnection).unlock();
  }

  async destroy(): Promise<void> {
    // The checkpoint worker's connection closes first: the main one, closed last, checkpoints the log whole.
    await this.durability?.close();
    await this.pool.close();
    this.quick?.close();
    this.main.close();
  }
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The SQLite dialect over `main` (the one writing connection), `pool` (its readers), `quick` (reads
 * kept in this thread) and `durability` (commits synced off this thread).
 */
export class PooledSqliteDialect implements Dialect {
  constructor(
    private readonly main: SqliteDatabase,
    private readonly pool: ReadPool,
    private readonly quick?: QuickReads,
    private readonly durability?: OffThreadDurability,
  ) {}

  createDriver(): Driver {
    return new PooledSqliteDriver(this.main, this.pool, this.quick, this.durability);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    // Migrations run in one transaction (sqliteTransactionalDdl.ts).
    return new TransactionalDdlSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
