// The states of an attendance's live forms kept on the attendance (docs/decisions.md "Scale: the
// matrix's other sorts"). The status matrix's "has a form in state X" filter built the set of the
// registry's forms in that state and tested every attendance in scope against it, for the page and
// for the exact total: about a second per request at 233,000 attendances. Now
// `attendances.form_states` holds one bit per state its live forms are in (draft 1, await_inspect
// 2, rejected 4, correct_draft 8, corrected 16, final 32), kept by triggers on forms in the
// writer's transaction (SQLite row triggers; PostgreSQL statement triggers, one refresh per
// statement as for the to-do signature), and `attendances_form_states_idx` (registry, states,
// institute, physician) counts the attendances of any mask from the index alone. Never edit once
// shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

/** One bit per form state, as the matrix filters them (statusMatrix.service.ts keeps the same). */
const BIT = `case state when 'draft' then 1 when 'await_inspect' then 2 when 'rejected' then 4
  when 'correct_draft' then 8 when 'corrected' then 16 when 'final' then 32 else 0 end`;

/** The mask of attendance `id` from its live forms (each bit once: a sum of distinct powers of two). */
const maskOf = (id: string): string => `(select coalesce(sum(distinct ${BIT}), 0) from forms where attendance_id = ${id} and deleted_at is null)`;

const refreshSqlite = (id: string): string => `update attendances set form_states = ${maskOf(id)} where id = ${id};`;

/** A form's bit moved when its state, its deletion or its attendance did (SQLite row triggers). */
const bitMoved = 'OLD.state is not NEW.state or OLD.deleted_at is not NEW.deleted_at or OLD.attendance_id is not NEW.attendance_id';

const SQLITE_TRIGGERS = [
  `create trigger forms_states_insert after insert on forms begin ${refreshSqlite('NEW.attendance_id')} end`,
  `create trigger forms_states_update after update of state, deleted_at, attendance_id on forms when ${bitMoved} begin
    ${refreshSqlite('OLD.attendance_id')} ${refreshSqlite('NEW.attendance_id')}
  end`,
  `create trigger forms_states_delete after delete on forms begin ${refreshSqlite('OLD.attendance_id')} end`,
];

const refreshPostgres = (touched: string): string => `update attendances set form_states = ${maskOf('attendances.id')} where id in (${touched});`;

const movedBits = `select o.attendance_id from old_rows o join new_rows w on w.id = o.id
  where o.state is distinct from w.state or o.deleted_at is distinct from w.deleted_at or o.attendance_id is distinct from w.attendance_id`;

const POSTGRES_TRIGGERS = [
  `create function forms_states_inserted() returns trigger language plpgsql as $$ begin
    ${refreshPostgres('select attendance_id from new_rows')} return null;
  end $$`,
  `create function forms_states_deleted() returns trigger language plpgsql as $$ begin
    ${refreshPostgres('select attendance_id from old_rows')} return null;
  end $$`,
  `create function forms_states_updated() returns trigger language plpgsql as $$ begin
    ${refreshPostgres(`${movedBits} union ${movedBits.replace('select o.attendance_id', 'select w.attendance_id')}`)} return null;
  end $$`,
  `create trigger forms_states_inserted after insert on forms referencing new table as new_rows for each statement execute function forms_states_inserted()`,
  `create trigger forms_states_deleted after delete on forms referencing old table as old_rows for each statement execute function forms_states_deleted()`,
  `create trigger forms_states_updated after update on forms referencing old table as old_rows new table as new_rows
    for each statement execute function forms_states_updated()`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema.alterTable('attendances').addColumn('form_states', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // Every attendance's mask in one pass over the live forms. On PostgreSQL the triggers on
  // attendances (counters keyed by columns this leaves alone) would each read the whole update's
  // transition tables for nothing: 63 s instead of 43 s at 300,000 attendances. The rewrite of the
  // rows and their indexes is the rest; the server's first start after the upgrade waits for it.
  if (postgres) await sql`alter table attendances disable trigger user`.execute(db);
  await sql
    .raw(
      postgres
        ? `update attendances set form_states = m.mask from (select attendance_id, bit_or(${BIT}) as mask from forms where deleted_at is null group by attendance_id) m where m.attendance_id = attendances.id`
        : `update attendances set form_states = m.mask from (select attendance_id, sum(distinct ${BIT}) as mask from forms where deleted_at is null group by attendance_id) m where m.attendance_id = attendances.id`,
    )
    .execute(db);
  if (postgres) await sql`alter table attendances enable trigger user`.execute(db);
  for (const statement of postgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
  await db.schema.createIndex('attendances_form_states_idx').on('attendances').columns(['registry_id', 'form_states', 'institute_id', 'physician_id']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attendances_form_states_idx').ifExists().execute();
  if (dialectOf(db) === 'postgres') {
    for (const event of ['inserted', 'deleted', 'updated']) {
      await sql.raw(`drop trigger if exists forms_states_${event} on forms`).execute(db);
      await sql.raw(`drop function if exists forms_states_${event}()`).execute(db);
    }
  } else {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists forms_states_${event}`).execute(db);
  }
  await db.schema.alterTable('attendances').dropColumn('form_states').execute();
}

export const attendanceFormStates: Migration = { up, down };
