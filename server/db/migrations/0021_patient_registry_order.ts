// Lists at scale, fifth part (docs/decisions.md "Scale: the patients list by registry and deep pages").
// A registry's patients newest first (the registry's own patient list) walk this index backwards and
// stop at the page. Without it the database gathered every patient of the registry from
// patients_scope_created_idx (institute first) and sorted them all for ten rows: 5-9 ms on SQLite at
// 100,000 patients. institute_id is covered for the caller's scope test on the walked rows.
import type { Kysely, Migration } from 'kysely';

export const patientRegistryOrder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('patients_registry_created_idx').on('patients').columns(['registry_id', 'created_at', 'id', 'institute_id']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('patients_registry_created_idx').execute();
  },
};
