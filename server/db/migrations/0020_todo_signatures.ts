// Used by migration 0020 (not a migration itself): the SQL that keeps each attendance's to-do
// signature and the counter of attendances per signature (docs/decisions.md "Scale: the
// needs-my-action total and the users' name order").
// `attendances.todo_signature` lists the distinct (form type, todo_level) pairs of the
// attendance's to-do forms, sorted as text ("101:0 103:1"), or is null when it has none. Whether
// an attendance needs a caller's action depends on nothing else (its forms carry the attendance's
// registry, institute and physician), so attendances with the same scope and signature answer
// alike and one counter row per (registry, institute, physician, signature) holds them all.
// `todo_signatures` spells each signature out as rows, so that the to-do conditions of
// forms.todo.ts can be tested on it in SQL. Never edit once shipped: add a migration instead.
import type { Counter } from './0014_scale_triggers';
import { counterStatements } from './0019_counter_statements';
import { sqliteCounterTriggers } from './0014_scale_triggers';

export const SIGNATURE_COUNTER: Counter = {
  counter: 'attendance_todo_counts',
  table: 'attendances',
  key: ['registry_id', 'institute_id', 'physician_id', 'todo_signature'],
  when: 'ROW.todo_signature is not null',
};

/** The signature of the attendance `id` from its forms (null when none is anybody's to-do). */
export function signatureOf(postgres: boolean, id: string): string {
  const pairs = `select distinct form_type_id || ':' || todo_level as p from forms where attendance_id = ${id} and todo_level is not null`;
  return postgres ? `(select string_agg(p, ' ' order by p) from (${pairs}) d)` : `(select group_concat(p, ' ' order by p) from (${pairs}))`;
}

/** Spells out the signatures of the attendances chosen by `where` (on `a`); known ones are kept. */
export function signaturePartsOf(postgres: boolean, where: string): string {
  const select = `select distinct a.todo_signature, f.form_type_id, f.todo_level from attendances a
    join forms f on f.attendance_id = a.id and f.todo_level is not null where a.todo_signature is not null and ${where}`;
  return postgres
    ? `insert into todo_signatures (signature, form_type_id, todo_level) ${select} on conflict do nothing`
    : `insert or ignore into todo_signatures (signature, form_type_id, todo_level) ${select}`;
}

/** Recomputes the signature of attendance `id` and spells it out. */
const refreshSqlite = (id: string): string =>
  `update attendances set todo_signature = ${signatureOf(false, id)} where id = ${id}; ${signaturePartsOf(false, `a.id = ${id}`)};`;

/** A form's pair changed when its level, type or attendance did (SQLite row triggers). */
const pairChanged = 'OLD.todo_level is not NEW.todo_level or OLD.form_type_id is not NEW.form_type_id or OLD.attendance_id is not NEW.attendance_id';

export const SQLITE_SIGNATURE_TRIGGERS: readonly string[] = [
  `create trigger forms_signature_insert after insert on forms when NEW.todo_level is not null begin ${refreshSqlite('NEW.attendance_id')} end`,
  `create trigger forms_signature_update after update of todo_level, form_type_id, attendance_id on forms when ${pairChanged} begin
    ${refreshSqlite('OLD.attendance_id')} ${refreshSqlite('NEW.attendance_id')}
  end`,
  `create trigger forms_signature_delete after delete on forms when OLD.todo_level is not null begin ${refreshSqlite('OLD.attendance_id')} end`,
  ...sqliteCounterTriggers(SIGNATURE_COUNTER),
];

/** PostgreSQL: one refresh per statement for the attendances its forms touched. */
const refreshPostgres = (touched: string): string =>
  `update attendances set todo_signature = ${signatureOf(true, 'attendances.id')} where id in (${touched});
    ${signaturePartsOf(true, `a.id in (${touched})`)};`;

const movedPairs = `select o.attendance_id from old_rows o join new_rows w on w.id = o.id
  where o.todo_level is distinct from w.todo_level or o.form_type_id is distinct from w.form_type_id or o.attendance_id is distinct from w.attendance_id`;

export const POSTGRES_SIGNATURE_TRIGGERS: readonly string[] = [
  `create function forms_signature_inserted() returns trigger language plpgsql as $$ begin
    ${refreshPostgres('select attendance_id from new_rows where todo_level is not null')} return null;
  end $$`,
  `create function forms_signature_deleted() returns trigger language plpgsql as $$ begin
    ${refreshPostgres('select attendance_id from old_rows where todo_level is not null')} return null;
  end $$`,
  `create function forms_signature_updated() returns trigger language plpgsql as $$ begin
    ${refreshPostgres(`${movedPairs} union ${movedPairs.replace('select o.attendance_id', 'select w.attendance_id')}`)} return null;
  end $$`,
  `create trigger forms_signature_inserted after insert on forms referencing new table as new_rows for each statement execute function forms_signature_inserted()`,
  `create trigger forms_signature_deleted after delete on forms referencing old table as old_rows for each statement execute function forms_signature_deleted()`,
  `create trigger forms_signature_updated after update on forms referencing old table as old_rows new table as new_rows
    for each statement execute function forms_signature_updated()`,
  ...counterStatements(SIGNATURE_COUNTER),
];

/** What `down` drops, per dialect: triggers with their tables (and PostgreSQL functions). */
export const SIGNATURE_TRIGGER_NAMES = {
  sqlite: [
    ...['forms_signature_insert', 'forms_signature_update', 'forms_signature_delete'].map((trigger) => ({ trigger, table: 'forms' })),
    ...['insert', 'update', 'delete'].map((event) => ({ trigger: `attendance_todo_counts_${event}`, table: 'attendances' })),
  ],
  postgres: [
    ...['inserted', 'deleted', 'updated'].map((event) => ({ trigger: `forms_signature_${event}`, table: 'forms', fn: `forms_signature_${event}` })),
    ...['insert', 'delete', 'update'].map((event) => ({ trigger: `attendance_todo_counts_${event}_rows`, table: 'attendances', fn: `attendance_todo_counts_${event}_rows` })),
  ],
};
