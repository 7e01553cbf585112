// The triggers of migration 0012 (scale queries), one list per dialect. They keep, in the writer's
// own transaction: forms.todo_level from the form's state, approval level, deletion and its
// attendance's disqualification; the counter tables (to-dos, patients and attendances per scope);
// and the attendance counters of patients. Never edit once shipped: add a migration instead.

/** forms.todo_level from a form's columns (prefixed `f`, e.g. `NEW.`) and its attendance's state. */
const todoLevel = (f: string, attendanceState: string, names = { deleted: 'deleted_at', level: 'approval_level' }): string => `case
    when ${f}${names.deleted} is not null then null
    when ${attendanceState} = 'disqualified' then null
    when ${f}state in ('await_inspect', 'corrected') then ${f}${names.level} + 1
    when ${f}state in ('rejected', 'correct_draft') then 0
  end`;

/** A counter table: rows of `table` counted per `key` (the counter's primary key), where `when` holds. */
export interface Counter {
  counter: string;
  table: string;
  key: readonly string[];
  /** A condition on the row, written with `ROW.` for the row's columns. */
  when: string;
}

export const COUNTERS: readonly Counter[] = [
  { counter: 'todo_counts', table: 'forms', key: ['registry_id', 'institute_id', 'form_type_id', 'physician_id', 'todo_level'], when: 'ROW.todo_level is not null' },
  { counter: 'patient_counts', table: 'patients', key: ['registry_id', 'institute_id'], when: '1 = 1' },
  { counter: 'attendance_counts', table: 'attendances', key: ['registry_id', 'institute_id', 'physician_id'], when: '1 = 1' },
];

const on = (c: Counter, row: 'OLD' | 'NEW'): string => c.when.replace(/ROW\./g, `${row}.`);
const keyMatches = (c: Counter, row: 'OLD' | 'NEW'): string => c.key.map((column) => `${column} = ${row}.${column}`).join(' and ');
const keyValues = (c: Counter, row: 'OLD' | 'NEW'): string => c.key.map((column) => `${row}.${column}`).join(', ');
const keyChanged = (c: Counter, distinct: string): string => c.key.map((column) => `OLD.${column} ${distinct} NEW.${column}`).join(' or ');
const decrement = (c: Counter): string => `update ${c.counter} set n = n - 1 where ${keyMatches(c, 'OLD')}`;
const increment = (c: Counter, upsertTarget: string): string =>
  `insert into ${c.counter} (${c.key.join(', ')}, n) select ${keyValues(c, 'NEW')}, 1 where ${on(c, 'NEW')}
    on conflict (${c.key.join(', ')}) do update set n = ${upsertTarget}.n + 1`;

export function sqliteCounterTriggers(c: Counter): string[] {
  return [
    `create trigger ${c.counter}_insert after insert on ${c.table} begin ${increment(c, c.counter)}; end`,
    `create trigger ${c.counter}_delete after delete on ${c.table} when ${on(c, 'OLD')} begin ${decrement(c)}; end`,
    `create trigger ${c.counter}_update after update of ${c.key.join(', ')} on ${c.table} when ${keyChanged(c, 'is not')} begin
      update ${c.counter} set n = n - 1 where ${on(c, 'OLD')} and ${keyMatches(c, 'OLD')};
      ${increment(c, c.counter)};
    end`,
  ];
}

function postgresCounterTriggers(c: Counter): string[] {
  return [
    `create function ${c.counter}_track() returns trigger language plpgsql as $$ begin
      if TG_OP in ('UPDATE', 'DELETE') and ${on(c, 'OLD')} then ${decrement(c)}; end if;
      if TG_OP in ('INSERT', 'UPDATE') then ${increment(c, c.counter)}; end if;
      return null;
    end $$`,
    `create trigger ${c.counter}_insert after insert on ${c.table} for each row execute function ${c.counter}_track()`,
    `create trigger ${c.counter}_update after update on ${c.table} for each row when (${keyChanged(c, 'is distinct from')}) execute function ${c.counter}_track()`,
    `create trigger ${c.counter}_delete after delete on ${c.table} for each row execute function ${c.counter}_track()`,
  ];
}

