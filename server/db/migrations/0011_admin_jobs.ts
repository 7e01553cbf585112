// Administration I: the daily jobs, impersonation, and automatic inactivation notices.
// - job_runs: one row per (task, day), claimed in a transaction by whichever server instance gets
//   there first, so a daily task runs once per day however many instances run (server/jobs).
// - sessions.parent_session_id: an impersonation session names the impersonator's own session and
//   lives only while that one does (server/impersonation).
// - users.inactivation_notice_at: when an account was last listed as soon to be deactivated, so
//   the notice names it once per period of inactivity instead of every day.
// - application_log.on_behalf_of_*: the impersonated user of a write made while impersonating;
//   user_id/user_name stay the real user (docs/decisions.md "Administration").
import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('job_runs')
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addPrimaryKeyConstraint('job_runs_pk', ['task', 'day'])
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('parent_session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('users').addColumn('inactivation_notice_at', timestamp).execute();
  await db.schema.alterTable('application_log').addColumn('on_behalf_of_id', 'text').execute();
  await db.schema.alterTable('application_log').addColumn('on_behalf_of_name', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application_log').dropColumn('on_behalf_of_name').execute();
  await db.schema.alterTable('application_log').dropColumn('on_behalf_of_id').execute();
  await db.schema.alterTable('users').dropColumn('inactivation_notice_at').execute();
  await db.schema.alterTable('sessions').dropColumn('parent_session_id').execute();
  await db.schema.dropTable('job_runs').ifExists().execute();
}

export const adminJobs: Migration = { up, down };
