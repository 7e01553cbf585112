// The periods a registry defines for its attendances (docs/decisions.md "Attendance periods"): each
// period has a name in hu and en and the form types it allows, with how many of each one period may
// hold (null: repeatable). Every attendance gets one attendance_periods row per defined period when
// it starts. A disqualified attendance (state `disqualified`) keeps when, by whom and why.
// Existing registries get one period that allows all their form types (start forms once), which is
// what the product did before periods existed.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('registry_periods')
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('cascade'))
    .addColumn('period_index', 'integer', (c) => c.notNull().check(sql`period_index >= 0`))
    .addColumn('name_hu', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('registry_periods_pk', ['registry_id', 'period_index'])
    .execute();
  await db.schema
    .createTable('registry_period_form_types')
    .addColumn('registry_id', 'text', (c) => c.notNull())
    .addColumn('period_index', 'integer', (c) => c.notNull())
    .addColumn('form_type_id', 'integer', (c) => c.notNull().references('form_types.id').onDelete('cascade'))
    .addColumn('max_per_period', 'integer', (c) => c.check(sql`max_per_period is null or max_per_period >= 1`))
    .addPrimaryKeyConstraint('registry_period_form_types_pk', ['registry_id', 'period_index', 'form_type_id'])
    .addForeignKeyConstraint('registry_period_form_types_period_fk', ['registry_id', 'period_index'], 'registry_periods', ['registry_id', 'period_index'], (c) => c.onDelete('cascade'))
    .execute();

  await db.schema.alterTable('attendances').addColumn('disqualified_at', timestamp).execute();
  await db.schema.alterTable('attendances').addColumn('disqualified_by', 'text').execute();
  await db.schema.alterTable('attendances').addColumn('disqualification_reason', 'text').execute();

  await sql`
    insert into registry_periods (registry_id, period_index, name_hu, name_en)
    select id, 0, coalesce(attendance_period_name_hu, '1. szakasz'), coalesce(attendance_period_name_en, 'Period 1') from registries
  `.execute(db);
  await sql`
    insert into registry_period_form_types (registry_id, period_index, form_type_id, max_per_period)
    select registry_id, 0, id, case when behavior_type = 'attendance_start' then 1 else null end from form_types
  `.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attendances').dropColumn('disqualification_reason').execute();
  await db.schema.alterTable('attendances').dropColumn('disqualified_by').execute();
  await db.schema.alterTable('attendances').dropColumn('disqualified_at').execute();
  await db.schema.dropTable('registry_period_form_types').ifExists().execute();
  await db.schema.dropTable('registry_periods').ifExists().execute();
}

export const registryPeriods: Migration = { up, down };
