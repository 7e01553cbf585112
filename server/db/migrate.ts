// Runs the in-code migrations with Kysely's Migrator (its lock table keeps two starting instances
// from migrating at the same time).
import { Migrator, NO_MIGRATIONS, sql, type DatabaseIntrospector, type Kysely, type Migration, type MigrationResult } from 'kysely';
import type { Database } from './database';
import { MIGRATIONS } from './migrations';
import { dialectOf } from './sqlFunctions';

/**
 * The Migrator asks its introspector only whether its own two tables exist. Kysely's PostgreSQL
 * introspector answers that by reading every column of every table in every schema, and fails
 * ("relation ... does not exist") when another schema's table is dropped meanwhile: another
 * application's migration, or another test file's cleanup. This one lists the tables of one schema.
 */
function oneSchemaIntrospector(db: Kysely<Database>, schema: string): DatabaseIntrospector {
  const getTables: DatabaseIntrospector['getTables'] = async () => {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p')`.execute(db);
    return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
  };
  return { getSchemas: async () => [{ name: schema }], getTables, getMetadata: async () => ({ tables: await getTables() }) };
}

/** `db` as it is, except that its introspection is `introspector` (Kysely offers no setter). */
function withIntrospector(db: Kysely<Database>, introspector: DatabaseIntrospector): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspector;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields, so they must run on the real instance.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * On PostgreSQL the migration tables live in the current schema, named explicitly: Kysely otherwise
 * looks for them in every schema of the database and would take another schema's tables (another
 * application, or another test file) for ours. Tests pass their own `migrations` (one more step).
 */
export async function migratorFor(db: Kysely<Database>, migrations: Readonly<Record<string, Migration>> = MIGRATIONS): Promise<Migrator> {
  const provider = { getMigrations: async () => ({ ...migrations }) };
  if (dialectOf(db as Kysely<unknown>) !== 'postgres') return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check the search_path of the database user');
  return new Migrator({ db: withIntrospector(db, oneSchemaIntrospector(db, schema)), migrationTableSchema: schema, provider });
}

function check(results: MigrationResult[] | undefined, error: unknown): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies every pending migration; answers the names it applied (empty when up to date). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { results, error } = await (await migratorFor(db)).migrateToLatest();
  return check(results, error);
}

/** Undoes every migration (drops all tables); used by `npm run seed -- --reset` and tests. */
export async function migrateToEmpty(db: Kysely<Database>): Promise<string[]> {
  const { results, error } = await (await migratorFor(db)).migrateTo(NO_MIGRATIONS);
  return check(results, error);
}
