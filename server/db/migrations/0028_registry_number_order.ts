// The patients list by registry patient number (docs/decisions.md "Scale: the matrix's other
// sorts"): an index of the number folded as the sort folds it, followed by the id and the scope
// columns, as the internal number's (0027). The number is optional and its sort puts patients
// without one last in both directions: SQLite walks one index either way for that, PostgreSQL
// needs a second index ordered the other way for the descending sort.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

export const registryNumberOrder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const postgres = dialectOf(db) === 'postgres';
    const fold = sql.raw(postgres ? 'lower' : 'casefold');
    await sql`create index patients_registry_number_idx on patients (${fold}(registry_patient_number), id, registry_id, institute_id)`.execute(db);
    if (postgres) {
      await sql`create index patients_registry_number_desc_idx on patients (lower(registry_patient_number) desc nulls last, id desc, registry_id, institute_id)`.execute(db);
      // Statistics of the indexed expression at once (0027).
      await sql`analyze patients`.execute(db);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop index if exists patients_registry_number_desc_idx`.execute(db);
    await sql`drop index if exists patients_registry_number_idx`.execute(db);
  },
};
