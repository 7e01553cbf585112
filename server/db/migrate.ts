// Runs the in-code migrations with Kysely's Migrator (its lock table keeps two starting instances
// from migrating at the same time).
import { Migrator, NO_MIGRATIONS, sql, type Kysely, type MigrationResult } from 'kysely';
import type { Database } from './database';
import { MIGRATIONS } from './migrations';
import { dialectOf } from './sqlFunctions';

/**
 * On PostgreSQL the migration tables live in the current schema, named explicitly: Kysely otherwise
 * looks for them in every schema of the database and would take another schema's tables (another
 * application, or another test file) for ours.
 */
async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (dialectOf(db as Kysely<unknown>) === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
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
