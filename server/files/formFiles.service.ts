// The rules of form files: who may attach a file to which field when (the lifecycle table decides:
// only while the caller could write the form's values), what a file may be (size, the field's
// accepted types), and who may read one back (whoever may read the form's values).
import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_REQUIRED_APPROVAL_LEVELS, FIELD_TYPES, fieldIndexOf, planTransition, type ApprovalLevel, type FileUploadField, type FormDescriptor, type FormOperation, type TransitionRefusal } from '../../src/domain/forms';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { AppConfig } from '../config';
import type { Database, FormRow } from '../db/database';
import { assertNotDisqualified } from '../attendances/attendanceErrors';
import { ApiError } from '../errors/apiError';
import { descriptorOf, hasPersonalData, mayOnForm, visibleFormRowOrThrow } from '../forms/forms.access';
import { refusalError } from '../forms/forms.lifecycle';
import { findApprovals } from '../forms/forms.repository';
import { noViewPermission } from '../permissions/permissionErrors';
import { nowIso } from '../util/time';
import { acceptsFile, cleanFileName, mimeTypeOf } from './fileNames';
import { EmptyFileError, FileTooLargeError, openBlob, storeBlob, UploadInterruptedError } from './fileStore';
import { findFormFile, insertFormFile, type FormFile } from './formFiles.repository';

/** What the upload answers: the value of the file-upload field (src/domain/forms FileValue) plus the hash. */
export interface UploadedFile {
  fileId: string;
  fileName: string;
  size: number;
  mimeType: string;
  sha256: string;
}

export interface FileDeps {
  db: Kysely<Database>;
  config: AppConfig;
  subject: PermissionSubject;
}

export interface UploadInput {
  formId: string;
  fieldId: string;
  /** As sent (x-file-name, percent-decoded); cleaned here. */
  name: string;
  contentType: string | undefined;
  contentLength: string | undefined;
  /** The unread request body (the route's catch-all parser hands it over as it is). */
  body: Readable | undefined;
}

export const fileNotFound = (): ApiError => new ApiError({ statusCode: 404, code: 'file_not_found', messageId: 'server.forms.fileNotFound' });

function fileTooLarge(fieldId: string, limit: number): ApiError {
  return new ApiError({
    statusCode: 413,
    code: 'file_too_large',
    messageId: 'server.forms.fileTooLarge',
    values: { megabytes: Math.round((limit / 1048576) * 1000) / 1000 },
    // The exact limit in bytes travels in the field error, which the client can show per field.
    errors: [{ path: fieldId, key: 'file.size', context: { limit } }],
  });
}

/** The operations that write values; a file can be attached exactly when one of them could run. */
const VALUE_WRITES: readonly FormOperation[] = ['update', 'correct_draft'];

async function assertMayAttach(db: Kysely<Database>, subject: PermissionSubject, row: FormRow): Promise<void> {
  // A caller who may not write the form at all is told 403 before anything about its state.
  if (!mayOnForm(subject, 'frm_edit', row)) throw refusalError({ ok: false, reason: 'forbidden', code: 'frm_edit' });
  assertNotDisqualified(await db.selectFrom('attendances').select('state').where('id', '=', row.attendance_id).executeTakeFirst());
  const approvals = (await findApprovals(db, row.id)).map((a) => a.level as ApprovalLevel);
  const context = { requiredLevels: DEFAULT_REQUIRED_APPROVAL_LEVELS, can: (code: string) => mayOnForm(subject, code, row) };
  const plans = VALUE_WRITES.map((operation) => planTransition({ state: row.state, approvals }, { operation, submit: false }, context));
  if (plans.some((plan) => plan.ok)) return;
  const refusals = plans as TransitionRefusal[];
  // A state that allows writing but a caller who may not is a 403, not a 409.
  throw refusalError(refusals.find((r) => r.reason === 'forbidden') ?? refusals[0]);
}

function fileFieldOrThrow(descriptor: FormDescriptor, fieldId: string): FileUploadField {
  const field = fieldIndexOf(descriptor).byId.get(fieldId)?.field;
  if (field?.type !== FIELD_TYPES.fileUpload) {
    throw new ApiError({ statusCode: 404, code: 'field_not_found', messageId: 'server.forms.fileFieldNotFound', values: { fieldId } });
  }
  return field;
}

