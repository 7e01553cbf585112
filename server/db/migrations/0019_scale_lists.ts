// Lists at scale, second part (docs/decisions.md "Scale: the matrix page, single reads, users and
// the application log"). The subject status matrix's default order is the case-folded patient
// number, then the start.
// `attendances.patient_number_folded` copies the folded number of the attendance's patient, kept by
// triggers in the writer's transaction (an attendance written or moved to another patient, a
// patient's number changed), so that a page walks an attendance index in that order and stops at
// the page instead of joining and sorting every attendance of the registry.
// The fold is the one list sorts use (db/sqlFunctions.ts caseFold): lower() on PostgreSQL, the
// registered casefold() on SQLite (every connection the project opens registers it).
// The application log (every request writes a row) keeps its row count in `list_counts`, so that
// its unfiltered total needs no count over millions of rows: row triggers on SQLite, statement
// triggers with transition tables on PostgreSQL (one update per INSERT or DELETE statement, so the
// retention job's batch deletes cost one update, not one per row).
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import { postgresTriggers } from './0014_scale_triggers';
import { ROW_TRIGGERS, STATEMENT_TRIGGERS, STATEMENT_TRIGGER_NAMES } from './0019_counter_statements';

const numberOf = (fold: string, patient: string): string => `${fold}((select internal_patient_number from patients where id = ${patient}))`;

const SQLITE_TRIGGERS: readonly string[] = [
  `create trigger attendances_patient_number_insert after insert on attendances begin
    update attendances set patient_number_folded = ${numberOf('casefold', 'NEW.patient_id')} where id = NEW.id;
  end`,
  `create trigger attendances_patient_number_update after update of patient_id on attendances begin
    update attendances set patient_number_folded = ${numberOf('casefold', 'NEW.patient_id')} where id = NEW.id;
  end`,
  `create trigger patients_number_update after update of internal_patient_number on patients begin
    update attendances set patient_number_folded = casefold(NEW.internal_patient_number) where patient_id = NEW.id;
  end`,
];

const SQLITE_LOG_TRIGGERS: readonly string[] = [
  `create trigger application_log_count_insert after insert on application_log begin
    update list_counts set n = n + 1 where list = 'application_log';
  end`,
  `create trigger application_log_count_delete after delete on application_log begin
    update list_counts set n = n - 1 where list = 'application_log';
  end`,
];

const POSTGRES_LOG_TRIGGERS: readonly string[] = [
  `create function application_log_count_insert() returns trigger language plpgsql as $$ begin
    update list_counts set n = n + (select count(*) from new_rows) where list = 'application_log';
    return null;
  end $$`,
  `create function application_log_count_delete() returns trigger language plpgsql as $$ begin
    update list_counts set n = n - (select count(*) from old_rows) where list = 'application_log';
    return null;
  end $$`,
  `create trigger application_log_count_insert after insert on application_log referencing new table as new_rows
    for each statement execute function application_log_count_insert()`,
  `create trigger application_log_count_delete after delete on application_log referencing old table as old_rows
    for each statement execute function application_log_count_delete()`,
];

const POSTGRES_TRIGGERS: readonly string[] = [
  `create function attendances_set_patient_number() returns trigger language plpgsql as $$ begin
    NEW.patient_number_folded := ${numberOf('lower', 'NEW.patient_id')};
    return NEW;
  end $$`,
  `create trigger attendances_patient_number before insert or update of patient_id on attendances
    for each row execute function attendances_set_patient_number()`,
  `create function patients_propagate_number() returns trigger language plpgsql as $$ begin
    update attendances set patient_number_folded = lower(NEW.internal_patient_number) where patient_id = NEW.id;
    return null;
  end $$`,
  `create trigger patients_number_update after update of internal_patient_number on patients for each row
    when (OLD.internal_patient_number is distinct from NEW.internal_patient_number) execute function patients_propagate_number()`,
];

const INDEXES = ['attendances_matrix_idx', 'attendances_matrix_institute_idx', 'forms_todo_attendance_idx', 'application_log_newest_idx'];

async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema.alterTable('attendances').addColumn('patient_number_folded', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql.raw(`update attendances set patient_number_folded = ${numberOf(postgres ? 'lower' : 'casefold', 'attendances.patient_id')}`).execute(db);
  for (const statement of postgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
  // The matrix's order within a registry, then the scope columns, so that the scope is tested on
  // the index entry; the second serves an institute-limited caller or the institute filter.
  await db.schema
    .createIndex('attendances_matrix_idx')
    .on('attendances')
    .columns(['registry_id', 'patient_number_folded', 'start_date_time', 'id', 'institute_id', 'physician_id'])
    .execute();
  await db.schema
    .createIndex('attendances_matrix_institute_idx')
    .on('attendances')
    .columns(['registry_id', 'institute_id', 'patient_number_folded', 'start_date_time', 'id', 'physician_id'])
    .execute();
  // "Needs my action": an attendance's to-do forms with what the to-do conditions test.
  await sql`create index forms_todo_attendance_idx on forms (attendance_id, todo_level, registry_id, institute_id, form_type_id, physician_id) where todo_level is not null`.execute(db);
  // The application log's default order: newest first, then the id (an index in exactly that
  // mixed direction, which neither database can read from a plain (created_at, id) index).
  await sql`create index application_log_newest_idx on application_log (created_at desc, id)`.execute(db);
  await db.schema.createTable('list_counts').addColumn('list', 'text', (c) => c.primaryKey()).addColumn('n', 'bigint', (c) => c.notNull()).execute();
  await sql`insert into list_counts (list, n) select 'application_log', count(*) from application_log`.execute(db);
  for (const statement of postgres ? POSTGRES_LOG_TRIGGERS : SQLITE_LOG_TRIGGERS) await sql.raw(statement).execute(db);
  if (postgres) {
    // The 0014 counters: statement triggers instead of row triggers (0019_counter_statements.ts).
    for (const { trigger, table } of ROW_TRIGGERS) await sql.raw(`drop trigger ${trigger} on ${table}`).execute(db);
    for (const statement of STATEMENT_TRIGGERS) await sql.raw(statement).execute(db);
  }
}

async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const index of INDEXES) await db.schema.dropIndex(index).ifExists().execute();
  for (const trigger of ['application_log_count_insert', 'application_log_count_delete']) {
    await sql.raw(postgres ? `drop trigger if exists ${trigger} on application_log` : `drop trigger if exists ${trigger}`).execute(db);
    if (postgres) await sql.raw(`drop function if exists ${trigger}()`).execute(db);
  }
  await db.schema.dropTable('list_counts').ifExists().execute();
  if (postgres) {
    for (const { trigger, table, fn } of STATEMENT_TRIGGER_NAMES) {
      await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${fn}()`).execute(db);
    }
    const rowTriggers = postgresTriggers.filter((statement) => ROW_TRIGGERS.some(({ trigger }) => statement.startsWith(`create trigger ${trigger} `)));
    for (const statement of rowTriggers) await sql.raw(statement).execute(db);
    await sql`drop trigger if exists attendances_patient_number on attendances`.execute(db);
    await sql`drop trigger if exists patients_number_update on patients`.execute(db);
    await sql`drop function if exists attendances_set_patient_number()`.execute(db);
    await sql`drop function if exists patients_propagate_number()`.execute(db);
  } else {
    for (const trigger of ['attendances_patient_number_insert', 'attendances_patient_number_update', 'patients_number_update']) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
  }
  await db.schema.alterTable('attendances').dropColumn('patient_number_folded').execute();
}

export const scaleLists: Migration = { up, down };
