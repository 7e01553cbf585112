// The subject status matrix (docs/decisions.md "Subject status matrix") asks, per attendance,
// whether some live form of it is in a state ("state==rejected", and the to-do conditions behind
// "needs my action"): with the state beside the attendance in one index, that EXISTS reads only
// the matching index entries instead of every form of the attendance.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('forms_attendance_state_idx').on('forms').columns(['attendance_id', 'state']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('forms_attendance_state_idx').ifExists().execute();
}

export const statusMatrix: Migration = { up, down };
