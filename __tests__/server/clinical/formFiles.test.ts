// Files of file-upload fields over the real app and database: upload → save in the form →
// download, and every refusal (size, type, field, permission, state, foreign institute, another
// form's file on save or download). The baseline form's consentDocument accepts PDFs up to 10 MB.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FormValues } from '../../../src/domain/forms';
import { createClinicalTestServer, EXPORTER, INVESTIGATOR, INVESTIGATOR2, MONITOR, rheumaBaselineValues, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

const PDF = Buffer.from('%PDF-1.4\n% a tiny consent form \u00e1\u00e9\u0151\n%%EOF\n', 'utf8');
const FIELD = 'consentDocument';

async function startForm(): Promise<{ formId: string; periodId: string; header: FormValues }> {
  const patient = await server.call('POST', `/institutes/${server.instituteId('SZLK')}/patients`, INVESTIGATOR, { registryId: server.registryId('RA-BIO'), name: 'Fájl Feri', dob: '1975-05-05', gender: 'male', insuranceNumber: validTaj() });
  const attendance = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: patient.body.results[0].id,
    registryId: server.registryId('RA-BIO'),
    instituteId: server.instituteId('SZLK'),
    physicianId: server.userId(INVESTIGATOR),
    startDateTime: '2026-03-01T10:00:00Z',
  });
  const a = attendance.body.results[0];
  const form = await server.call('GET', `/forms/${a.formId}`, INVESTIGATOR);
  return { formId: a.formId, periodId: a.periods[0].id, header: form.body.results[0].values };
}

interface UploadOptions {
  as?: string;
  name?: string;
  /** The x-file-name header as it is (default: the name percent-encoded). */
  rawName?: string;
  type?: string;
  field?: string;
}

async function upload(formId: string, payload: Buffer | Readable | undefined, options: UploadOptions = {}) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/v1/forms/${formId}/${options.field ?? FIELD}/files`,
    headers: {
      'x-test-user': options.as ?? INVESTIGATOR,
      'accept-language': 'en',
      'x-file-name': options.rawName ?? encodeURIComponent(options.name ?? 'consent.pdf'),
      ...(options.type === '' ? {} : { 'content-type': options.type ?? 'application/pdf' }),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const download = (formId: string, fieldId: string, fileId: string, as = INVESTIGATOR) =>
  server.app.inject({ method: 'GET', url: `/api/v1/forms/${formId}/${fieldId}/files/${fileId}/whatever.pdf`, headers: { 'x-test-user': as, 'accept-language': 'en' } });

const save = (formId: string, version: number, values: Record<string, unknown>) =>
  server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values, submit: false }, { 'x-form-version': String(version) });

function tempFiles(): string[] {
  const dir = join(server.config.fileStoreDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('upload and download', () => {
  it('stores a file, puts it into the form, and gives back the same bytes with safe headers', async () => {
    const { formId, header } = await startForm();
    const name = 'Beleegyező nyilatkozat – "Kovács" (1).pdf';
    const uploaded = await upload(formId, PDF, { name });
    expect(uploaded.status).toBe(201);
    const sha256 = createHash('sha256').update(PDF).digest('hex');
    expect(uploaded.body).toEqual({ fileId: expect.any(String), fileName: name, size: PDF.length, mimeType: 'application/pdf', sha256 });
    expect(existsSync(join(server.config.fileStoreDir, sha256.slice(0, 2), sha256))).toBe(true);

    const saved = await save(formId, 1, { ...header, [FIELD]: uploaded.body });
    expect(saved.status).toBe(200);
    expect(saved.body.results[0].values[FIELD]).toEqual(uploaded.body);

    const response = await download(formId, FIELD, uploaded.body.fileId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(PDF.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Reading needs frm_read, not write access: the monitor may download.
    expect((await download(formId, FIELD, uploaded.body.fileId, MONITOR)).rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Beleegyez_ nyilatkozat _ _Kov_cs_ (1).pdf"; filename*=UTF-8''Beleegyez%C5%91%20nyilatkozat%20%E2%80%93%20%22Kov%C3%A1cs%22%20%281%29.pdf`,
    );
  });

  it('keeps a replaced file downloadable (the record still names it)', async () => {
    const { formId, header } = await startForm();
    const first = (await upload(formId, PDF)).body;
    await save(formId, 1, { ...header, [FIELD]: first });
    const second = (await upload(formId, Buffer.concat([PDF, Buffer.from('v2')]), { name: 'consent-v2.pdf' })).body;
    expect((await save(formId, 2, { ...header, [FIELD]: second })).status).toBe(200);
    expect((await download(formId, FIELD, first.fileId)).statusCode).toBe(200);
    const history = await server.call('GET', `/forms/${formId}/field-history/${FIELD}`, INVESTIGATOR);
    // The entry also says where it left the form ($state); the file change is the one value change.
    expect(history.body.results.at(-1).changes.filter((change: { path: string }) => change.path !== '$state')).toEqual([{ path: FIELD, old: first, new: second }]);
  });

  it('reads the name from the path only for the browser and answers 404 for unknown files', async () => {
    const { formId } = await startForm();
    expect((await download(formId, FIELD, 'no-such-file')).json()).toMatchObject({ statusCode: 404, code: 'file_not_found', message: 'File not found' });
  });
});

