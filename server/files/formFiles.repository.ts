// SQL of the form_files rows (the files of file-upload fields). Rows are inserted, never updated
// or deleted.
import type { Kysely } from 'kysely';
import type { Database, FormFileRow } from '../db/database';

export interface FormFile {
  id: string;
  formId: string;
  fieldId: string;
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
  uploadedBy: string;
  uploadedAt: string;
}

function toFormFile(row: FormFileRow): FormFile {
  return {
    id: row.id,
    formId: row.form_id,
    fieldId: row.field_id,
    name: row.name,
    mimeType: row.mime_type,
    size: Number(row.size),
    sha256: row.sha256,
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
  };
}

export async function insertFormFile(db: Kysely<Database>, file: FormFile): Promise<void> {
  await db
    .insertInto('form_files')
    .values({
      id: file.id,
      form_id: file.formId,
      field_id: file.fieldId,
      name: file.name,
      mime_type: file.mimeType,
      size: file.size,
      sha256: file.sha256,
      uploaded_by: file.uploadedBy,
      uploaded_at: file.uploadedAt,
    })
    .execute();
}

/** The file only when it belongs to that form and field: another's id reads as unknown. */
export async function findFormFile(db: Kysely<Database>, formId: string, fieldId: string, fileId: string): Promise<FormFile | null> {
  const row = await db.selectFrom('form_files').selectAll().where('id', '=', fileId).where('form_id', '=', formId).where('field_id', '=', fieldId).executeTakeFirst();
  return row ? toFormFile(row) : null;
}

/** Which of these ids are files of this form, with the field each was uploaded to. */
export async function fieldsOfFormFiles(db: Kysely<Database>, formId: string, fileIds: readonly string[]): Promise<Map<string, string>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.selectFrom('form_files').select(['id', 'field_id']).where('form_id', '=', formId).where('id', 'in', [...new Set(fileIds)]).execute();
  return new Map(rows.map((row) => [row.id, row.field_id]));
}
