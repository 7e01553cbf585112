// The few places where SQLite and PostgreSQL need different SQL, kept together.
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseDialect } from '../config';

/** Unicode-aware lower-casing: `lower()` on PostgreSQL, our registered `casefold()` on SQLite. */
export function caseFold(dialect: DatabaseDialect, expression: Expression<unknown>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`lower(${expression})` : sql<string>`casefold(${expression})`;
}

/** The dialect behind a Kysely instance (migrations receive only the instance). */
export function dialectOf(db: Kysely<unknown>): DatabaseDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
