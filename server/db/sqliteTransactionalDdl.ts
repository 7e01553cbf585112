// SQLite changes its schema inside transactions, but Kysely's SqliteAdapter says it cannot, so
// Kysely's Migrator ran each migration statement by statement, every one committed alone. A start
// stopped in the middle of a migration (Ctrl-C during an upgrade, a crash, a migration's own error)
// left it half applied and unrecorded, and every later start failed on it ("duplicate column name").
// With this adapter the Migrator runs the pending migrations in one transaction: all or nothing.
import { CompiledQuery, SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

export class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Kysely's driver, with transactions that take the file's write lock at once: another process
 * (API_PROCESSES) may commit between a deferred transaction's first read and its first write, which
 * SQLite then refuses (SQLITE_BUSY_SNAPSHOT). Without the read pool the wait for the lock is
 * SQLite's busy_timeout, inside the call (the pooled dialect waits on timers instead).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Kysely's SQLite dialect (one connection, no read pool) with that adapter and driver. */
export class TransactionalDdlSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): TransactionalDdlSqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
