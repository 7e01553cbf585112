// Lists and counts at scale (docs/decisions.md "Scale: queries"): state that every list read used to
// recompute per row is kept on write instead, by triggers, so that every writer (the API, the seed,
// the scale grower, a test fixture) keeps it right inside its own transaction:
// - forms.todo_level: 0 = to correct, N = awaits approval at level N, null = nobody's to-do;
// - todo_counts, patient_counts, attendance_counts: rows per scope (registry, institute, ...), so
//   counts, list totals and the dashboard sum a few hundred rows instead of a million;
// - patients.attendance_count / institute_count: no correlated subquery per listed patient;
// - patients.name_folded: the name without accents and case, for search (kept by the API on write).
import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { refreshFoldedNames } from '../../patients/foldedNames';
import { dialectOf } from '../sqlFunctions';
import { COUNTERS, postgresTriggers, sqliteTriggers } from './0014_scale_triggers';

async function addColumns(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('forms').addColumn('todo_level', 'integer').execute();
  await db.schema.alterTable('patients').addColumn('attendance_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('patients').addColumn('institute_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('patients').addColumn('name_folded', 'text', (c) => c.notNull().defaultTo('')).execute();
  for (const counter of COUNTERS) {
    // Kysely types the builder by the columns added so far; these are only known at run time.
    let table = db.schema.createTable(counter.counter) as CreateTableBuilder<string, string>;
    for (const column of counter.key) table = table.addColumn(column, column === 'form_type_id' || column === 'todo_level' ? 'integer' : 'text', (c) => c.notNull());
    await table.addColumn('n', 'integer', (c) => c.notNull()).addPrimaryKeyConstraint(`${counter.counter}_pk`, [...counter.key]).execute();
  }
}

/** The existing rows get what the triggers keep from now on. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`update forms set todo_level = case
      when deleted_at is not null then null
      when attendance_id in (select id from attendances where state = 'disqualified') then null
      when state in ('await_inspect', 'corrected') then approval_level + 1
      when state in ('rejected', 'correct_draft') then 0
    end`.execute(db);
  for (const counter of COUNTERS) {
    const key = counter.key.join(', ');
    await sql.raw(`insert into ${counter.counter} (${key}, n) select ${key}, count(*) from ${counter.table} where ${counter.when.replace(/ROW\./g, '')} group by ${key}`).execute(db);
  }
  await sql`update patients set
      attendance_count = (select count(*) from attendances a where a.patient_id = patients.id),
      institute_count = (select count(distinct a.institute_id) from attendances a where a.patient_id = patients.id)`.execute(db);
  await refreshFoldedNames(db);
}

async function addIndexes(db: Kysely<unknown>): Promise<void> {
  // The to-do lists walk this in their default order (updated_at) and stop at the page; the
  // columns after it answer the scope conditions without reading the form row.
  await sql`create index forms_todo_sort_idx on forms (updated_at, id, todo_level, registry_id, institute_id, form_type_id, physician_id) where todo_level is not null`.execute(db);
  // The patients list's default order and deep pages, covering the scope columns and the search.
  await db.schema.createIndex('patients_created_idx').on('patients').columns(['created_at', 'id', 'registry_id', 'institute_id', 'name_folded']).execute();
  await db.schema.createIndex('patients_scope_created_idx').on('patients').columns(['institute_id', 'registry_id', 'created_at', 'id']).execute();
  // Sorts by name and date of birth walk these; searches count over the first one alone (the
  // scope columns decide what the caller may see).
  await db.schema.createIndex('patients_name_folded_idx').on('patients').columns(['name_folded', 'id', 'registry_id', 'institute_id']).execute();
  // Implicit access (a physician's own attendances' patients), gathered once per statement.
  await db.schema.createIndex('attendances_physician_idx').on('attendances').columns(['physician_id', 'patient_id']).execute();
  await db.schema.createIndex('patients_dob_idx').on('patients').columns(['dob', 'id', 'registry_id', 'institute_id']).execute();
}

async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db);
  await backfill(db);
  const statements = dialectOf(db) === 'postgres' ? postgresTriggers : sqliteTriggers;
  for (const statement of statements) await sql.raw(statement).execute(db);
  await addIndexes(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const dropTrigger = (trigger: string, table: string): Promise<unknown> =>
    sql.raw(postgres ? `drop trigger if exists ${trigger} on ${table}` : `drop trigger if exists ${trigger}`).execute(db);
  for (const trigger of ['forms_todo_insert', 'forms_todo_update']) await dropTrigger(trigger, 'forms');
  for (const trigger of ['attendances_todo_refresh', 'attendances_patient_counts_insert', 'attendances_patient_counts_update', 'attendances_patient_counts_delete']) {
    await dropTrigger(trigger, 'attendances');
  }
  for (const counter of COUNTERS) {
    for (const event of ['insert', 'update', 'delete']) await dropTrigger(`${counter.counter}_${event}`, counter.table);
    if (postgres) await sql.raw(`drop function if exists ${counter.counter}_track()`).execute(db);
    await db.schema.dropTable(counter.counter).ifExists().execute();
  }
  if (postgres) {
    for (const fn of ['forms_set_todo_level()', 'forms_todo_level_of(text, integer, timestamptz, text)', 'attendances_refresh_todo()', 'patients_refresh_counts()']) {
      await sql.raw(`drop function if exists ${fn}`).execute(db);
    }
  }
  for (const index of ['forms_todo_sort_idx', 'patients_created_idx', 'patients_scope_created_idx', 'patients_name_folded_idx', 'patients_dob_idx', 'attendances_physician_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('forms').dropColumn('todo_level').execute();
  for (const column of ['attendance_count', 'institute_count', 'name_folded']) await db.schema.alterTable('patients').dropColumn(column).execute();
}

export const scaleQueries: Migration = { up, down };
