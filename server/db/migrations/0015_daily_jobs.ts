// The daily work runs on the job queue (issue 14 item 1): `dedupe_key` (e.g.
// `daily:automatic_inactivation:2030-03-10`) under a unique index makes "enqueue this day's task"
// land once however many instances try; jobs without a key (exports) keep it null, and both
// SQLite and PostgreSQL let any number of nulls pass a unique index. `job_runs` (0011) is no longer
// read or written; it stays so that a rollback to the old schedule still finds its rows.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('dedupe_key', 'text').execute();
  await db.schema.createIndex('jobs_dedupe_key_idx').on('jobs').column('dedupe_key').unique().execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_dedupe_key_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('dedupe_key').execute();
}

export const dailyJobs: Migration = { up, down };
