// better-sqlite3 refuses JavaScript booleans as bound values; SQLite stores them as 0/1 anyway.
// Every value bound on SQLite passes through here (the statement cache for the main connection,
// the read pool for the readers), so repositories write `true`/`false` on both dialects
// (PostgreSQL keeps real booleans). This replaced a Kysely plugin that rebuilt each query's whole
// operation tree to find the booleans: a twentieth of the server's busy time under load
// (docs/decisions.md "Fewer statements per request").

const toSqlite = (value: unknown): unknown => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** The values as SQLite takes them; the same array when none is a boolean (the usual case). */
export function sqliteParameters(parameters: ReadonlyArray<unknown>): ReadonlyArray<unknown> {
  return parameters.some((value) => typeof value === 'boolean') ? parameters.map(toSqlite) : parameters;
}
