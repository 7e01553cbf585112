// Which institutes' visit ids hold each trigram, per registry (docs/decisions.md "A visit-id search
// walks only the institute whose ids can hold the term"). A common "visit id contains" term is
// tested on each attendance the matrix walks in patient-number order; a monitor's or an admin's
// search for an institute's short name walked the 100,000 attendances of the other institute
// before the first match. Where the term's trigrams occur in one institute's visit ids only, the
// page walks that institute's index alone (statusMatrix/visitIdInstitutes.ts).
// A row is added when an attendance brings a trigram new to its registry and institute, never
// taken away: a stale row only keeps an institute in the walk, as before.
// - SQLite: row triggers, the trigrams of casefold(display_id) from a recursive series.
// - PostgreSQL: statement triggers over the transition table, the trigrams of lower(display_id)
//   inserted in key order, so that two writers adding the same new rows never wait on each other
//   in a cycle.
// The folding is the one the filter compares (listQuery.ts): a match's trigrams are always here.
// Never edit once shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

const TABLE = 'visit_id_institute_trigrams';

/** Positions 1 … length - 2 of `folded` (SQLite), as rows `p(i)`; none for a text under three characters. */
const positions = (folded: string): string =>
  `with recursive p(i) as (select 1 where length(${folded}) >= 3 union all select i + 1 from p where i < length(${folded}) - 2)`;

const SQLITE_ROW = (row: string): string =>
  `insert or ignore into ${TABLE} (registry_id, trigram, institute_id)
     ${positions(`casefold(${row}.display_id)`)}
     select ${row}.registry_id, substr(casefold(${row}.display_id), i, 3), ${row}.institute_id from p`;

const SQLITE_TRIGGERS = [
  `create trigger ${TABLE}_insert after insert on attendances begin ${SQLITE_ROW('new')}; end`,
  `create trigger ${TABLE}_update after update of registry_id, institute_id, display_id on attendances begin ${SQLITE_ROW('new')}; end`,
];

/** The trigrams of the attendances in `rows`, in key order (PostgreSQL). */
const pgRows = (rows: string): string =>
  `insert into ${TABLE} (registry_id, trigram, institute_id)
     select distinct w.registry_id, substr(f.folded, i, 3), w.institute_id
     from ${rows} w cross join lateral (select lower(w.display_id) as folded) f cross join lateral generate_series(1, char_length(f.folded) - 2) i
     order by 1, 2, 3
     on conflict do nothing`;

/** The updated attendances whose registry, institute or visit id changed (a form's save updates others). */
const MOVED = `(select w.* from new_rows w where not exists (select 1 from old_rows o
  where o.id = w.id and o.registry_id = w.registry_id and o.institute_id = w.institute_id and o.display_id = w.display_id))`;

const PG_TRIGGERS = [
  `create function ${TABLE}_inserted() returns trigger language plpgsql as $$ begin ${pgRows('new_rows')}; return null; end $$`,
  `create function ${TABLE}_updated() returns trigger language plpgsql as $$ begin ${pgRows(MOVED)}; return null; end $$`,
  `create trigger ${TABLE}_inserted after insert on attendances referencing new table as new_rows for each statement execute function ${TABLE}_inserted()`,
  `create trigger ${TABLE}_updated after update on attendances referencing old table as old_rows new table as new_rows for each statement execute function ${TABLE}_updated()`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(TABLE)
    .addColumn('registry_id', 'text', (c) => c.notNull())
    .addColumn('trigram', 'text', (c) => c.notNull())
    .addColumn('institute_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${TABLE}_pk`, ['registry_id', 'trigram', 'institute_id'])
    .execute();
  if (dialectOf(db) === 'postgres') {
    await sql.raw(pgRows('attendances')).execute(db);
    for (const statement of PG_TRIGGERS) await sql.raw(statement).execute(db);
    return;
  }
  // Every position up to the longest visit id, joined to each id's own (one statement, not a series per row).
  await sql.raw(`insert or ignore into ${TABLE} (registry_id, trigram, institute_id)
    with recursive p(i) as (select 1 union all select i + 1 from p where i < (select max(length(casefold(display_id))) from attendances) - 2)
    select distinct a.registry_id, substr(a.folded, p.i, 3), a.institute_id
    from (select registry_id, institute_id, casefold(display_id) as folded from attendances) a join p on p.i <= length(a.folded) - 2`).execute(db);
  for (const statement of SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const event of ['inserted', 'updated']) {
      await sql.raw(`drop trigger if exists ${TABLE}_${event} on attendances`).execute(db);
      await sql.raw(`drop function if exists ${TABLE}_${event}()`).execute(db);
    }
  } else {
    for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists ${TABLE}_${event}`).execute(db);
  }
  await db.schema.dropTable(TABLE).ifExists().execute();
}

export const visitIdInstituteTrigrams: Migration = { up, down };
