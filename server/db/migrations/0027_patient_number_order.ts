// The patients list by number (docs/decisions.md "Scale: the matrix's other sorts"). Sorted by the
// internal patient number the list sorted every visible patient (80-120 ms at 100,000 patients),
// and "number contains" read every number.
// - Sort: an index of the number folded exactly as the sort folds it (`casefold()` on SQLite,
//   `lower()` on PostgreSQL), followed by the id and the scope columns, as patients_name_folded_idx.
//   An institute-limited caller walks it too, testing the scope on each entry, as the name sort
//   does (its other institutes' numbers first: 15-20 ms for one page at 100,000 patients).
// - Search: on SQLite the FTS5 number trigrams of migration 0026; on PostgreSQL pg_trgm's GIN
//   index on the folded number, which the list's LIKE uses by itself.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import { createTrigramIndex } from './0022_patient_name_trigrams';

const NUMBER_INDEX = { name: 'patients_number_trigram_idx', table: 'patients', expression: '(lower(internal_patient_number))' };

export const patientNumberOrder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const postgres = dialectOf(db) === 'postgres';
    const fold = sql.raw(postgres ? 'lower' : 'casefold');
    await sql`create index patients_number_folded_idx on patients (${fold}(internal_patient_number), id, registry_id, institute_id)`.execute(db);
    // The grid's exact filters. A gender is half the patients: counted from this index alone (4-15
    // ms instead of reading the table: 25-50 ms), and its page walks it in the list's default order
    // (newest first) rather than sorting half the patients, which SQLite chose when the index held
    // the gender alone (43 ms). An insurance number is found by itself, whatever the caller's
    // scopes (the unique index starts with the registry).
    await db.schema.createIndex('patients_gender_idx').on('patients').columns(['gender', 'created_at', 'id', 'registry_id', 'institute_id']).execute();
    await db.schema.createIndex('patients_insurance_idx').on('patients').column('insurance_number').execute();
    // Retried once, as in migration 0022: of two servers creating the extension at once, one fails.
    if (postgres && !(await createTrigramIndex(db, 'pg_trgm', NUMBER_INDEX))) await createTrigramIndex(db, 'pg_trgm', NUMBER_INDEX);
    // PostgreSQL keeps statistics of an indexed expression only from the next ANALYZE; until then
    // it guesses how many numbers a term matches and walks the creation index past thousands of
    // rows instead of reading the trigram index (18 ms against 2 ms at 100,000 patients). A
    // table that rarely changes may wait long for autovacuum's.
    if (postgres) await sql`analyze patients`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop index if exists patients_number_trigram_idx`.execute(db);
    await sql`drop index if exists patients_number_folded_idx`.execute(db);
    await sql`drop index if exists patients_gender_idx`.execute(db);
    await sql`drop index if exists patients_insurance_idx`.execute(db);
  },
};
