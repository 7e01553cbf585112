// Fix locks (docs/form-lifecycle.md "Fixing"): while a monitor fixes one field of a handed-in form,
// the field is locked for everybody else. One row per locked field path, with its holder and when
// the lock lapses; the primary key makes two monitors taking the same free field race safely (the
// second insert fails). A lapsed lock may be taken over; releasing or fixing deletes the row.
import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('form_fix_locks')
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('taken_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('form_fix_locks_pk', ['form_id', 'path'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_fix_locks').ifExists().execute();
}

export const fixLocks: Migration = { up, down };
