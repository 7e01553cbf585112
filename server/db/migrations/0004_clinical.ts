// The clinical core (spec business-data §3, §4): patients, attendances with their periods, forms
// with approvals as rows, and the append-only form history (hash-chained, server/audit). Also the
// approval levels a registry requires before a form is final.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

function oneOf(column: string, values: readonly string[]): ReturnType<typeof sql> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .alterTable('registries')
    .addColumn('required_approval_levels', 'integer', (c) => c.notNull().defaultTo(2).check(sql`required_approval_levels between 1 and 4`))
    .execute();

  await db.schema
    .createTable('patients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('internal_patient_number', 'text', (c) => c.notNull().unique())
    .addColumn('registry_patient_number', 'text')
    .addColumn('insurance_number', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dob', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('restrict'))
    .addColumn('institute_id', 'text', (c) => c.notNull().references('institutes.id').onDelete('restrict'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('patients_gender_check', oneOf('gender', ['female', 'male', 'other', 'unknown']))
    .execute();
  // One patient per insurance number and registry: the duplicate rule of the create call.
  await db.schema
    .createIndex('patients_registry_insurance_unique')
    .on('patients')
    .columns(['registry_id', 'insurance_number'])
    .unique()
    .where(sql.ref('insurance_number'), 'is not', null)
    .execute();
  await db.schema.createIndex('patients_institute_idx').on('patients').columns(['institute_id', 'registry_id']).execute();

  await db.schema
    .createTable('attendances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('restrict'))
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('restrict'))
    .addColumn('institute_id', 'text', (c) => c.notNull().references('institutes.id').onDelete('restrict'))
    .addColumn('physician_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('start_date_time', timestamp, (c) => c.notNull())
    .addColumn('end_date_time', timestamp)
    .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('inpatient_days', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('random_group', 'text')
    .addColumn('display_id', 'text', (c) => c.notNull())
    .addColumn('legacy_display_id', 'text')
    .addColumn('day_key', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('attendances_state_check', oneOf('state', ['open', 'completed', 'disqualified']))
    .addUniqueConstraint('attendances_sequence_unique', ['institute_id', 'registry_id', 'day_key', 'sequence'])
    .execute();
  await db.schema.createIndex('attendances_patient_idx').on('attendances').column('patient_id').execute();
  await db.schema.createIndex('attendances_scope_idx').on('attendances').columns(['registry_id', 'institute_id']).execute();

  // The last sequence number handed out per institute, registry and day: an UPDATE of one row is
  // atomic on both databases, so two instances never hand out the same display id.
  await db.schema
    .createTable('attendance_sequences')
    .addColumn('institute_id', 'text', (c) => c.notNull().references('institutes.id').onDelete('cascade'))
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('cascade'))
    .addColumn('day_key', 'text', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('attendance_sequences_pk', ['institute_id', 'registry_id', 'day_key'])
    .execute();

  // Permuted-block randomization: what is left of the current block of each institute of a trial,
  // stored (not held in memory) so that every server instance deals from the same block.
  await db.schema
    .createTable('randomization_blocks')
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('cascade'))
    .addColumn('institute_id', 'text', (c) => c.notNull().references('institutes.id').onDelete('cascade'))
    .addColumn('remaining', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('randomization_blocks_pk', ['registry_id', 'institute_id'])
    .execute();

  await db.schema
    .createTable('attendance_periods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('attendance_id', 'text', (c) => c.notNull().references('attendances.id').onDelete('cascade'))
    .addColumn('period_index', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('attendance_periods_index_unique', ['attendance_id', 'period_index'])
    .execute();

  // registry_id and institute_id repeat the attendance's so that permission scopes filter forms in SQL.
  await db.schema
    .createTable('forms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('attendance_id', 'text', (c) => c.notNull().references('attendances.id').onDelete('restrict'))
    .addColumn('attendance_period_id', 'text', (c) => c.notNull().references('attendance_periods.id').onDelete('restrict'))
    .addColumn('form_type_id', 'integer', (c) => c.notNull().references('form_types.id').onDelete('restrict'))
    .addColumn('descriptor_version', 'integer', (c) => c.notNull())
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('restrict'))
    .addColumn('institute_id', 'text', (c) => c.notNull().references('institutes.id').onDelete('restrict'))
    .addColumn('physician_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('display_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('approval_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('field_values', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('reviews', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    // Deleted and destroyed forms stay as rows, so their record (history) keeps its subject.
    .addColumn('deleted_at', timestamp)
    .addCheckConstraint('forms_state_check', oneOf('state', ['draft', 'await_inspect', 'rejected', 'correct_draft', 'corrected', 'final']))
    .execute();
  await db.schema.createIndex('forms_period_idx').on('forms').column('attendance_period_id').execute();
  await db.schema.createIndex('forms_attendance_idx').on('forms').column('attendance_id').execute();
  await db.schema.createIndex('forms_scope_idx').on('forms').columns(['registry_id', 'institute_id', 'state']).execute();

  await db.schema
    .createTable('form_approvals')
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('form_approvals_pk', ['form_id', 'level'])
    .addCheckConstraint('form_approvals_level_check', sql`level between 1 and 4`)
    .execute();

  // Append-only: the code never updates or deletes these rows. `position` orders one form's chain
  // and, unique, makes two concurrent appends to one chain impossible.
  await db.schema
    .createTable('form_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('on_behalf_of', 'text')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('previous_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addUniqueConstraint('form_history_position_unique', ['form_id', 'position'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['form_history', 'form_approvals', 'forms', 'attendance_periods', 'randomization_blocks', 'attendance_sequences', 'attendances', 'patients']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('registries').dropColumn('required_approval_levels').execute();
}

export const clinical: Migration = { up, down };
