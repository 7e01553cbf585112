// The form-file calls: the upload sends the raw file with its type and the name percent-encoded,
// the download answers bytes even for a text file (no decoding on the way).
import { Blob as NodeBlob } from 'node:buffer';
import nock from 'nock';
import { sendRequest } from '../../../src/api/client';
import { downloadFormFileRequest, formFileUrl, uploadFormFileRequest, type UploadedFormFile } from '../../../src/api/formFiles';

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

const CONTEXT = { token: 't-1', locale: 'hu' };
// The test environment pairs jsdom's Blob with Node's fetch, which only reads its own Blob; in a
// browser both are native.
const blob = (parts: string[], options?: { type: string }): Blob => new NodeBlob(parts, options) as unknown as Blob;

test('uploads the file as the body, typed as the file, with the name in x-file-name', async () => {
  const answer: UploadedFormFile = { fileId: 'f-1', fileName: 'Lelet ő.pdf', size: 4, mimeType: 'application/pdf', sha256: 'a'.repeat(64) };
  let received = '';
  nock('http://localhost', { reqheaders: { authorization: 'Bearer t-1', 'content-type': 'application/pdf', 'x-file-name': 'Lelet%20%C5%91.pdf' } })
    .post('/api/v1/forms/form-1/consentDocument/files', (body: string) => {
      received = body;
      return true;
    })
    .reply(201, answer);
  const file = blob(['%PDF'], { type: 'application/pdf' });
  const response = await sendRequest<UploadedFormFile>(uploadFormFileRequest('form-1', 'consentDocument', file, 'Lelet ő.pdf'), CONTEXT);
  expect(response.data).toEqual(answer);
  expect(received).toBe('%PDF');
});

test('sends a file of unknown type as application/octet-stream', async () => {
  nock('http://localhost', { reqheaders: { 'content-type': 'application/octet-stream' } }).post('/api/v1/forms/f/x/files').reply(201, {});
  await sendRequest(uploadFormFileRequest('f', 'x', blob(['?']), 'x.bin'), CONTEXT);
  expect(nock.isDone()).toBe(true);
});

test('downloads a text file as a Blob and builds the spec path with encoded segments', async () => {
  const file = { fileId: 'id-1', fileName: 'jegyzet #1.csv' };
  expect(formFileUrl('form-1', 'notes', file)).toBe('/api/v1/forms/form-1/notes/files/id-1/jegyzet%20%231.csv');
  nock('http://localhost', { reqheaders: { authorization: 'Bearer t-1' } })
    .get('/api/v1/forms/form-1/notes/files/id-1/jegyzet%20%231.csv')
    .reply(200, Buffer.from([0xe1, 0x72, 0x76]), { 'content-type': 'text/csv' });
  const response = await sendRequest<Blob>(downloadFormFileRequest('form-1', 'notes', file), CONTEXT);
  expect(typeof response.data).not.toBe('string');
  expect(new Uint8Array(await response.data.arrayBuffer())).toEqual(new Uint8Array([0xe1, 0x72, 0x76]));
});
