// The daily deletion of import files: an upload no job took goes a day after it came, the file of
// an ended import a day after it ended; a file an open import still needs stays, and so does a blob
// another upload names. The job row and its report stay readable.
import { existsSync } from 'node:fs';
import { blobPath } from '../../../server/files/fileStore';
import { deleteStaleImportFiles, IMPORT_FILE_KEEP_MS } from '../../../server/dataImport/importFileRetention';
import { AE_COLUMNS, aeRow, useImportTestServer, csv, IMPORTER } from './importTestKit';

const server = useImportTestServer();

const dayLater = (): Date => new Date(Date.now() + IMPORT_FILE_KEEP_MS + 60_000);
const storeDir = (): string => server.config.fileStoreDir;
const uploadRow = (id: string) => server.db.selectFrom('import_files').select(['id', 'sha256']).where('id', '=', id).executeTakeFirst();
const startWith = (fileId: string) =>
  server.call('POST', '/data-import', IMPORTER, { name: 'AE import', registryId: server.registryId('RA-BIO'), formTypeId: server.aeTypeId, formTypeVersion: 1, fileId });

test('an upload no job took stays for a day, then its row and bytes are gone and a job can no longer name it', async () => {
  const uploaded = await server.upload(csv([AE_COLUMNS, aeRow(server.patient.number, { aeTerm: 'Unused upload' })]), 'unused.csv');
  expect(uploaded.status).toBe(201);
  const { fileId } = uploaded.body;
  const { sha256 } = (await uploadRow(fileId))!;

  await deleteStaleImportFiles(server.db, storeDir(), new Date());
  expect(await uploadRow(fileId)).toBeDefined();
  expect(existsSync(blobPath(storeDir(), sha256))).toBe(true);

  expect(await deleteStaleImportFiles(server.db, storeDir(), dayLater())).toEqual({ deleted: 1 });
  expect(await uploadRow(fileId)).toBeUndefined();
  expect(existsSync(blobPath(storeDir(), sha256))).toBe(false);
  const late = await startWith(fileId);
  expect(late.status).toBeGreaterThanOrEqual(400);
  expect(late.status).toBeLessThan(500);
});

test('the file of a cancelled import goes a day after; a validated import waiting for its commit keeps the same bytes', async () => {
  const content = csv([AE_COLUMNS, aeRow(server.patient.number, { aeTerm: 'Shared bytes' })]);
  const waiting = await server.start(content);
  const waitingId = waiting.body.results[0].id;
  await server.waitFor(waitingId, ['validated']);
  const cancelled = await server.start(content);
  const cancelledId = cancelled.body.results[0].id;
  await server.waitFor(cancelledId, ['validated']);
  expect((await server.call('POST', `/data-import/jobs/${cancelledId}/cancel`, IMPORTER)).status).toBe(200);
  const fileOf = async (id: string): Promise<{ file_id: string; sha256: string }> =>
    server.db.selectFrom('import_jobs').select(['file_id', 'sha256']).where('id', '=', id).executeTakeFirstOrThrow();
  const [waitingFile, cancelledFile] = [await fileOf(waitingId), await fileOf(cancelledId)];
  expect(cancelledFile.sha256).toBe(waitingFile.sha256);

  await deleteStaleImportFiles(server.db, storeDir(), dayLater());
  expect(await uploadRow(cancelledFile.file_id)).toBeUndefined();
  expect(await uploadRow(waitingFile.file_id)).toBeDefined();
  expect(existsSync(blobPath(storeDir(), waitingFile.sha256))).toBe(true);
  const report = await server.call('GET', `/data-import/jobs/${cancelledId}`, IMPORTER);
  expect(report.status).toBe(200);
  expect(report.body.results[0]).toMatchObject({ state: 'cancelled', fileName: 'events.csv' });

  // Once the waiting import ends too, a day later nothing names the bytes and they go.
  expect((await server.call('POST', `/data-import/jobs/${waitingId}/cancel`, IMPORTER)).status).toBe(200);
  await deleteStaleImportFiles(server.db, storeDir(), dayLater());
  expect(existsSync(blobPath(storeDir(), waitingFile.sha256))).toBe(false);
});