const patientCounts = (patient: string): string => `update patients set
    attendance_count = (select count(*) from attendances a where a.patient_id = patients.id),
    institute_count = (select count(distinct a.institute_id) from attendances a where a.patient_id = patients.id)
  where id = ${patient}`;

export const sqliteTriggers: readonly string[] = [
  `create trigger forms_todo_insert after insert on forms begin
    update forms set todo_level = ${todoLevel('NEW.', "(select state from attendances where id = NEW.attendance_id)")} where id = NEW.id;
  end`,
  `create trigger forms_todo_update after update of state, approval_level, deleted_at, attendance_id on forms begin
    update forms set todo_level = ${todoLevel('NEW.', "(select state from attendances where id = NEW.attendance_id)")} where id = NEW.id;
  end`,
  `create trigger attendances_todo_refresh after update of state on attendances
    when (OLD.state = 'disqualified') <> (NEW.state = 'disqualified') begin
    update forms set todo_level = ${todoLevel('', 'NEW.state')} where attendance_id = NEW.id;
  end`,
  `create trigger attendances_patient_counts_insert after insert on attendances begin ${patientCounts('NEW.patient_id')}; end`,
  `create trigger attendances_patient_counts_delete after delete on attendances begin ${patientCounts('OLD.patient_id')}; end`,
  `create trigger attendances_patient_counts_update after update of patient_id, institute_id on attendances begin
    ${patientCounts('OLD.patient_id')}; ${patientCounts('NEW.patient_id')};
  end`,
  ...COUNTERS.flatMap(sqliteCounterTriggers),
];

export const postgresTriggers: readonly string[] = [
  `create function forms_todo_level_of(f_state text, f_level integer, f_deleted timestamptz, f_attendance text) returns integer
    language sql stable as $$ select ${todoLevel('f_', '(select state from attendances where id = f_attendance)', { deleted: 'deleted', level: 'level' })} $$`,
  `create function forms_set_todo_level() returns trigger language plpgsql as $$ begin
    NEW.todo_level := forms_todo_level_of(NEW.state, NEW.approval_level, NEW.deleted_at, NEW.attendance_id);
    return NEW;
  end $$`,
  `create trigger forms_todo_insert before insert on forms for each row execute function forms_set_todo_level()`,
  `create trigger forms_todo_update before update of state, approval_level, deleted_at, attendance_id on forms for each row execute function forms_set_todo_level()`,
  `create function attendances_refresh_todo() returns trigger language plpgsql as $$ begin
    update forms set todo_level = forms_todo_level_of(state, approval_level, deleted_at, attendance_id) where attendance_id = NEW.id;
    return null;
  end $$`,
  `create trigger attendances_todo_refresh after update of state on attendances for each row
    when ((OLD.state = 'disqualified') is distinct from (NEW.state = 'disqualified')) execute function attendances_refresh_todo()`,
  `create function patients_refresh_counts() returns trigger language plpgsql as $$ begin
    if TG_OP in ('UPDATE', 'DELETE') then ${patientCounts('OLD.patient_id')}; end if;
    if TG_OP in ('INSERT', 'UPDATE') then ${patientCounts('NEW.patient_id')}; end if;
    return null;
  end $$`,
  `create trigger attendances_patient_counts_insert after insert on attendances for each row execute function patients_refresh_counts()`,
  `create trigger attendances_patient_counts_update after update of patient_id, institute_id on attendances for each row execute function patients_refresh_counts()`,
  `create trigger attendances_patient_counts_delete after delete on attendances for each row execute function patients_refresh_counts()`,
  ...COUNTERS.flatMap(postgresCounterTriggers),
];
