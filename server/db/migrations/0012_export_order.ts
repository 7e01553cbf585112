// Data export (issue 14): indexes that let the export walk forms and attendances in a stable
// order a page at a time (keyset paging), so a million-form export never sorts the whole table.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('forms_export_order_idx').on('forms').columns(['form_type_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('attendances_export_order_idx').on('attendances').columns(['registry_id', 'start_date_time', 'id']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attendances_export_order_idx').execute();
  await db.schema.dropIndex('forms_export_order_idx').execute();
}

export const exportOrder: Migration = { up, down };