describe('refused uploads', () => {
  it('answers 413 past the field limit, announced or streamed, and leaves nothing behind', async () => {
    const { formId } = await startForm();
    const big = Buffer.alloc(10485760 + 1, 1);
    const announced = await upload(formId, big);
    expect(announced.status).toBe(413);
    // Refused unread: the connection closes after the answer, so the sender stops sending.
    expect(announced.headers.connection).toBe('close');
    expect(announced.body).toMatchObject({ code: 'file_too_large', message: 'The file is too large: at most 10 MB can be uploaded here', errors: [{ path: FIELD, key: 'file.size', context: { limit: 10485760 } }] });
    // A stream carries no Content-Length: the store counts and stops.
    const streamed = await upload(formId, Readable.from([big.subarray(0, 6000000), big.subarray(6000000)]));
    expect(streamed.status).toBe(413);
    expect(tempFiles()).toEqual([]);
  });

  it('applies FILE_UPLOAD_MAX_BYTES where it is below the field limit, in the caller’s language', async () => {
    const { formId } = await startForm();
    const before = server.config.fileUploadMaxBytes;
    server.config.fileUploadMaxBytes = 10;
    try {
      const response = await server.app.inject({ method: 'POST', url: `/api/v1/forms/${formId}/${FIELD}/files`, headers: { 'x-test-user': INVESTIGATOR, 'accept-language': 'hu', 'x-file-name': 'a.pdf', 'content-type': 'application/pdf' }, payload: PDF });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(/^A fájl túl nagy/);
    } finally {
      server.config.fileUploadMaxBytes = before;
    }
  });

  it('refuses empty files, bad names, types the field does not accept, and fields that are no file fields', async () => {
    const { formId } = await startForm();
    expect((await upload(formId, undefined, { type: '' })).body).toMatchObject({ statusCode: 400, code: 'file_empty' });
    expect((await upload(formId, Buffer.alloc(0))).body).toMatchObject({ statusCode: 400, code: 'file_empty' });
    expect((await upload(formId, PDF, { name: '../..' })).body).toMatchObject({ statusCode: 400, code: 'file_name_invalid' });
    expect((await upload(formId, PDF, { rawName: '%E0%A4%A' })).body).toMatchObject({ statusCode: 400, code: 'file_name_invalid' });
    const wrongType = await upload(formId, Buffer.from('hello'), { name: 'notes.txt', type: 'text/plain' });
    expect(wrongType.body).toMatchObject({ statusCode: 400, code: 'file_type_not_allowed', errors: [{ path: FIELD, key: 'file.type' }] });
    // A .json file is bytes here, never parsed as a request body.
    expect((await upload(formId, Buffer.from('{"a":1}'), { name: 'data.json', type: 'application/json' })).body.code).toBe('file_type_not_allowed');
    // Folders of the sender's disk are dropped; the extension decides with any media type.
    expect((await upload(formId, PDF, { name: 'C:\\Users\\x\\scan.PDF', type: 'application/octet-stream' })).body).toMatchObject({ fileName: 'scan.PDF', mimeType: 'application/octet-stream' });
    expect((await upload(formId, PDF, { field: 'esr' })).body).toMatchObject({ statusCode: 404, code: 'field_not_found' });
    expect((await upload(formId, PDF, { field: 'histologyReport' })).body).toMatchObject({ statusCode: 404, code: 'field_not_found' });
    expect(tempFiles()).toEqual([]);
  });

  it('needs write access now: 404 for a foreign institute, 403 without frm_edit, 409 once handed in', async () => {
    const { formId, header } = await startForm();
    expect((await upload(formId, PDF, { as: INVESTIGATOR2 })).body).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect((await upload('no-such-form', PDF)).status).toBe(404);
    expect((await upload(formId, PDF, { as: EXPORTER })).body).toMatchObject({ statusCode: 403 });
    const submitted = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: rheumaBaselineValues(header), submit: true }, { 'x-form-version': '1' });
    expect(submitted.status).toBe(200);
    expect((await upload(formId, PDF)).body).toMatchObject({ statusCode: 409, code: 'illegal_transition', state: 'await_inspect' });
  });
});

describe('files belong to one form and field', () => {
  it('refuses to save a reference to another form’s file or an invented one', async () => {
    const a = await startForm();
    const b = await startForm();
    const foreign = (await upload(b.formId, PDF)).body;
    const refused = await save(a.formId, 1, { ...a.header, [FIELD]: foreign });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: FIELD, key: 'file.invalid', context: {} }]);
    const invented = await save(a.formId, 1, { ...a.header, [FIELD]: { fileId: 'local:consent.pdf:10', fileName: 'consent.pdf' } });
    expect(invented.body.errors).toEqual([{ path: FIELD, key: 'file.invalid', context: {} }]);
    expect((await server.call('GET', `/forms/${a.formId}`, INVESTIGATOR)).body.results[0].version).toBe(1);
  });

  it('refuses file references in a form being created (it can have no files yet)', async () => {
    const a = await startForm();
    const file = (await upload(a.formId, PDF)).body;
    const adverseEvent = await server.db.selectFrom('form_types').select('id').where('display_id', '=', 'RA-AE').executeTakeFirstOrThrow();
    const created = await server.call('POST', `/attendance-periods/${a.periodId}/forms`, INVESTIGATOR, { formTypeId: Number(adverseEvent.id), values: { histologyReport: file }, submit: false });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ path: 'histologyReport', key: 'file.invalid', context: {} }]);
  });

  it('answers 404 for another form’s or another field’s file, and for callers who cannot see the form', async () => {
    const a = await startForm();
    const b = await startForm();
    const ofB = (await upload(b.formId, PDF)).body;
    expect((await download(a.formId, FIELD, ofB.fileId)).json()).toMatchObject({ statusCode: 404, code: 'file_not_found' });
    expect((await download(b.formId, 'histologyReport', ofB.fileId)).statusCode).toBe(404);
    expect((await download(b.formId, FIELD, ofB.fileId, INVESTIGATOR2)).json()).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect((await download(b.formId, FIELD, ofB.fileId)).statusCode).toBe(200);
  });
});
