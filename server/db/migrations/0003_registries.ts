// Registries and trials, their participating institutes and randomization groups, form types with
// their external fields and versioned descriptors, user groups, and access entries (spec
// business-data §3). Patients, attendances and forms reference these tables in later migrations:
// patients.registry_id -> registries, forms.form_type_id -> form_types, and the descriptor
// (form_type_id, version, locale) a form was filled with -> form_descriptors.
import { sql, type Kysely, type Migration } from 'kysely';
import { PERMISSION_SCHEMES } from '../../../src/domain/permissions/schemes';
import { dialectOf } from '../sqlFunctions';

function oneOf(column: string, values: readonly string[]): ReturnType<typeof sql> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .createTable('user_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_type', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('user_group_members_user_idx').on('user_group_members').column('user_id').execute();

  await db.schema
    .createTable('registries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_hu', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull().unique())
    .addColumn('bio_sample_code', 'text')
    .addColumn('has_inpatient_day', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mandatory_insurance_number', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registry_type', 'text', (c) => c.notNull().defaultTo('registry'))
    .addColumn('registry_group_en', 'text')
    .addColumn('registry_group_hu', 'text')
    .addColumn('data_collection_period', 'text')
    .addColumn('registry_manager_name', 'text')
    .addColumn('registry_manager_institute_id', 'text', (c) => c.references('institutes.id').onDelete('set null'))
    .addColumn('trial_manager_name', 'text')
    .addColumn('trial_manager_institute_id', 'text', (c) => c.references('institutes.id').onDelete('set null'))
    .addColumn('target_patient_count', 'integer')
    .addColumn('attendance_period_name_en', 'text')
    .addColumn('attendance_period_name_hu', 'text')
    .addColumn('random_group_block_multipliers', 'integer')
    .addColumn('random_group_visibility', 'text')
    .addColumn('randomization_strategy', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('registries_type_check', oneOf('registry_type', ['registry', 'trial']))
    .addCheckConstraint(
      'registries_visibility_check',
      sql`random_group_visibility is null or ${oneOf('random_group_visibility', ['available', 'reportOnly', 'hidden'])}`,
    )
    .addCheckConstraint('registries_strategy_check', sql`randomization_strategy is null or ${oneOf('randomization_strategy', ['basic', 'permuted_block'])}`)
    .execute();

  await db.schema
    .createTable('registry_random_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('multiplier', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('registry_random_groups_name_unique', ['registry_id', 'name'])
    .addCheckConstraint('registry_random_groups_multiplier_check', sql`multiplier >= 1`)
    .execute();

  await db.schema
    .createTable('registry_institutes')
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('cascade'))
    .addColumn('institute_id', 'text', (c) => c.notNull().references('institutes.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('registry_institutes_pk', ['registry_id', 'institute_id'])
    .execute();
  await db.schema.createIndex('registry_institutes_institute_idx').on('registry_institutes').column('institute_id').execute();

  // Integer ids: every form descriptor names its form type by an integer formTypeId.
  await db.schema
    .createTable('form_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('restrict'))
    .addColumn('display_id', 'text', (c) => c.notNull().unique())
    .addColumn('name_hu', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('locales', 'text', (c) => c.notNull())
    .addColumn('behavior_type', 'text', (c) => c.notNull().defaultTo('any'))
    .addColumn('start_datetime_field_id', 'text')
    .addColumn('end_datetime_field_id', 'text')
    .addColumn('patient_name_field_id', 'text')
    .addColumn('last_version', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('form_types_behavior_check', oneOf('behavior_type', ['attendance_start', 'any']))
    .execute();
  await db.schema.createIndex('form_types_registry_idx').on('form_types').column('registry_id').execute();

  await db.schema
    .createTable('form_type_external_fields')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_type_id', 'integer', (c) => c.notNull().references('form_types.id').onDelete('cascade'))
    .addColumn('source_display_id', 'text', (c) => c.notNull())
    .addColumn('source_field', 'text', (c) => c.notNull())
    .addColumn('target_field', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_type_external_fields_type_idx').on('form_type_external_fields').column('form_type_id').execute();

  // A descriptor is immutable once forms reference its version; a change is a new version.
  await db.schema
    .createTable('form_descriptors')
    .addColumn('form_type_id', 'integer', (c) => c.notNull().references('form_types.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('form_descriptors_pk', ['form_type_id', 'version', 'locale'])
    .addCheckConstraint('form_descriptors_locale_check', oneOf('locale', ['hu', 'en']))
    .execute();

  await db.schema
    .createTable('access_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('trustee_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('trustee_group_id', 'text', (c) => c.references('user_groups.id').onDelete('cascade'))
    .addColumn('scheme', 'text', (c) => c.notNull())
    .addColumn('registry_id', 'text', (c) => c.references('registries.id').onDelete('cascade'))
    .addColumn('form_type_id', 'integer', (c) => c.references('form_types.id').onDelete('cascade'))
    .addColumn('institute_id', 'text', (c) => c.references('institutes.id').onDelete('cascade'))
    .addColumn('physician_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('attach_permission', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('access_entries_kind_check', oneOf('kind', ['registry', 'biobank']))
    .addCheckConstraint('access_entries_scheme_check', oneOf('scheme', PERMISSION_SCHEMES))
    .addCheckConstraint(
      'access_entries_trustee_check',
      sql`(trustee_user_id is null and trustee_group_id is not null) or (trustee_user_id is not null and trustee_group_id is null)`,
    )
    .execute();
  await db.schema.createIndex('access_entries_user_idx').on('access_entries').column('trustee_user_id').execute();
  await db.schema.createIndex('access_entries_group_idx').on('access_entries').column('trustee_group_id').execute();
  await db.schema.createIndex('access_entries_registry_idx').on('access_entries').column('registry_id').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'access_entries',
    'form_descriptors',
    'form_type_external_fields',
    'form_types',
    'registry_institutes',
    'registry_random_groups',
    'registries',
    'user_group_members',
    'user_groups',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

export const registries: Migration = { up, down };
