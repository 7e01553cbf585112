// Rows of a subquery as one JSON column of another statement: several small reads answered in a
// single round trip (on PostgreSQL each statement costs a round trip and its own protocol work;
// on SQLite a message to a read worker). Each row is a JSON array of `columns`, in `orderBy` order
// (aggregate ORDER BY: PostgreSQL, SQLite 3.44+).
import { sql, type RawBuilder } from 'kysely';
import type { DatabaseDialect } from '../config';

/** `(select json array of [columns…] … from <from>)`; `from` holds the FROM and WHERE clauses. */
export function jsonRowsSql(dialect: DatabaseDialect, columns: readonly RawBuilder<unknown>[], orderBy: RawBuilder<unknown>, from: RawBuilder<unknown>): RawBuilder<unknown> {
  const values = sql.join(columns);
  return dialect === 'postgres'
    ? sql`(select coalesce(json_agg(json_build_array(${values}) order by ${orderBy}), '[]'::json) from ${from})`
    : sql`(select json_group_array(json_array(${values}) order by ${orderBy}) from ${from})`;
}

/** jsonRowsSql's value: parsed by the PostgreSQL driver, text on SQLite. */
export function parseJsonRows(value: unknown): unknown[][] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as unknown[][];
}
