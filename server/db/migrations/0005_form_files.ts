// Files uploaded into file-upload fields (docs/api-clinical.md § Form files). The bytes live in the
// file store (server/files/fileStore.ts) under their SHA-256; a row says which form and field a
// file was uploaded to, by whom and when. Rows are never deleted: a replaced value stays on the
// record (form history), and its file stays downloadable from there.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('form_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id').onDelete('restrict'))
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`length(sha256) = 64`))
    .addColumn('uploaded_by', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('uploaded_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_files_form_idx').on('form_files').columns(['form_id', 'field_id']).execute();
  // A later clean-up of blobs that no row names looks files up by hash.
  await db.schema.createIndex('form_files_sha256_idx').on('form_files').column('sha256').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_files').ifExists().execute();
}

export const formFiles: Migration = { up, down };
