// SQLite changes its schema inside transactions, but Kysely's SqliteAdapter says it cannot, so
// Kysely's Migrator ran each migration statement by statement, every one committed alone. A start
// stopped in the middle of a migration (Ctrl-C during an upgrade, a crash, a migration's own error)
// left it half applied and unrecorded, and every later start failed on it ("duplicate column name").
// With this adapter the Migrator runs the pending migrations in one transaction: all or nothing.
import { SqliteAdapter, SqliteDialect } from 'kysely';

export class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect (one connection, no read pool) with that adapter. */
export class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): TransactionalDdlSqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
