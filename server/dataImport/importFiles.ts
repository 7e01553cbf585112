// The upload of an import file (POST /data-import/files): streamed into the file store with a size
// limit, then its kind told by its content, not its name: an OLE compound file is the encrypted
// .xlsx our export writes, UTF-8 text without NUL bytes is CSV, anything else is refused naming
// the file. The row in import_files ties the blob to the uploader until a job takes it.
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { UploadedImportFile, ImportFileKind } from '../../src/api/dataImport';
import type { Database, ImportFilesTable } from '../db/database';
import { ApiError } from '../errors/apiError';
import { cleanFileName } from '../files/fileNames';
import { blobPath, EmptyFileError, FileTooLargeError, storeBlob, UploadInterruptedError } from '../files/fileStore';
import { nowIso } from '../util/time';

/** 100,000 rows of 50 fields is about 60 MB of CSV; the limit leaves room for long texts. */
export const IMPORT_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const SNIFF_BYTES = 64 * 1024;

export const notImportFile = (fileName: string): ApiError =>
  new ApiError({ statusCode: 400, code: 'import_file_kind', messageId: 'server.dataImport.notCsvOrXlsx', values: { fileName }, errors: [{ path: 'file', key: 'import.file.kind', context: { fileName } }] });

/** CSV when the start is UTF-8 text without NUL bytes (a cut multi-byte character at the end is fine). */
export function kindOfContent(head: Buffer): ImportFileKind | null {
  if (head.length >= OLE_MAGIC.length && head.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) return 'xlsx';
  if (head.includes(0)) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  // Replacement characters before the last three bytes mean bytes that are not UTF-8.
  const cut = text.lastIndexOf('\ufffd');
  return cut === -1 || cut >= text.length - 3 ? 'csv' : null;
}

async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface ImportUpload {
  storeDir: string;
  requesterId: string;
  rawName: string;
  body: Readable | undefined;
}

export async function storeImportFile(db: Kysely<Database>, upload: ImportUpload): Promise<UploadedImportFile> {
  const fileName = cleanFileName(upload.rawName);
  if (fileName === null) throw new ApiError({ statusCode: 400, code: 'file_name_invalid', messageId: 'server.forms.fileNameInvalid' });
  const empty = (): ApiError => new ApiError({ statusCode: 400, code: 'file_empty', messageId: 'server.dataImport.fileEmpty', values: { fileName } });
  if (!upload.body) throw empty();
  let blob;
  try {
    blob = await storeBlob(upload.storeDir, upload.body, IMPORT_UPLOAD_MAX_BYTES);
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      throw new ApiError({ statusCode: 413, code: 'file_too_large', messageId: 'server.dataImport.fileTooLarge', values: { fileName, limit: error.limit } });
    }
    if (error instanceof EmptyFileError) throw empty();
    if (error instanceof UploadInterruptedError) throw new ApiError({ statusCode: 400, code: 'upload_failed', messageId: 'server.forms.fileUploadFailed' });
    throw error;
  }
  const kind = kindOfContent(await headOf(blobPath(upload.storeDir, blob.sha256)));
  if (kind === null) throw notImportFile(fileName);
  const row: ImportFilesTable = { id: randomUUID(), requester_id: upload.requesterId, file_name: fileName, kind, sha256: blob.sha256, bytes: blob.size, created_at: nowIso() };
  await db.insertInto('import_files').values(row).execute();
  return { fileId: row.id, fileName, bytes: blob.size, kind };
}

/** The caller's own upload; another user's is as unknown as a missing one. */
export async function ownImportFile(db: Kysely<Database>, requesterId: string, fileId: string): Promise<ImportFilesTable | undefined> {
  return db.selectFrom('import_files').selectAll().where('id', '=', fileId).where('requester_id', '=', requesterId).executeTakeFirst();
}
