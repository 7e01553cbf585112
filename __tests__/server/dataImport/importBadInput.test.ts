// Bad input to the import calls: a clear 4xx naming the file, field or column, nothing written,
// never 500; who may import at all; the template.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptAgile } from '../../../server/export/crypto/agileEncrypt';
import { parseCsvText } from '../../../src/domain/import';
import { AE_COLUMNS, aeRow, useImportTestServer, csv, IMPORTER, INVESTIGATOR } from './importTestKit';

const server = useImportTestServer();

const importRows = async (): Promise<number> => Number((await server.db.selectFrom('import_jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function encryptedWorkbook(password: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'import-xlsx-'));
  try {
    await writeFile(join(dir, 'plain.xlsx'), Buffer.from('PK\u0003\u0004 not really a workbook'));
    await encryptAgile(join(dir, 'plain.xlsx'), join(dir, 'secret.xlsx'), password, { spinCount: 10 });
    return await readFile(join(dir, 'secret.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the upload', () => {
  test('a file that is neither CSV nor an encrypted xlsx is a 400 naming the file; nothing is stored', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const answer = await server.upload(png, 'scan.png');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, code: 'import_file_kind', message: expect.stringContaining('scan.png') });
    const plainZip = await server.upload(Buffer.from('PK\u0003\u0004\u0000\u0000 plain workbook'), 'plain.xlsx');
    expect(plainZip.status).toBe(400);
    expect(plainZip.body.message).toContain('plain.xlsx');
    expect(Number((await server.db.selectFrom('import_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(0);
  });

  test('an empty file is refused; CSV and an encrypted workbook are told apart by their content', async () => {
    expect((await server.upload('', 'empty.csv')).body).toMatchObject({ statusCode: 400, code: 'file_empty', message: expect.stringContaining('empty.csv') });
    expect((await server.upload('patientNumber;institute\r\n', 'data.txt')).body).toMatchObject({ kind: 'csv', fileName: 'data.txt' });
    expect((await server.upload(await encryptedWorkbook('Secret-1'), 'export.bin')).body).toMatchObject({ kind: 'xlsx' });
  });
});

describe('POST /data-import', () => {
  const body = async (overrides: Record<string, unknown> = {}, file = csv([AE_COLUMNS, aeRow(server.patient.number)])): Promise<Record<string, unknown>> => {
    const uploaded = await server.upload(file, 'events.csv');
    return { name: 'AE import', registryId: server.registryId('RA-BIO'), formTypeId: server.aeTypeId, formTypeVersion: 1, fileId: uploaded.body.fileId, ...overrides };
  };

  test.each([
    ['a form type version that does not exist', { formTypeVersion: 99 }, 'formTypeVersion'],
    ['a form type of another registry', { formTypeId: '999999' }, 'formTypeId'],
    ['a registry the importer may not write to', { registryId: 'no-such-registry' }, 'registryId'],
    ['a password for a CSV file', { password: 'Secret-1' }, 'password'],
    ['a file id that is not an upload of the caller', { fileId: 'no-such-file' }, 'fileId'],
  ])('%s is a 400 naming the field, and no job is created', async (_name, overrides, path) => {
    const before = await importRows();
    const answer = await server.call('POST', '/data-import', IMPORTER, await body(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path })]);
    expect(answer.body.message).toContain(path);
    expect(await importRows()).toBe(before);
  });

  test('the body schema refuses a missing name and a non-numeric form type id', async () => {
    expect((await server.call('POST', '/data-import', IMPORTER, await body({ name: undefined }))).status).toBe(400);
    expect((await server.call('POST', '/data-import', IMPORTER, await body({ formTypeId: 'abc' }))).status).toBe(400);
  });

  test('an encrypted workbook needs its password; a wrong one fails the job naming the file', async () => {
    const uploaded = await server.upload(await encryptedWorkbook('Right-Passw0rd'), 'rheuma.xlsx');
    const base = { name: 'From export', registryId: server.registryId('RA-BIO'), formTypeId: server.aeTypeId, formTypeVersion: 1, fileId: uploaded.body.fileId };
    const missing = await server.call('POST', '/data-import', IMPORTER, base);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ path: 'password', key: 'any.required' })]);
    const wrong = await server.call('POST', '/data-import', IMPORTER, { ...base, password: 'Wrong-Passw0rd' });
    expect(wrong.status).toBe(202);
    expect(JSON.stringify(wrong.body)).not.toContain('Wrong-Passw0rd');
    const job = await server.waitFor(wrong.body.results[0].id, ['failed', 'validated']);
    expect(job).toMatchObject({ state: 'failed', success: false, errorCode: 'wrong_password', error: expect.stringContaining('rheuma.xlsx') });
    const row = await server.db.selectFrom('import_jobs').select('secret').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row.secret).toBeNull();
  });

  test('an unknown column fails the job with a message naming the file and the column; nothing is written', async () => {
    const before = await server.formCount();
    const started = await server.call('POST', '/data-import', IMPORTER, await body({}, csv([[...AE_COLUMNS, 'shoeSize'], [...aeRow(server.patient.number), '42']])));
    const job = await server.waitFor(started.body.results[0].id, ['failed', 'validated']);
    expect(job).toMatchObject({ state: 'failed', errorCode: 'file_invalid' });
    expect(job.error).toContain('events.csv');
    expect(job.error).toContain('shoeSize');
    expect(await server.formCount()).toBe(before);
  });

  test('a file that is not well-formed CSV fails the job with the line', async () => {
    const started = await server.call('POST', '/data-import', IMPORTER, await body({}, `${AE_COLUMNS.join(',')}\r\n"unterminated,1\r\n`));
    const job = await server.waitFor(started.body.results[0].id, ['failed', 'validated']);
    expect(job).toMatchObject({ state: 'failed', errorCode: 'file_invalid', error: expect.stringContaining('Line 2') });
  });
});

