// Data import jobs (issue 15, spec §3 "Data import job"). An import lives longer than one generic
// job: it is validated (one `jobs` row), waits for the importer, then is committed (a second
// `jobs` row). `import_jobs` holds what the importer sees across both steps: its own state names,
// the report (results and the first MAX_REPORTED_ERRORS errors as JSON) and the counts.
// - import_files: uploads waiting for a job (the bytes are in the file store, by SHA-256).
// - secret: the xlsx password, sealed like the export's (server/jobs/jobSecrets.ts), kept until the
//   import ends because the commit reads the file again; wiped on succeeded, failed or cancelled.
import type { Kysely, Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('import_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('requester_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('requester_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('initiated_by_name', 'text', (c) => c.notNull())
    .addColumn('registry_id', 'text', (c) => c.notNull())
    .addColumn('form_type_id', 'integer', (c) => c.notNull())
    .addColumn('form_type_version', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_kind', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('step_job_id', 'text')
    .addColumn('recalculated_fields_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('validation_errors_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('results', 'text')
    .addColumn('errors', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_jobs_requester_idx').on('import_jobs').columns(['requester_id', 'created_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_jobs').ifExists().execute();
  await db.schema.dropTable('import_files').ifExists().execute();
}

export const importJobs: Migration = { up, down };
