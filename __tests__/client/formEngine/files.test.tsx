// File-upload fields with the host's file store (the `files` prop): a chosen file is checked
// against the field's accept and size limit, uploaded, and only then becomes the value; a refusal
// is shown at the field and keeps the previous value; a stored file is offered for download.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadDescriptorOrThrow, type FieldValue, type FileValue } from '../../../src/domain/forms';
import type { FormFiles } from '../../../src/formEngine';
import { fieldBox, renderEngine } from './engineHarness';

const MB = 1024 * 1024;

const descriptor = loadDescriptorOrThrow({
  formTypeId: 1,
  version: 1,
  locale: 'en',
  displayId: 'FILES',
  behaviorType: 'any',
  sections: [{ id: 'first' }],
  commonDataFields: [
    { id: 'patient', type: 'text', role: 'patient' },
    { id: 'physician', type: 'text', role: 'physician' },
  ],
  form: { sections: [{ id: 'first', fields: [{ id: 'report', type: 'fileUpload', accept: ['.pdf', 'application/pdf'], maxSizeBytes: MB }] }] },
  labels: { patient: 'Patient', physician: 'Physician', first: 'First part', report: 'Histology report' },
  valueLabelMap: {},
  indispensableFields: [],
  personalDataFields: [],
});

const STORED: FileValue = { fileId: 'file-1', fileName: 'old.pdf', size: 3, mimeType: 'application/pdf' };
const pdf = (name: string, content = '%PDF-1.4'): File => new File([content], name, { type: 'application/pdf' });

/** A file store whose uploads settle when the test says so. */
function fakeFiles(): FormFiles & { uploads: [string, File][]; downloads: [string, FileValue][]; settle: (result: FileValue | Error) => void } {
  let pending: { resolve: (value: FileValue) => void; reject: (error: Error) => void } | null = null;
  const store = {
    uploads: [] as [string, File][],
    downloads: [] as [string, FileValue][],
    upload: (path: string, file: File): Promise<FileValue> => {
      store.uploads.push([path, file]);
      return new Promise<FileValue>((resolve, reject) => (pending = { resolve, reject }));
    },
    download: (path: string, value: FileValue): Promise<void> => {
      store.downloads.push([path, value]);
      return Promise.resolve();
    },
    settle: (result: FileValue | Error): void => {
      if (result instanceof Error) pending?.reject(result);
      else pending?.resolve(result);
    },
  };
  return store;
}

