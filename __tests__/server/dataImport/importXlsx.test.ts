// The xlsx round trip: the password-protected workbook our export writes is read back by the
// import. One file is built with the export's own writer and encryption (typed cells: date serials,
// booleans, choice labels) to update a draft; one is the real export of the registry, read back.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptAgile } from '../../../server/export/crypto/agileEncrypt';
import { excelSerial, type Cell } from '../../../server/export/xlsx/sheetXml';
import { WorkbookWriter } from '../../../server/export/xlsx/workbookWriter';
import { AE_COLUMNS, aeRow, createImportTestServer, csv, IMPORTER, type Answer, type ImportTestServer } from './importTestKit';

const PASSWORD = 'Round-Tr1p-Password';
let server: ImportTestServer;
let draft: { id: string; displayId: string; attendanceDisplayId: string };

beforeAll(async () => {
  server = await createImportTestServer();
  // A draft adverse event at SZLK, imported from CSV, for the workbooks to update.
  const started = await server.start(csv([AE_COLUMNS, aeRow(server.patient.number, { aeTerm: 'Before the round trip' })]));
  const id = started.body.results[0].id;
  await server.waitFor(id, ['validated']);
  await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER);
  await server.waitFor(id, ['succeeded']);
  const form = await server.db.selectFrom('forms').selectAll().where('form_type_id', '=', Number(server.aeTypeId)).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const attendance = await server.db.selectFrom('attendances').select('display_id').where('id', '=', form.attendance_id).executeTakeFirstOrThrow();
  draft = { id: form.id, displayId: form.display_id, attendanceDisplayId: attendance.display_id };
});

afterAll(async () => {
  await server.app.jobs.stop();
  await server.close();
});

/** A by-form workbook as the export writes it (label row, id row, typed cells), encrypted. */
async function exportLikeWorkbook(sheetName: string, ids: string[], rows: Cell[][]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'import-roundtrip-'));
  try {
    const workbook = new WorkbookWriter(dir);
    const sheet = workbook.addSheet(sheetName);
    await sheet.writeRow(ids.map((id) => `Label of ${id}`), true);
    await sheet.writeRow(ids, true);
    for (const row of rows) await sheet.writeRow(row);
    await sheet.close();
    await workbook.finish(join(dir, 'plain.xlsx'));
    await encryptAgile(join(dir, 'plain.xlsx'), join(dir, 'secret.xlsx'), PASSWORD, { spinCount: 10 });
    return await readFile(join(dir, 'secret.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function importWorkbook(file: Buffer, password = PASSWORD): Promise<{ id: string; job: Answer['body'] }> {
  const uploaded = await server.upload(file, 'rheuma-export.xlsx');
  expect(uploaded.body).toMatchObject({ kind: 'xlsx' });
  const started = await server.call('POST', '/data-import', IMPORTER, { name: 'Round trip', registryId: server.registryId('RA-BIO'), formTypeId: server.aeTypeId, formTypeVersion: 1, fileId: uploaded.body.fileId, password });
  expect(started.status).toBe(202);
  const id = started.body.results[0].id;
  return { id, job: await server.waitFor(id, ['validated', 'failed']) };
}

test('a workbook written by the export writer updates the draft it names: dates, booleans and choice labels read back', async () => {
  const ids = ['formId', 'attendanceId', 'patientNumber', 'registry', 'institute', 'state', 'approvalLevel', 'createdAt', 'updatedAt', 'aeTerm', 'aeCategory', 'aeOnsetDate', 'aeOngoing', 'aeEndDate', 'aeDurationDays', 'ctcaeGrade'];
  const row: Cell[] = [
    draft.displayId,
    draft.attendanceDisplayId,
    server.patient.number,
    'RA-BIO',
    'SZLK',
    'draft',
    0,
    { serial: excelSerial(2026, 1, 12, 9, 0), kind: 'datetime' },
    null,
    'Changed in Excel',
    'Infusion reaction',
    { serial: excelSerial(2026, 1, 7), kind: 'date' },
    false,
    { serial: excelSerial(2026, 1, 9), kind: 'date' },
    3,
    '2 – moderate',
  ];
  const { id, job } = await importWorkbook(await exportLikeWorkbook('Adverse event', ids, [row]));
  expect(job.errors).toEqual([]);
  expect(job).toMatchObject({ state: 'validated', fileKind: 'xlsx', recalculatedFieldsNumber: 1, results: expect.objectContaining({ rowsOk: 1, formsUpdated: 1, formsCreated: 0 }) });
  await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER);
  expect(await server.waitFor(id, ['succeeded', 'failed'])).toMatchObject({ state: 'succeeded' });
  const stored = JSON.parse((await server.db.selectFrom('forms').select('field_values').where('id', '=', draft.id).executeTakeFirstOrThrow()).field_values);
  expect(stored).toMatchObject({ aeTerm: 'Changed in Excel', aeCategory: 'infusionReaction', aeOnsetDate: '2026-01-07', aeOngoing: false, aeEndDate: '2026-01-09', aeDurationDays: 3, ctcaeGrade: '2' });
  expect((await server.db.selectFrom('import_jobs').select('secret').where('id', '=', id).executeTakeFirstOrThrow()).secret).toBeNull();
});

test('a workbook without a sheet of the chosen form type fails naming the file; a wrong password fails as such', async () => {
  const file = await exportLikeWorkbook('Baseline visit', ['formId', 'aeTerm'], [[draft.displayId, 'x']]);
  const { job } = await importWorkbook(file);
  expect(job).toMatchObject({ state: 'failed', errorCode: 'form_type_mismatch', error: expect.stringContaining('rheuma-export.xlsx') });
  const wrong = await importWorkbook(file, 'Not-the-Passw0rd');
  expect(wrong.job).toMatchObject({ state: 'failed', errorCode: 'wrong_password' });
});

test('the real export of the registry is read back by the import', async () => {
  const exported = await server.call('POST', '/data-export', 'admin@example.org', {
    fileName: 'roundtrip',
    password: PASSWORD,
    locale: 'en',
    registryIds: [server.registryId('RA-BIO')],
    instituteIds: [server.instituteId('SZLK')],
    formTypeIds: [server.aeTypeId],
  });
  expect(exported.status).toBe(202);
  const exportId = exported.body.results[0].id;
  let state = '';
  for (let i = 0; i < 400 && !['succeeded', 'failed'].includes(state); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = (await server.call('GET', `/data-export/jobs/${exportId}`, 'admin@example.org')).body.results[0].state;
  }
  expect(state).toBe('succeeded');
  const download = await server.app.inject({ method: 'GET', url: `/api/v1/data-export/jobs/${exportId}/file`, headers: { 'x-test-user': 'admin@example.org' } });
  const { job } = await importWorkbook(download.rawPayload);
  expect({ state: job.state, error: job.error }).toEqual({ state: 'validated', error: null });
  const forms = await server.db.selectFrom('forms').select(['display_id', 'state']).where('form_type_id', '=', Number(server.aeTypeId)).where('institute_id', '=', server.instituteId('SZLK')).where('deleted_at', 'is', null).execute();
  expect(job.results.rowsTotal).toBe(forms.length);
  // Our draft reads back without a single error; forms past draft are named as such.
  const draftRow = job.errors.filter((e: { value: string }) => e.value === draft.displayId);
  expect(draftRow).toEqual([]);
  expect(job.results.rowsOk).toBeGreaterThanOrEqual(1);
  for (const e of job.errors) expect(['import.row.formNotDraft']).toContain(e.messageId);
});
