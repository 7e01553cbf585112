// Attendances counted per registry, institute, physician and kept form-state mask (docs/decisions.md
// "Scale: the matrix's other sorts"). The status matrix's "has a form in state X" filter counted
// its exact total from attendances_form_states_idx: tens of thousands of index entries for a
// common state (8-21 ms p50 at 233,000 attendances, 94-201 req/s with ten clients). A counter of
// the masks, kept like attendance_counts (migration 0014) by triggers in the writer's transaction,
// answers it by summing the rows of the masks that hold the state: at most 32 masks per scope.
// SQLite row triggers and PostgreSQL statement triggers, from the helpers of migrations 0014 and
// 0019. Never edit once shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import { sqliteCounterTriggers, type Counter } from './0014_scale_triggers';
import { counterStatements } from './0019_counter_statements';

const STATE_COUNTS: Counter = {
  counter: 'attendance_state_counts',
  table: 'attendances',
  key: ['registry_id', 'institute_id', 'physician_id', 'form_states'],
  when: '1 = 1',
};

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendance_state_counts')
    .addColumn('registry_id', 'text', (c) => c.notNull())
    .addColumn('institute_id', 'text', (c) => c.notNull())
    .addColumn('physician_id', 'text', (c) => c.notNull())
    .addColumn('form_states', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_state_counts_pk', ['registry_id', 'institute_id', 'physician_id', 'form_states'])
    .execute();
  await sql`insert into attendance_state_counts (registry_id, institute_id, physician_id, form_states, n)
    select registry_id, institute_id, physician_id, form_states, count(*) from attendances
    group by registry_id, institute_id, physician_id, form_states`.execute(db);
  const triggers = dialectOf(db) === 'postgres' ? counterStatements(STATE_COUNTS) : sqliteCounterTriggers(STATE_COUNTS);
  for (const statement of triggers) await sql.raw(statement).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const suffix = postgres ? '_rows' : '';
  for (const event of ['insert', 'update', 'delete']) {
    const trigger = `attendance_state_counts_${event}${suffix}`;
    await sql.raw(postgres ? `drop trigger if exists ${trigger} on attendances` : `drop trigger if exists ${trigger}`).execute(db);
    if (postgres) await sql.raw(`drop function if exists ${trigger}()`).execute(db);
  }
  await db.schema.dropTable('attendance_state_counts').ifExists().execute();
}

export const attendanceStateCounts: Migration = { up, down };
