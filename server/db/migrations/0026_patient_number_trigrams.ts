// Patient-number search by trigrams (docs/decisions.md "Scale: the matrix's other sorts"). The
// status matrix's "number contains" filter scanned every attendance of the registry for its page
// and its total (70-100 ms on SQLite, 200-260 ms on PostgreSQL at 233,000 attendances).
// - SQLite: an FTS5 trigram index over the patients' folded numbers, as migration 0022 does for
//   names: its rows live in patient_number_search (an integer key FTS5 points at, the patient id
//   unique so that triggers find a patient's row), kept by triggers on patients in the writer's
//   transaction. Case-sensitive over folded numbers, so a phrase of the folded term matches exactly
//   the numbers LIKE '%term%' matches.
// - PostgreSQL: pg_trgm's GIN index on attendances.patient_number_folded (the kept folded copy the
//   matrix filters on), which LIKE '%term%' uses by itself when the term is selective.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import { createTrigramIndex } from './0022_patient_name_trigrams';

const NUMBER_INDEX = { name: 'attendances_number_trigram_idx', table: 'attendances', expression: 'patient_number_folded' };

const ROW_OF = (patientId: string): string => `select seq, number_folded from patient_number_search where id = ${patientId}`;
/** An external-content FTS5 table forgets a row by being told its old values ('delete'). */
const FORGET = `insert into patient_number_trigrams (patient_number_trigrams, rowid, number_folded) select 'delete', seq, number_folded from patient_number_search where id = old.id;`;

const SQLITE_TRIGGERS = [
  `create trigger patients_number_trigrams_insert after insert on patients begin
     insert into patient_number_search (id, number_folded) values (new.id, casefold(new.internal_patient_number));
     insert into patient_number_trigrams (rowid, number_folded) ${ROW_OF('new.id')};
   end`,
  `create trigger patients_number_trigrams_update after update of id, internal_patient_number on patients begin
     ${FORGET}
     update patient_number_search set id = new.id, number_folded = casefold(new.internal_patient_number) where id = old.id;
     insert into patient_number_trigrams (rowid, number_folded) ${ROW_OF('new.id')};
   end`,
  `create trigger patients_number_trigrams_delete after delete on patients begin
     ${FORGET}
     delete from patient_number_search where id = old.id;
   end`,
];

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  await sql`create table patient_number_search (seq integer primary key, id text not null unique, number_folded text not null)`.execute(db);
  await sql`create virtual table patient_number_trigrams using fts5(
      number_folded, content = 'patient_number_search', content_rowid = 'seq', tokenize = 'trigram case_sensitive 1'
    )`.execute(db);
  await sql`insert into patient_number_search (id, number_folded) select id, casefold(internal_patient_number) from patients order by id`.execute(db);
  await sql`insert into patient_number_trigrams (patient_number_trigrams) values ('rebuild')`.execute(db);
  for (const statement of SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return sqliteUp(db);
  // Retried once, as in migration 0022: of two servers creating the extension at once, one fails.
  if (!(await createTrigramIndex(db, 'pg_trgm', NUMBER_INDEX))) await createTrigramIndex(db, 'pg_trgm', NUMBER_INDEX);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists attendances_number_trigram_idx`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists patients_number_trigrams_${event}`).execute(db);
  await sql`drop table if exists patient_number_trigrams`.execute(db);
  await sql`drop table if exists patient_number_search`.execute(db);
}

export const patientNumberTrigrams: Migration = { up, down };
