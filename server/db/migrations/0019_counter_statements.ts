// PostgreSQL only, used by migration 0019 (not a migration itself): the counters of 0014
// (todo_counts, patient_counts, attendance_counts, patients.attendance_count/institute_count) kept
// by statement-level triggers with transition tables instead of one trigger call per row. A bulk
// INSERT ... SELECT of 5,000 forms then updates each counter row once per statement, and an
// attendance insert of 3,000 rows recounts each patient once instead of once per row. Same
// results as the row triggers (0014_scale_triggers.ts), which SQLite keeps: its row triggers run
// in-process and cost little. Never edit once shipped: add a migration instead.
import { COUNTERS, type Counter } from './0014_scale_triggers';

const keys = (c: Counter, alias: string): string => c.key.map((column) => `${alias}.${column}`).join(', ');
const on = (c: Counter, alias: string): string => c.when.replace(/ROW\./g, `${alias}.`);
const changed = (c: Counter): string => c.key.map((column) => `o.${column} is distinct from w.${column}`).join(' or ');
const matches = (c: Counter, alias: string): string => c.key.map((column) => `${c.counter}.${column} = ${alias}.${column}`).join(' and ');

/** Adds the rows of `source` (grouped per key) where the counter's condition holds. */
const increment = (c: Counter, source: string, alias: string): string =>
  `insert into ${c.counter} (${c.key.join(', ')}, n) select ${keys(c, alias)}, count(*) from ${source} where ${on(c, alias)} group by ${keys(c, alias)}
    on conflict (${c.key.join(', ')}) do update set n = ${c.counter}.n + excluded.n`;

/** Takes the rows of `source` (grouped per key) away where the counter's condition held. */
const decrement = (c: Counter, source: string, alias: string): string =>
  `update ${c.counter} set n = ${c.counter}.n - d.k from (select ${keys(c, alias)}, count(*) as k from ${source} where ${on(c, alias)} group by ${keys(c, alias)}) d
    where ${matches(c, 'd')}`;

export function counterStatements(c: Counter): string[] {
  // An update counts only rows whose key moved, as the row trigger's WHEN did.
  const moved = (side: 'o' | 'w'): string => `(select ${side}.* from old_rows o join new_rows w on w.id = o.id where ${changed(c)}) ${side}`;
  return [
    `create function ${c.counter}_insert_rows() returns trigger language plpgsql as $$ begin ${increment(c, 'new_rows w', 'w')}; return null; end $$`,
    `create function ${c.counter}_delete_rows() returns trigger language plpgsql as $$ begin ${decrement(c, 'old_rows o', 'o')}; return null; end $$`,
    `create function ${c.counter}_update_rows() returns trigger language plpgsql as $$ begin
      ${decrement(c, moved('o'), 'o')};
      ${increment(c, moved('w'), 'w')};
      return null;
    end $$`,
    `create trigger ${c.counter}_insert_rows after insert on ${c.table} referencing new table as new_rows for each statement execute function ${c.counter}_insert_rows()`,
    `create trigger ${c.counter}_delete_rows after delete on ${c.table} referencing old table as old_rows for each statement execute function ${c.counter}_delete_rows()`,
    `create trigger ${c.counter}_update_rows after update on ${c.table} referencing old table as old_rows new table as new_rows for each statement execute function ${c.counter}_update_rows()`,
  ];
}

const recount = (patients: string): string => `update patients set
    attendance_count = (select count(*) from attendances a where a.patient_id = patients.id),
    institute_count = (select count(distinct a.institute_id) from attendances a where a.patient_id = patients.id)
  where id in (${patients})`;

const PATIENT_STATEMENTS: readonly string[] = [
  `create function patients_recount_inserted() returns trigger language plpgsql as $$ begin ${recount('select patient_id from new_rows')}; return null; end $$`,
  `create function patients_recount_deleted() returns trigger language plpgsql as $$ begin ${recount('select patient_id from old_rows')}; return null; end $$`,
  `create function patients_recount_updated() returns trigger language plpgsql as $$ begin
    ${recount(`select o.patient_id from old_rows o join new_rows w on w.id = o.id where o.patient_id is distinct from w.patient_id or o.institute_id is distinct from w.institute_id
      union select w.patient_id from old_rows o join new_rows w on w.id = o.id where o.patient_id is distinct from w.patient_id or o.institute_id is distinct from w.institute_id`)};
    return null;
  end $$`,
  `create trigger attendances_recount_inserted after insert on attendances referencing new table as new_rows for each statement execute function patients_recount_inserted()`,
  `create trigger attendances_recount_deleted after delete on attendances referencing old table as old_rows for each statement execute function patients_recount_deleted()`,
  `create trigger attendances_recount_updated after update on attendances referencing old table as old_rows new table as new_rows for each statement execute function patients_recount_updated()`,
];

/** The row triggers of 0014 that the statement triggers replace (their functions stay for `down`). */
export const ROW_TRIGGERS: readonly { trigger: string; table: string }[] = [
  ...COUNTERS.flatMap((c) => ['insert', 'update', 'delete'].map((event) => ({ trigger: `${c.counter}_${event}`, table: c.table }))),
  ...['insert', 'update', 'delete'].map((event) => ({ trigger: `attendances_patient_counts_${event}`, table: 'attendances' })),
];

export const STATEMENT_TRIGGERS: readonly string[] = [...COUNTERS.flatMap(counterStatements), ...PATIENT_STATEMENTS];

/** What `down` drops: the statement triggers and their functions. */
export const STATEMENT_TRIGGER_NAMES: readonly { trigger: string; table: string; fn: string }[] = [
  ...COUNTERS.flatMap((c) => ['insert', 'delete', 'update'].map((event) => ({ trigger: `${c.counter}_${event}_rows`, table: c.table, fn: `${c.counter}_${event}_rows` }))),
  { trigger: 'attendances_recount_inserted', table: 'attendances', fn: 'patients_recount_inserted' },
  { trigger: 'attendances_recount_deleted', table: 'attendances', fn: 'patients_recount_deleted' },
  { trigger: 'attendances_recount_updated', table: 'attendances', fn: 'patients_recount_updated' },
];
