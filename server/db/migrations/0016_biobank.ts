// The biobank (issue 16, docs/biobank.md): sample types per registry, boxes in fridge compartments,
// bio samples with their derived state, their links to forms, and their hash-chained custody record.
// Two samples can never hold one position: a unique index on (box_id, box_row, box_column), which
// also decides between two concurrent writers (NULLs are distinct, so unplaced samples never clash).
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .createTable('bio_sample_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_hu', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    // JSON text: [{ id, labelHu, labelEn, type }].
    .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bio_sample_type_registries')
    .addColumn('bio_sample_type_id', 'text', (c) => c.notNull().references('bio_sample_types.id').onDelete('cascade'))
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bio_sample_type_registries_pk', ['bio_sample_type_id', 'registry_id'])
    .execute();
  await db.schema.createIndex('bio_sample_type_registries_registry_idx').on('bio_sample_type_registries').column('registry_id').execute();

  await db.schema
    .createTable('bio_sample_boxes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // An institute can only be deleted without patients, hence without samples: its empty boxes go with it.
    .addColumn('institute_id', 'text', (c) => c.notNull().references('institutes.id').onDelete('cascade'))
    .addColumn('fridge', 'text', (c) => c.notNull())
    .addColumn('compartment', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull().check(sql`row_count between 1 and 100`))
    .addColumn('column_count', 'integer', (c) => c.notNull().check(sql`column_count between 1 and 100`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('bio_sample_boxes_name_unique', ['institute_id', 'fridge', 'compartment', 'name'])
    .execute();

  // The running number of each registry's sample numbers (RAB-000001, ...).
  await db.schema
    .createTable('bio_sample_sequences')
    .addColumn('registry_id', 'text', (c) => c.primaryKey().references('registries.id').onDelete('cascade'))
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bio_samples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sample_number', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('bio_sample_type_id', 'text', (c) => c.notNull().references('bio_sample_types.id').onDelete('restrict'))
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('restrict'))
    .addColumn('institute_id', 'text', (c) => c.notNull().references('institutes.id').onDelete('restrict'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('restrict'))
    .addColumn('sample_collected_at', timestamp, (c) => c.notNull())
    .addColumn('legacy_sample_number', 'text')
    .addColumn('notes', 'text')
    .addColumn('sample_parameters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('arrived_to_biobank_at', timestamp)
    .addColumn('amount', 'double precision', (c) => c.check(sql`amount is null or amount >= 0`))
    .addColumn('is_virtual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ancestor_sample_id', 'text', (c) => c.references('bio_samples.id').onDelete('restrict'))
    .addColumn('box_id', 'text', (c) => c.references('bio_sample_boxes.id').onDelete('restrict'))
    .addColumn('box_row', 'integer', (c) => c.check(sql`box_row is null or box_row >= 1`))
    .addColumn('box_column', 'integer', (c) => c.check(sql`box_column is null or box_column >= 1`))
    .addColumn('dispatched_at', timestamp)
    .addColumn('dispatched_to', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('deleted_at', timestamp)
    .addColumn('record_count', 'integer')
    .addColumn('record_head', 'text')
    .addColumn('record_seal', 'text')
    .addCheckConstraint('bio_samples_state_check', sql`state in ('collected', 'attached', 'arrived', 'localized', 'dispatched')`)
    .addCheckConstraint('bio_samples_position_check', sql`(box_id is null and box_row is null and box_column is null) or (box_id is not null and box_row is not null and box_column is not null)`)
    .execute();
  await db.schema.createIndex('bio_samples_number_unique').on('bio_samples').columns(['registry_id', 'sample_number']).unique().execute();
  await db.schema.createIndex('bio_samples_position_unique').on('bio_samples').columns(['box_id', 'box_row', 'box_column']).unique().execute();
  // The list filters and sorts: by institute (newest first), state, type, patient, ancestor, collection day.
  await db.schema.createIndex('bio_samples_institute_idx').on('bio_samples').columns(['institute_id', 'created_at']).execute();
  await db.schema.createIndex('bio_samples_state_idx').on('bio_samples').columns(['institute_id', 'state']).execute();
  await db.schema.createIndex('bio_samples_type_idx').on('bio_samples').column('bio_sample_type_id').execute();
  await db.schema.createIndex('bio_samples_patient_idx').on('bio_samples').column('patient_id').execute();
  await db.schema.createIndex('bio_samples_ancestor_idx').on('bio_samples').column('ancestor_sample_id').execute();
  await db.schema.createIndex('bio_samples_collected_idx').on('bio_samples').column('sample_collected_at').execute();
  await db.schema.createIndex('bio_samples_created_idx').on('bio_samples').column('created_at').execute();

  await db.schema
    .createTable('bio_sample_forms')
    .addColumn('bio_sample_id', 'text', (c) => c.notNull().references('bio_samples.id').onDelete('restrict'))
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('restrict'))
    .addColumn('attached_at', timestamp, (c) => c.notNull())
    .addColumn('attached_by', 'text')
    .addPrimaryKeyConstraint('bio_sample_forms_pk', ['bio_sample_id', 'form_id'])
    .execute();
  await db.schema.createIndex('bio_sample_forms_form_idx').on('bio_sample_forms').column('form_id').execute();

  // Append-only, like form_history: the custody record of a sample (server/biobank/bioSampleHistory.ts).
  await db.schema
    .createTable('bio_sample_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bio_sample_id', 'text', (c) => c.notNull().references('bio_samples.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('on_behalf_of_id', 'text')
    .addColumn('on_behalf_of', 'text')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('previous_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('mac', 'text')
    .addUniqueConstraint('bio_sample_history_position_unique', ['bio_sample_id', 'position'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  // Derived samples point at their ancestors (on delete restrict): unlink them, or dropping the
  // table (an implicit delete on SQLite) would refuse.
  await sql`update bio_samples set ancestor_sample_id = null`.execute(db);
  for (const table of ['bio_sample_history', 'bio_sample_forms', 'bio_samples', 'bio_sample_sequences', 'bio_sample_boxes', 'bio_sample_type_registries', 'bio_sample_types']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

export const biobank: Migration = { up, down };
