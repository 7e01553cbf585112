// A file-upload value names a file by id. On every write of form values the server checks that
// each newly referenced id is a file uploaded to this form and this field, so a caller cannot
// attach (and then download through this form) a file of another form, nor invent one.
import type { Kysely } from 'kysely';
import { FIELD_TYPES, fieldIndexOf, type FormDescriptor, type FormValues } from '../../src/domain/forms';
import type { Database } from '../db/database';
import { validationError, type FieldError } from '../errors/apiError';
import { fieldsOfFormFiles } from './formFiles.repository';

// FIELD_TYPES read once: through the domain's re-exports every access is a getter call (two),
// and this runs for every field of every imported or written form.
const TYPES = FIELD_TYPES;

export interface FileReference {
  path: string;
  fieldId: string;
  fileId: string;
}

function fileIdOf(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { fileId } = value as { fileId?: unknown };
  return typeof fileId === 'string' ? fileId : null;
}

/** Every file id in the values, at its value path (`report`, `meds[2].scan`). */
export function fileReferencesOf(descriptor: FormDescriptor, values: FormValues): FileReference[] {
  const references: FileReference[] = [];
  for (const info of fieldIndexOf(descriptor).ordered) {
    if (info.field.type !== TYPES.fileUpload) continue;
    const fieldId = info.field.id;
    if (info.multiField === null) {
      const fileId = fileIdOf(values[fieldId]);
      if (fileId !== null) references.push({ path: fieldId, fieldId, fileId });
      continue;
    }
    const entries = values[info.multiField];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, i) => {
      const fileId = entry && typeof entry === 'object' ? fileIdOf((entry as Record<string, unknown>)[fieldId]) : null;
      if (fileId !== null) references.push({ path: `${info.multiField}[${i}].${fieldId}`, fieldId, fileId });
    });
  }
  return references;
}

/**
 * 400 with `file.invalid` on each path whose file is not this form's file of that field. A value
 * already stored passes unchanged: it was checked when it came in (or predates the file store, and
 * the owner would otherwise be unable to save the form at all). `formId` null: a form being created,
 * which can have no files yet.
 */
export async function assertFileReferences(db: Kysely<Database>, formId: string | null, descriptor: FormDescriptor, stored: FormValues, incoming: FormValues): Promise<void> {
  const known = new Set(fileReferencesOf(descriptor, stored).map((r) => `${r.fieldId}\u0000${r.fileId}`));
  const fresh = fileReferencesOf(descriptor, incoming).filter((r) => !known.has(`${r.fieldId}\u0000${r.fileId}`));
  if (fresh.length === 0) return;
  const fieldOf = formId === null ? new Map<string, string>() : await fieldsOfFormFiles(db, formId, fresh.map((r) => r.fileId));
  const errors: FieldError[] = fresh.filter((r) => fieldOf.get(r.fileId) !== r.fieldId).map((r) => ({ path: r.path, key: 'file.invalid', context: {} }));
  if (errors.length > 0) throw validationError(errors);
}
