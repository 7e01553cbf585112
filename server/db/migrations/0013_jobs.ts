// Durable jobs (issue 14 item 1, server/jobs): one row per piece of long work (export, later import
// and statistics). The row is the source of truth the UI reads: state, progress, result, error.
// - parameters: JSON without secrets; secret: what a running job needs that must not be stored in
//   clear (the export password), AES-256-GCM under a key derived from APP_SECRET, wiped when the job
//   ends (docs/decisions.md "Durable jobs and the data export").
// - lease_owner/lease_until: the instance running the job renews the lease while it works; a running
//   row whose lease ran out belongs to an instance that died and is retried or failed on recovery.
import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('parameters', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('requester_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer')
    .addColumn('result', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('started_at', timestamp)
    .addColumn('finished_at', timestamp)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_state_idx').on('jobs').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('jobs_requester_idx').on('jobs').columns(['requester_id', 'kind', 'created_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').ifExists().execute();
}

export const jobs: Migration = { up, down };