test('a chosen file is uploaded ("Uploading…", the input disabled), then becomes the value and the field is changed', async () => {
  const user = userEvent.setup();
  const files = fakeFiles();
  const changes: [string, FieldValue][] = [];
  renderEngine({ descriptor, files, onChange: (path, value) => void changes.push([path, value]) });
  const input = screen.getByLabelText('Histology report');
  const file = pdf('consent.pdf');
  await user.upload(input, file);

  expect(files.uploads).toEqual([['report', file]]);
  expect(screen.getByRole('status')).toHaveTextContent('Uploading consent.pdf…');
  expect(input).toBeDisabled();
  expect(input).toHaveAccessibleDescription('Uploading consent.pdf…');
  expect(changes).toEqual([]);

  const uploaded = { fileId: 'f-9', fileName: 'consent.pdf', size: 8, mimeType: 'application/pdf' };
  files.settle(uploaded);
  const box = fieldBox(input);
  expect(await within(box).findByRole('button', { name: 'Download consent.pdf' })).toBeInTheDocument();
  expect(within(box).getByText('(8 bytes)')).toBeInTheDocument();
  expect(within(box).getByText('Changed')).toBeInTheDocument();
  expect(changes).toEqual([['report', uploaded]]);
  expect(input).toBeEnabled();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test("a refused upload shows the host's message at the field, keeps the previous value and lets the user choose again", async () => {
  const user = userEvent.setup();
  const files = fakeFiles();
  const changes: FieldValue[] = [];
  renderEngine({ descriptor, files, viewType: 'edit', values: { report: STORED }, onChange: (_path, value) => void changes.push(value) });
  const input = screen.getByLabelText('Histology report');
  const box = fieldBox(input);
  const file = pdf('new.pdf');
  await user.upload(input, file);
  files.settle(new Error('The file is too large: at most 10 MB can be uploaded here (413)'));

  const alert = await within(box).findByRole('alert');
  expect(alert).toHaveTextContent('Could not upload new.pdf: The file is too large: at most 10 MB can be uploaded here (413)');
  expect(input).toHaveAccessibleDescription(/The file is too large/);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toBeEnabled();
  expect(within(box).getByRole('button', { name: 'Download old.pdf' })).toBeInTheDocument();
  expect(within(box).queryByText('Changed')).not.toBeInTheDocument();
  expect(changes).toEqual([]);

  // The same file again is a new choice; the refusal goes with it.
  await user.upload(input, file);
  expect(files.uploads).toHaveLength(2);
  expect(within(box).queryByRole('alert')).not.toBeInTheDocument();
});

test('a file of another type or over the size limit is refused before anything is sent', async () => {
  // applyAccept off: a user can pick "All files" in the browser's dialog.
  const user = userEvent.setup({ applyAccept: false });
  const files = fakeFiles();
  renderEngine({ descriptor, files });
  const input = screen.getByLabelText('Histology report');
  const box = fieldBox(input);

  await user.upload(input, new File(['plain'], 'notes.txt', { type: 'text/plain' }));
  expect(within(box).getByRole('alert')).toHaveTextContent('notes.txt cannot be uploaded here; allowed file types: .pdf, application/pdf');
  expect(input).toHaveAccessibleDescription(/allowed file types/);

  await user.upload(input, pdf('big.pdf', 'x'.repeat(2 * MB)));
  expect(within(box).getByRole('alert')).toHaveTextContent('big.pdf is too large (2 MB): at most 1 MB can be uploaded here');

  // The extension alone is enough, whatever type the browser guessed.
  await user.upload(input, new File(['%PDF'], 'scan.PDF', { type: '' }));
  expect(files.uploads.map(([, f]) => f.name)).toEqual(['scan.PDF']);
  expect(within(box).queryByRole('alert')).not.toBeInTheDocument();
});

test('a stored file is a download button in read view and in edit view', async () => {
  const user = userEvent.setup();
  const files = fakeFiles();
  const { unmount } = renderEngine({ descriptor, files, viewType: 'read', values: { report: STORED } });
  const output = screen.getByLabelText('Histology report');
  await user.click(within(output).getByRole('button', { name: 'Download old.pdf' }));
  expect(files.downloads).toEqual([['report', STORED]]);
  expect(within(output).getByText('(3 bytes)')).toBeInTheDocument();
  unmount();

  renderEngine({ descriptor, files, viewType: 'edit', values: { report: STORED } });
  await user.click(screen.getByRole('button', { name: 'Download old.pdf' }));
  expect(files.downloads).toHaveLength(2);
  expect(screen.getByRole('button', { name: 'Remove file' })).toBeEnabled();
});

test('a failed download says why next to the button', async () => {
  const user = userEvent.setup();
  const files = { ...fakeFiles(), download: (): Promise<void> => Promise.reject(new Error('File not found (404)')) };
  renderEngine({ descriptor, files, viewType: 'read', values: { report: STORED } });
  const button = screen.getByRole('button', { name: 'Download old.pdf' });
  await user.click(button);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not download old.pdf: File not found (404)');
  await waitFor(() => expect(button).toHaveAccessibleDescription('Could not download old.pdf: File not found (404)'));
});

test('without a file store (the sandbox) a stored file reads as its name and size, with no download', () => {
  renderEngine({ descriptor, viewType: 'read', values: { report: STORED } });
  expect(screen.getByLabelText('Histology report')).toHaveTextContent('old.pdf (3 bytes)');
  expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
});
