// The triggers of migration 0012 (scale queries), one list per dialect. They keep, in the writer's
// own transaction: forms.todo_level from the form's state, approval level, deletion and its
// attendance's disqualification; todo_counts from forms.todo_level and the scope columns; and the
// attendance counters of patients. Never edit once shipped: add a migration instead.

/** forms.todo_level from a form's columns (prefixed `f`, e.g. `NEW.`) and its attendance's state. */
const todoLevel = (f: string, attendanceState: string, names = { deleted: 'deleted_at', level: 'approval_level' }): string => `case
    when ${f}${names.deleted} is not null then null
    when ${attendanceState} = 'disqualified' then null
    when ${f}state in ('await_inspect', 'corrected') then ${f}${names.level} + 1
    when ${f}state in ('rejected', 'correct_draft') then 0
  end`;

const COUNT_KEY = ['registry_id', 'institute_id', 'form_type_id', 'physician_id', 'todo_level'];
const keyMatches = (row: 'OLD' | 'NEW'): string => COUNT_KEY.map((column) => `${column} = ${row}.${column}`).join(' and ');
const keyValues = (row: 'OLD' | 'NEW'): string => COUNT_KEY.map((column) => `${row}.${column}`).join(', ');
const keyChanged = COUNT_KEY.map((column) => `OLD.${column} is distinct from NEW.${column}`).join(' or ');

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
  `create trigger forms_todo_counts_update after update of ${COUNT_KEY.join(', ')} on forms
    when ${keyChanged.replace(/is distinct from/g, 'is not')} begin
    update todo_counts set n = n - 1 where OLD.todo_level is not null and ${keyMatches('OLD')};
    insert into todo_counts (${COUNT_KEY.join(', ')}, n) select ${keyValues('NEW')}, 1 where NEW.todo_level is not null
      on conflict (${COUNT_KEY.join(', ')}) do update set n = n + 1;
  end`,
  `create trigger forms_todo_counts_delete after delete on forms when OLD.todo_level is not null begin
    update todo_counts set n = n - 1 where ${keyMatches('OLD')};
  end`,
  `create trigger attendances_patient_counts_insert after insert on attendances begin ${patientCounts('NEW.patient_id')}; end`,
  `create trigger attendances_patient_counts_delete after delete on attendances begin ${patientCounts('OLD.patient_id')}; end`,
  `create trigger attendances_patient_counts_update after update of patient_id, institute_id on attendances begin
    ${patientCounts('OLD.patient_id')}; ${patientCounts('NEW.patient_id')};
  end`,
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
  `create function todo_counts_track() returns trigger language plpgsql as $$ begin
    if TG_OP in ('UPDATE', 'DELETE') and OLD.todo_level is not null then
      update todo_counts set n = n - 1 where ${keyMatches('OLD')};
    end if;
    if TG_OP in ('INSERT', 'UPDATE') and NEW.todo_level is not null then
      insert into todo_counts (${COUNT_KEY.join(', ')}, n) values (${keyValues('NEW')}, 1)
        on conflict (${COUNT_KEY.join(', ')}) do update set n = todo_counts.n + 1;
    end if;
    return null;
  end $$`,
  `create trigger forms_todo_counts_insert after insert on forms for each row execute function todo_counts_track()`,
  `create trigger forms_todo_counts_update after update on forms for each row when (${keyChanged}) execute function todo_counts_track()`,
  `create trigger forms_todo_counts_delete after delete on forms for each row execute function todo_counts_track()`,
  `create function patients_refresh_counts() returns trigger language plpgsql as $$ begin
    if TG_OP in ('UPDATE', 'DELETE') then ${patientCounts('OLD.patient_id')}; end if;
    if TG_OP in ('INSERT', 'UPDATE') then ${patientCounts('NEW.patient_id')}; end if;
    return null;
  end $$`,
  `create trigger attendances_patient_counts_insert after insert on attendances for each row execute function patients_refresh_counts()`,
  `create trigger attendances_patient_counts_update after update of patient_id, institute_id on attendances for each row execute function patients_refresh_counts()`,
  `create trigger attendances_patient_counts_delete after delete on attendances for each row execute function patients_refresh_counts()`,
];
