// Patients counted per registry, institute and gender (docs/decisions.md "Scale: the matrix's other
// sorts"). The patients list filtered by gender counted tens of thousands of index entries for its
// exact total (8-19 ms p50 at 100,000 patients, 99-235 req/s with ten clients): a second counter,
// kept like patient_counts (migration 0014) by triggers in the writer's transaction, answers it by
// summing a few rows. SQLite row triggers and PostgreSQL statement triggers, from the helpers of
// migrations 0014 and 0019. Never edit once shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import { sqliteCounterTriggers, type Counter } from './0014_scale_triggers';
import { counterStatements } from './0019_counter_statements';

const GENDER_COUNTS: Counter = { counter: 'patient_gender_counts', table: 'patients', key: ['registry_id', 'institute_id', 'gender'], when: '1 = 1' };

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('patient_gender_counts')
    .addColumn('registry_id', 'text', (c) => c.notNull())
    .addColumn('institute_id', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('patient_gender_counts_pk', ['registry_id', 'institute_id', 'gender'])
    .execute();
  await sql`insert into patient_gender_counts (registry_id, institute_id, gender, n)
    select registry_id, institute_id, gender, count(*) from patients group by registry_id, institute_id, gender`.execute(db);
  const triggers = dialectOf(db) === 'postgres' ? counterStatements(GENDER_COUNTS) : sqliteCounterTriggers(GENDER_COUNTS);
  for (const statement of triggers) await sql.raw(statement).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const suffix = postgres ? '_rows' : '';
  for (const event of ['insert', 'update', 'delete']) {
    const trigger = `patient_gender_counts_${event}${suffix}`;
    await sql.raw(postgres ? `drop trigger if exists ${trigger} on patients` : `drop trigger if exists ${trigger}`).execute(db);
    if (postgres) await sql.raw(`drop function if exists ${trigger}()`).execute(db);
  }
  await db.schema.dropTable('patient_gender_counts').ifExists().execute();
}

export const patientGenderCounts: Migration = { up, down };
