// The application log's newest page read from an index in its exact order, whatever the planner's
// statistics say (docs/decisions.md "The application log's order and stale statistics").
// Migration 0019's `(created_at desc, id)` served "newest first, then id ascending"; since the list's
// tie-breaker follows the last sort key ("created_at desc, id desc"), neither it nor the plain
// `(created_at)` index gives that order by itself. With statistics taken while the log was small (a
// fresh installation), SQLite then read the whole table and sorted it for ten rows: 85 ms at 70,000
// rows. One `(created_at, id)` index serves both directions (walked backwards for newest first), a
// time range, and the retention's deletes by age; it replaces both, so each request row keeps one
// index fewer.
import { sql, type Kysely, type Migration } from 'kysely';

export const applicationLogOrder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create index application_log_created_id_idx on application_log (created_at, id)`.execute(db);
    await db.schema.dropIndex('application_log_newest_idx').execute();
    await db.schema.dropIndex('application_log_created_at_idx').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('application_log_created_at_idx').on('application_log').column('created_at').execute();
    await sql`create index application_log_newest_idx on application_log (created_at desc, id)`.execute(db);
    await db.schema.dropIndex('application_log_created_id_idx').execute();
  },
};