describe('who may import', () => {
  test('users without the data_importer or admin role are refused every call; jobs are their importer\'s', async () => {
    expect((await server.upload('a,b\r\n', 'x.csv', INVESTIGATOR)).status).toBe(403);
    expect((await server.call('POST', '/data-import', INVESTIGATOR, {})).status).toBe(403);
    expect((await server.call('GET', '/data-import/jobs', INVESTIGATOR)).status).toBe(403);
    expect((await server.call('DELETE', '/data-import/jobs/failed', INVESTIGATOR)).status).toBe(403);
    expect((await server.call('GET', `/form-types/${server.aeTypeId}/import-template?version=1`, INVESTIGATOR)).status).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/data-import/jobs' })).statusCode).toBe(401);
    const started = await server.start(csv([AE_COLUMNS, aeRow(server.patient.number)]));
    const id = started.body.results[0].id;
    expect((await server.call('GET', `/data-import/jobs/${id}`, 'exporter@example.org')).status).toBe(403);
    expect((await server.call('GET', `/data-import/jobs/${id}`, 'admin@example.org')).status).toBe(200);
    expect((await server.call('POST', `/data-import/jobs/${id}/commit`, 'admin@example.org')).status).toBe(404);
    await server.waitFor(id, ['validated']);
  });
});

describe('the template', () => {
  test('is the CSV header of the form type version (key columns, then importable fields) with one example row', async () => {
    const answer = await server.app.inject({ method: 'GET', url: `/api/v1/form-types/${server.aeTypeId}/import-template?version=1`, headers: { 'x-test-user': IMPORTER, 'accept-language': 'en' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const [header, example] = parseCsvText(answer.body);
    expect(header.fields.slice(0, 7)).toEqual(['patientNumber', 'insuranceNumber', 'institute', 'attendanceId', 'attendanceStart', 'physician', 'formId']);
    expect(header.fields).toEqual(expect.arrayContaining(['aeTerm', 'aeOnsetDate', 'aeHemoglobin']));
    expect(header.fields).not.toContain('aeDurationDays');
    expect(example.fields).toHaveLength(header.fields.length);
    expect((await server.call('GET', `/form-types/${server.aeTypeId}/import-template?version=abc`, IMPORTER)).status).toBe(400);
    expect((await server.call('GET', `/form-types/${server.aeTypeId}/import-template?version=77`, IMPORTER)).status).toBe(404);
  });
});
