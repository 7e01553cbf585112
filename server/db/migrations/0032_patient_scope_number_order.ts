// The patients list by number for a caller who sees a few (registry, institute) pairs (docs/
// decisions.md "Scale: the matrix's other sorts"). Numbers begin with their institute's prefix, so
// the walk of patients_number_folded_idx passed every other institute's patients before the
// caller's (12-15 ms for one page at 100,000 patients, 149 req/s with ten clients). With this
// index, ordered by the folded number within each pair, the page merges one walk per pair
// (server/patients/patientsScopePage.ts) and reads no more than offset + limit entries of each.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

export const patientScopeNumberOrder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const postgres = dialectOf(db) === 'postgres';
    const fold = sql.raw(postgres ? 'lower' : 'casefold');
    await sql`create index patients_scope_number_idx on patients (institute_id, registry_id, ${fold}(internal_patient_number), id)`.execute(db);
    // Statistics of the indexed expression now, as migration 0027 explains.
    if (postgres) await sql`analyze patients`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop index if exists patients_scope_number_idx`.execute(db);
  },
};
