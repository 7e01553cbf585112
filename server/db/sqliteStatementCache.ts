// Kysely's SQLite driver prepares every statement anew; preparing is a third of an import commit's
// time on SQLite. This wrapper hands Kysely the same prepared statement for the same SQL text (the
// values are bound at each run). Kysely runs one query at a time on its one connection, so a cached
// statement is never in use twice at once; SQLite re-prepares a statement itself after a schema change.
// The cached statement also turns bound booleans into 0/1 (sqliteBooleans.ts).
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';
import { sqliteParameters } from './sqliteBooleans';

/** Kysely's statement, plus SQLite's own verdict whether it can change the file (readPool). */
export type CachedStatement = SqliteStatement & { readonly readonly: boolean };

function withSqliteParameters(statement: SqliteDatabase.Statement): CachedStatement {
  return {
    reader: statement.reader,
    readonly: statement.readonly,
    all: (parameters) => statement.all(sqliteParameters(parameters)),
    run: (parameters) => statement.run(sqliteParameters(parameters)),
    iterate: (parameters) => statement.iterate(sqliteParameters(parameters)),
  };
}

/** Enough for every distinct statement a request or a job runs; the least recently used go first. */
export const STATEMENT_CACHE_SIZE = 500;

export interface CachingSqliteDatabase extends KyselySqliteDatabase {
  prepare(sql: string): CachedStatement;
}

export function withStatementCache(sqlite: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE): CachingSqliteDatabase {
  const statements = new Map<string, CachedStatement>();
  return {
    close: (): void => {
      statements.clear();
      sqlite.close();
    },
    prepare: (text: string): CachedStatement => {
      const cached = statements.get(text);
      if (cached) {
        // Map keeps insertion order: moving the hit to the end makes the first key the least recent.
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = withSqliteParameters(sqlite.prepare(text));
      statements.set(text, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
