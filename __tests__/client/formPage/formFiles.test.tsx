// File-upload fields on the form page against nock: a file chosen in a draft goes to the form's
// file store (raw bytes, percent-encoded x-file-name, the session's token), its answer becomes the
// value that Save draft sends; the server's localized refusal shows at the field; a stored file
// downloads with the token and is saved through an object URL.
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API } from '../../helpers/storeHelpers';
import { fieldBox } from '../formEngine/engineHarness';
import { testDescriptorDocument } from '../../helpers/testDescriptor';
import { DESCRIPTOR_PARTS, formOf, renderPage, VALUES } from './formPageHarness';

// The shared descriptor plus a file-upload field.
const FILE_DESCRIPTOR = testDescriptorDocument({
  ...DESCRIPTOR_PARTS,
  sections: { first: [...DESCRIPTOR_PARTS.sections.first, { id: 'report', type: 'fileUpload', accept: ['.pdf'] }] },
  labels: { ...DESCRIPTOR_PARTS.labels, report: 'Histology report' },
});

const UPLOADED = { fileId: 'file-1', fileName: 'Lelet ő.pdf', size: 8, mimeType: 'application/pdf', sha256: 'a'.repeat(64) };

// The test environment pairs jsdom with Node's fetch, which sends only Node's own Blob and File as
// bytes; in a browser the chosen File is native to both.
const nodeFile = (content: string, name: string, type: string): File => new NodeFile([content], name, { type }) as unknown as File;

test('a file chosen in a draft is uploaded to the form, shown, and sent with Save draft', async () => {
  const user = userEvent.setup();
  const { store } = renderPage(formOf(), { descriptor: FILE_DESCRIPTOR });
  const input = await screen.findByLabelText('Histology report');

  let received = '';
  const upload = nock(API, { reqheaders: { authorization: 'Bearer f.me', 'content-type': 'application/pdf', 'x-file-name': 'Lelet%20%C5%91.pdf', 'accept-language': 'en' } })
    .post('/api/v1/forms/f-1/report/files', (body: string) => {
      received = body;
      return true;
    })
    .reply(201, UPLOADED);
  await user.upload(input, nodeFile('%PDF-1.4', 'Lelet ő.pdf', 'application/pdf'));
  const box = fieldBox(input);
  expect(await within(box).findByRole('button', { name: 'Download Lelet ő.pdf' })).toBeInTheDocument();
  expect(upload.isDone()).toBe(true);
  expect(received).toBe('%PDF-1.4');
  expect(within(box).getByText('(8 bytes)')).toBeInTheDocument();

  let body: unknown = null;
  const value = { fileId: 'file-1', fileName: 'Lelet ő.pdf', size: 8, mimeType: 'application/pdf' };
  const put = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .put('/api/v1/forms/f-1', (b: unknown) => {
      body = b;
      return true;
    })
    .reply(200, { results: [formOf({ version: 4, values: { ...VALUES, report: value } })] }, { 'x-form-version': '4' });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(put.isDone()).toBe(true));
  expect(body).toEqual({ values: { ...VALUES, report: value }, submit: false });
  // The saved form (the write's answer) is shown: the stored file is offered for download.
  await waitFor(() => expect(store.getState().formPage.version).toBe(4));
  expect(await screen.findByRole('button', { name: 'Download Lelet ő.pdf' })).toBeInTheDocument();
});

test("the server's localized refusal (413) shows at the field and the field keeps its value", async () => {
  const user = userEvent.setup();
  const stored = { fileId: 'file-0', fileName: 'old.pdf', size: 3, mimeType: 'application/pdf' };
  renderPage(formOf({ values: { ...VALUES, report: stored } }), { descriptor: FILE_DESCRIPTOR });
  const input = await screen.findByLabelText('Histology report');
  nock(API, { reqheaders: { 'accept-language': 'en' } })
    .post('/api/v1/forms/f-1/report/files')
    .reply(413, {
      statusCode: 413,
      code: 'file_too_large',
      message: 'The file is too large: at most 10 MB can be uploaded here',
      errors: [{ path: 'report', key: 'file.size', context: { limit: 10485760 } }],
    });
  await user.upload(input, nodeFile('%PDF-1.4 and much more', 'big.pdf', 'application/pdf'));
  const box = fieldBox(input);
  const alert = await within(box).findByRole('alert');
  expect(alert).toHaveTextContent('Could not upload big.pdf: The file is too large: at most 10 MB can be uploaded here (413)');
  expect(input).toHaveAccessibleDescription(/at most 10 MB/);
  expect(within(box).getByRole('button', { name: 'Download old.pdf' })).toBeInTheDocument();
  // A refused upload is no failed save and no expired session.
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});

describe('downloads', () => {
  // jsdom has neither object URLs nor downloads: both stubbed here.
  const createObjectURL = jest.fn((_blob: Blob) => 'blob:http://localhost/b-1');
  const revokeObjectURL = jest.fn();
  const clicked: { href: string; download: string }[] = [];
  beforeAll(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterAll(() => jest.restoreAllMocks());

  test('a stored file is fetched with the token and saved under its name', async () => {
    const user = userEvent.setup();
    const stored = { fileId: 'file-1', fileName: 'Lelet ő.pdf', size: 4, mimeType: 'application/pdf' };
    renderPage(formOf({ state: 'final', values: { ...VALUES, report: stored } }), { descriptor: FILE_DESCRIPTOR });
    const download = nock(API, { reqheaders: { authorization: 'Bearer f.me' } })
      .get('/api/v1/forms/f-1/report/files/file-1/Lelet%20%C5%91.pdf')
      .reply(200, Buffer.from('%PDF'), { 'content-type': 'application/pdf' });
    await user.click(await screen.findByRole('button', { name: 'Download Lelet ő.pdf' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:http://localhost/b-1', download: 'Lelet ő.pdf' }]));
    expect(download.isDone()).toBe(true);
    const blob = createObjectURL.mock.calls[0][0] as unknown as NodeBlob;
    expect(await blob.text()).toBe('%PDF');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
