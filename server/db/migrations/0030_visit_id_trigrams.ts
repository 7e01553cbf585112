// Visit-id search by trigrams (docs/decisions.md "Scale: the matrix's other sorts"). The status
// matrix's "visit id contains" filter read every visit id of the registry for its page and its
// total (70-125 ms on SQLite, 120-220 ms on PostgreSQL at 233,000 attendances), as the patient
// number's did before migration 0026; this index answers it the same way.
// - SQLite: an FTS5 trigram index over the attendances' folded visit ids, its rows in
//   attendance_display_search (an integer key FTS5 points at, the attendance id unique so that the
//   triggers find an attendance's row), kept by triggers on attendances in the writer's
//   transaction. Case-sensitive over folded ids: a phrase of the folded term matches exactly the
//   ids LIKE '%term%' matches.
// - PostgreSQL: pg_trgm's GIN index on lower(display_id), the expression the filter compares, which
//   LIKE '%term%' uses by itself when the term is selective.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import { createTrigramIndex } from './0022_patient_name_trigrams';

const DISPLAY_INDEX = { name: 'attendances_display_trigram_idx', table: 'attendances', expression: 'lower(display_id)' };

const ROW_OF = (attendanceId: string): string => `select seq, display_folded from attendance_display_search where id = ${attendanceId}`;
/** An external-content FTS5 table forgets a row by being told its old values ('delete'). */
const FORGET = `insert into attendance_display_trigrams (attendance_display_trigrams, rowid, display_folded) select 'delete', seq, display_folded from attendance_display_search where id = old.id;`;

const SQLITE_TRIGGERS = [
  `create trigger attendances_display_trigrams_insert after insert on attendances begin
     insert into attendance_display_search (id, display_folded) values (new.id, casefold(new.display_id));
     insert into attendance_display_trigrams (rowid, display_folded) ${ROW_OF('new.id')};
   end`,
  `create trigger attendances_display_trigrams_update after update of id, display_id on attendances begin
     ${FORGET}
     update attendance_display_search set id = new.id, display_folded = casefold(new.display_id) where id = old.id;
     insert into attendance_display_trigrams (rowid, display_folded) ${ROW_OF('new.id')};
   end`,
  `create trigger attendances_display_trigrams_delete after delete on attendances begin
     ${FORGET}
     delete from attendance_display_search where id = old.id;
   end`,
];

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  await sql`create table attendance_display_search (seq integer primary key, id text not null unique, display_folded text not null)`.execute(db);
  await sql`create virtual table attendance_display_trigrams using fts5(
      display_folded, content = 'attendance_display_search', content_rowid = 'seq', tokenize = 'trigram case_sensitive 1'
    )`.execute(db);
  await sql`insert into attendance_display_search (id, display_folded) select id, casefold(display_id) from attendances order by id`.execute(db);
  await sql`insert into attendance_display_trigrams (attendance_display_trigrams) values ('rebuild')`.execute(db);
  for (const statement of SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return sqliteUp(db);
  // Retried once, as in migration 0022: of two servers creating the extension at once, one fails.
  if (!(await createTrigramIndex(db, 'pg_trgm', DISPLAY_INDEX))) await createTrigramIndex(db, 'pg_trgm', DISPLAY_INDEX);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists attendances_display_trigram_idx`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists attendances_display_trigrams_${event}`).execute(db);
  await sql`drop table if exists attendance_display_trigrams`.execute(db);
  await sql`drop table if exists attendance_display_search`.execute(db);
}

export const visitIdTrigrams: Migration = { up, down };