/** Personal data fields are null for callers without personal_data_access; so are their files. */
function assertPersonalAccess(subject: PermissionSubject, row: FormRow, descriptor: FormDescriptor, fieldId: string): void {
  if ((descriptor.personalDataFields ?? []).includes(fieldId) && !hasPersonalData(subject, row)) throw noViewPermission();
}

export async function uploadFormFile(deps: FileDeps, input: UploadInput): Promise<UploadedFile> {
  const { db, config, subject } = deps;
  const row = await visibleFormRowOrThrow(db, subject, input.formId);
  await assertMayAttach(db, subject, row);
  const descriptor = await descriptorOf(db, Number(row.form_type_id), Number(row.descriptor_version));
  const field = fileFieldOrThrow(descriptor, input.fieldId);
  assertPersonalAccess(subject, row, descriptor, input.fieldId);

  const fileName = cleanFileName(input.name);
  if (fileName === null) throw new ApiError({ statusCode: 400, code: 'file_name_invalid', messageId: 'server.forms.fileNameInvalid' });
  const mimeType = mimeTypeOf(input.contentType);
  if (!acceptsFile(field.accept, fileName, mimeType)) {
    const types = (field.accept ?? []).join(', ');
    throw new ApiError({ statusCode: 400, code: 'file_type_not_allowed', messageId: 'server.forms.fileTypeNotAllowed', values: { types }, errors: [{ path: input.fieldId, key: 'file.type', context: { types } }] });
  }
  const limit = Math.min(config.fileUploadMaxBytes, field.maxSizeBytes ?? Number.POSITIVE_INFINITY);
  // Refused before a byte is read when the sender announces the size.
  if (input.contentLength !== undefined && Number(input.contentLength) > limit) throw fileTooLarge(input.fieldId, limit);
  const emptyFile = (): ApiError => new ApiError({ statusCode: 400, code: 'file_empty', messageId: 'server.forms.fileEmpty' });
  if (!input.body) throw emptyFile();

  let blob;
  try {
    blob = await storeBlob(config.fileStoreDir, input.body, limit);
  } catch (error) {
    if (error instanceof FileTooLargeError) throw fileTooLarge(input.fieldId, error.limit);
    if (error instanceof EmptyFileError) throw emptyFile();
    if (error instanceof UploadInterruptedError) throw new ApiError({ statusCode: 400, code: 'upload_failed', messageId: 'server.forms.fileUploadFailed' });
    throw error;
  }
  const file: FormFile = { id: randomUUID(), formId: row.id, fieldId: field.id, name: fileName, mimeType, size: blob.size, sha256: blob.sha256, uploadedBy: subject.userId, uploadedAt: nowIso() };
  await insertFormFile(db, file);
  return { fileId: file.id, fileName: file.name, size: file.size, mimeType: file.mimeType, sha256: file.sha256 };
}

/** A file of a form as the caller may read it; unknown, another form's or another field's → 404. */
export async function formFileForDownload(deps: FileDeps & { log: FastifyBaseLogger }, formId: string, fieldId: string, fileId: string): Promise<{ file: FormFile; stream: ReadStream; size: number }> {
  const { db, config, subject } = deps;
  const row = await visibleFormRowOrThrow(db, subject, formId);
  if (!mayOnForm(subject, 'frm_read', row)) throw noViewPermission();
  assertPersonalAccess(subject, row, await descriptorOf(db, Number(row.form_type_id), Number(row.descriptor_version)), fieldId);
  const file = await findFormFile(db, row.id, fieldId, fileId);
  if (!file) throw fileNotFound();
  const blob = await openBlob(config.fileStoreDir, file.sha256);
  if (!blob) {
    // The row outlived its bytes (a database restored without the file store): an operator's problem.
    deps.log.error({ fileId: file.id, sha256: file.sha256 }, 'form file missing from the file store');
    throw fileNotFound();
  }
  return { file, ...blob };
}
