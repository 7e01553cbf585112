// A patient-name search read from an index alone (docs/decisions.md "PostgreSQL's name search walks
// one trigram's names in order"). PostgreSQL only. pg_trgm's GIN index (migration 0022) finds the
// 5,000 patients whose names contain a common surname, but the list then reads each one's table
// row for the scope, the sort and the exact total: 5,000 heap rows, 7.5 ms per search. This table
// holds every trigram of every folded name beside the name and what the list scopes and sorts by;
// its primary key lists one trigram's names in name order, so that a search walks the entries of
// one of its term's trigrams, tests the whole term on each, and reads no table row (1.7 ms).
// Statement triggers keep it in the writer's transaction: the rows of a changed name (or registry,
// institute, creation) are taken away and the new ones added. Every row carries its patient's id,
// so writers of different patients never touch the same row. SQLite's FTS5 index (migration 0022)
// already answers without the table rows.
// Never edit once shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

const TABLE = 'patient_name_trigram_keys';
const KEYS = 'name_folded, id, registry_id, institute_id, created_at';

/** The distinct trigrams of each patient in `rows` (a name under three characters has none), in key order. */
const trigramsOf = (rows: string): string =>
  `select distinct substr(p.name_folded, i, 3) as trigram, p.name_folded, p.id, p.registry_id, p.institute_id, p.created_at
   from ${rows} p cross join lateral generate_series(1, char_length(p.name_folded) - 2) i
   order by 1, 2, 3`;

const added = (rows: string): string => `insert into ${TABLE} (trigram, ${KEYS}) ${trigramsOf(rows)}`;
const takenAway = (rows: string): string =>
  `delete from ${TABLE} k using (${trigramsOf(rows)}) o where k.trigram = o.trigram and k.name_folded = o.name_folded and k.id = o.id`;

/** Rows of `from` whose keys differ from every row of `other` with the same id (an update of other columns changes nothing here). */
const changed = (from: string, other: string): string => `(select r.* from ${from} r where not exists (select 1 from ${other} s
  where s.id = r.id and s.name_folded = r.name_folded and s.registry_id = r.registry_id and s.institute_id = r.institute_id and s.created_at = r.created_at))`;

const TRIGGERS = [
  `create function ${TABLE}_inserted() returns trigger language plpgsql as $$ begin ${added('new_rows')}; return null; end $$`,
  `create function ${TABLE}_updated() returns trigger language plpgsql as $$ begin
     ${takenAway(changed('old_rows', 'new_rows'))};
     ${added(changed('new_rows', 'old_rows'))};
     return null;
   end $$`,
  `create function ${TABLE}_deleted() returns trigger language plpgsql as $$ begin ${takenAway('old_rows')}; return null; end $$`,
  `create trigger ${TABLE}_inserted after insert on patients referencing new table as new_rows for each statement execute function ${TABLE}_inserted()`,
  `create trigger ${TABLE}_updated after update on patients referencing old table as old_rows new table as new_rows for each statement execute function ${TABLE}_updated()`,
  `create trigger ${TABLE}_deleted after delete on patients referencing old table as old_rows for each statement execute function ${TABLE}_deleted()`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql.raw(`create table ${TABLE} (
      trigram text not null,
      name_folded text not null,
      id text not null,
      registry_id text not null,
      institute_id text not null,
      created_at timestamptz not null,
      constraint ${TABLE}_pk primary key (trigram, name_folded, id) include (registry_id, institute_id, created_at)
    )`).execute(db);
  await sql.raw(added('patients')).execute(db);
  for (const statement of TRIGGERS) await sql.raw(statement).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const event of ['inserted', 'updated', 'deleted']) {
    await sql.raw(`drop trigger if exists ${TABLE}_${event} on patients`).execute(db);
    await sql.raw(`drop function if exists ${TABLE}_${event}()`).execute(db);
  }
  await sql.raw(`drop table if exists ${TABLE}`).execute(db);
}

export const patientNameTrigramKeys: Migration = { up, down };
