// The import screens as a user sees them: the menu entries only for importers and admins; the new
// job form checks what the server checks before anything is sent and opens the job it started;
// the job page shows the report with localized errors, offers the commit (all rows or none) only
// for a clean check, and links the registry's matrix after success; the list clears failed jobs.
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { AppLayout } from '../../../src/common/layout/AppLayout';
import { ImportJobPage } from '../../../src/features/dataImport/ImportJobPage';
import { ImportJobsPage } from '../../../src/features/dataImport/ImportJobsPage';
import { NewImportJobPage } from '../../../src/features/dataImport/NewImportJobPage';
import type { Locale } from '../../../src/i18n/catalogues';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { signedInAs } from '../admin/adminFixtures';
import { BAD_ROW, IMPORTER, REGISTRIES, REGISTRY_R1, REPORT, job, validatedClean } from './dataImportFixtures';

jest.setTimeout(45_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const nodeFile = (content: string, name: string, type: string): File => new NodeFile([content], name, { type }) as unknown as File;

const ROUTES = [
  { path: '/data-import/new', element: <NewImportJobPage /> },
  { path: '/data-import/jobs', element: <ImportJobsPage /> },
  { path: '/data-import/jobs/:jobId', element: <ImportJobPage /> },
  { path: '/registries/:registryId/status-matrix', element: <p>the status matrix</p> },
];

function renderAt(route: string, locale: Locale = 'en'): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<></>, { preloadedState: signedInAs(IMPORTER as never), routes: ROUTES, route, locale });
}

test.each([
  [['data_importer'], true],
  [['admin'], true],
  [['local_investigator'], false],
  [['data_exporter'], false],
])('a user with the roles %j sees the import menu entries: %s', async (roles, shown) => {
  const routes = [{ element: <AppLayout />, children: [{ path: '/', element: <p>home</p> }] }];
  renderWithProviders(<></>, { preloadedState: signedInAs({ ...IMPORTER, roles } as never), routes, route: '/' });
  const main = await screen.findByRole('navigation', { name: 'Main menu' });
  expect(within(main).queryByRole('link', { name: 'Data import' }) !== null).toBe(shown);
  expect(screen.queryByRole('link', { name: 'Data import jobs' }) !== null).toBe(shown);
  if (shown) {
    expect(within(main).getByRole('link', { name: 'Data import' })).toHaveAttribute('href', '/data-import/new');
    expect(screen.getByRole('link', { name: 'Data import jobs' })).toHaveAttribute('href', '/data-import/jobs');
  }
});

test('the new job form refuses to send without a name, choices and a file, refuses other files, and asks an .xlsx for its password', async () => {
  // The file dialog's "All files" (and a drop) pass files the input's accept list does not name.
  const user = userEvent.setup({ applyAccept: false });
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, { results: REGISTRIES });
  const upload = nock(API).post('/api/v1/data-import/files').reply(201, { fileId: 'f', fileName: 'x', bytes: 1, kind: 'csv' });
  renderAt('/data-import/new');
  await screen.findByRole('heading', { name: 'New data import' });
  // Only the registry the importer may write to is offered.
  expect(within(await screen.findByLabelText(/^Registry/)).getAllByRole('option').map((o) => o.textContent)).toEqual(['—', 'RA-BIO']);
  expect(screen.queryByLabelText(/^Password of the .xlsx file/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Upload and check' }));
  expect(await screen.findAllByText('required')).toHaveLength(5);

  await user.upload(screen.getByLabelText('File (CSV or .xlsx)'), nodeFile('%PDF', 'scan.pdf', 'application/pdf'));
  expect(await screen.findByText('Only a .csv or an .xlsx file can be imported.')).toBeInTheDocument();

  await user.upload(screen.getByLabelText('File (CSV or .xlsx)'), nodeFile('PK', 'export.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
  expect(await screen.findByLabelText(/^Password of the .xlsx file/)).toBeInTheDocument();
  expect(screen.getByText('Chosen: export.xlsx (2 bytes)')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Upload and check' }));
  expect(await screen.findAllByText('required')).toHaveLength(5);
  expect(upload.isDone()).toBe(false);
});

test('a CSV import: template, upload, start, and the job page with its report', async () => {
  const user = userEvent.setup();
  URL.createObjectURL = jest.fn(() => 'blob:template');
  URL.revokeObjectURL = jest.fn();
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, { results: REGISTRIES });
  nock(API).get('/api/v1/registries/r-1').query({ verbose: 'true' }).reply(200, { results: [REGISTRY_R1] });
  renderAt('/data-import/new');
  await user.type(await screen.findByLabelText(/^Name of the import/), 'Baseline 2026');
  await user.selectOptions(screen.getByLabelText(/^Registry/), 'r-1');
  await waitFor(() => expect(screen.getByLabelText(/^Form type \*?$/)).toBeEnabled());
  await user.selectOptions(await screen.findByLabelText(/^Form type \*?$/), '11');
  expect(screen.getByLabelText(/^Form type version/)).toHaveValue('3');
  await user.selectOptions(screen.getByLabelText(/^Form type version/), '2');

  const template = nock(API).get('/api/v1/form-types/11/import-template').query({ version: '2' }).reply(200, 'patientNumber;institute\n', { 'content-type': 'text/csv' });
  await user.click(screen.getByRole('button', { name: 'Download template' }));
  await waitFor(() => expect(saved).toEqual(['Baseline visit-v2-import.csv']));
  expect(template.isDone()).toBe(true);

  await user.upload(screen.getByLabelText('File (CSV or .xlsx)'), nodeFile('patientNumber;institute\nP-1;SZLK\n', 'baseline.csv', 'text/csv'));
  expect(screen.queryByLabelText(/^Password of the .xlsx file/)).not.toBeInTheDocument();
  nock(API).post('/api/v1/data-import/files').reply(201, { fileId: 'file-1', fileName: 'baseline.csv', bytes: 30, kind: 'csv' });
  let posted: unknown;
  nock(API)
    .post('/api/v1/data-import', (body) => {
      posted = body;
      return true;
    })
    .reply(202, { results: [job()] });
  nock(API)
    .get('/api/v1/data-import/jobs/imp-1')
    .reply(200, { results: [job({ state: 'validated', progress: { done: 3, total: 3 }, results: REPORT, recalculatedFieldsNumber: 2, validationErrorsNumber: 1, errors: [BAD_ROW] })] });
  await user.click(screen.getByRole('button', { name: 'Upload and check' }));

  expect(await screen.findByRole('heading', { name: 'Import Baseline 2026' })).toBeInTheDocument();
  expect(posted).toEqual({ name: 'Baseline 2026', registryId: 'r-1', formTypeId: '11', formTypeVersion: 2, fileId: 'file-1' });
  expect(await screen.findByText('Checked, waiting for commit')).toBeInTheDocument();
  const report = screen.getByRole('region', { name: 'Report' });
  expect(within(report).getByRole('rowheader', { name: 'Rows with errors' }).nextElementSibling).toHaveTextContent('1');
  expect(within(report).getByRole('rowheader', { name: 'Recalculated fields' }).nextElementSibling).toHaveTextContent('2');
  expect(within(report).getByRole('rowheader', { name: 'New patients it creates' }).nextElementSibling).toHaveTextContent('2');
  const errors = within(report).getByRole('table', { name: 'Errors of the import' });
  const row = within(errors).getAllByRole('row')[1];
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'das28', '4,x', 'not a number (use a dot or a comma for decimals)']);
  // A file with a bad row cannot be committed: it is fixed and imported again.
  expect(screen.queryByRole('button', { name: 'Commit import' })).not.toBeInTheDocument();
  expect(screen.getByText('Nothing can be written while a row has errors: fix the file and start a new import.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cancel import' })).toBeInTheDocument();
});

test('a clean check is committed after a confirmation saying all rows or none; success links the registry\'s matrix', async () => {
  const user = userEvent.setup();
  nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [validatedClean()] });
  renderAt('/data-import/jobs/imp-1');
  await user.click(await screen.findByRole('button', { name: 'Commit import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Commit the import?' });
  expect(dialog).toHaveTextContent('All 3 rows are written in one step, or none: if any row fails, nothing is written.');
  const commit = nock(API).post('/api/v1/data-import/jobs/imp-1/commit').reply(200, { results: [validatedClean({ state: 'committing', progress: { done: 0, total: 3 } })] });
  nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [validatedClean({ state: 'succeeded', success: true, progress: { done: 3, total: 3 } })] });
  await user.click(within(dialog).getByRole('button', { name: 'Commit import' }));
  expect(await screen.findByText('The import is done: every row was written.', {}, { timeout: 4000 })).toBeInTheDocument();
  expect(commit.isDone()).toBe(true);
  expect(screen.getByRole('rowheader', { name: 'Forms created' }).nextElementSibling).toHaveTextContent('3');
  expect(screen.queryByRole('button', { name: 'Cancel import' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Open the status matrix of RA-BIO' }));
  expect(await screen.findByText('the status matrix')).toBeInTheDocument();
});

test('in Hungarian the report\'s errors come from the catalogue, with their parameters', async () => {
  const choice = { row: 5, column: 'stage', value: 'IV/b', messageId: 'import.value.choice', params: { value: 'IV/b' }, message: 'server text' };
  const unknown = { row: null, column: null, value: null, messageId: 'import.some.newKey', message: 'A szerver saját szövege' };
  nock(API)
    .get('/api/v1/data-import/jobs/imp-1')
    .reply(200, { results: [job({ state: 'validated', progress: { done: 5, total: 5 }, results: REPORT, validationErrorsNumber: 2, errors: [choice, unknown] })] });
  renderAt('/data-import/jobs/imp-1', 'hu');
  const errors = await screen.findByRole('table', { name: 'Az import hibái' });
  const rows = within(errors).getAllByRole('row').slice(1);
  expect(within(rows[0]).getAllByRole('cell')[3]).toHaveTextContent('„IV/b” nem kódja és nem felirata a mező egyik lehetőségének sem');
  expect(within(rows[1]).getAllByRole('cell')[3]).toHaveTextContent('A szerver saját szövege');
});

test('a failed job says why; the list shows the jobs and clears the failed ones after a confirmation', async () => {
  const user = userEvent.setup();
  const failed = job({ id: 'imp-2', name: 'Wrong file', fileName: 'export.xlsx', fileKind: 'xlsx', state: 'failed', success: false, errorCode: 'wrong_password', error: 'The password of export.xlsx is wrong' });
  const running = job({ id: 'imp-3', name: 'Follow-ups', state: 'validating', progress: { done: 40, total: 120 }, validationErrorsNumber: 4 });
  nock(API).get('/api/v1/data-import/jobs').query(true).reply(200, { results: [running, failed], statistics: { total: 2 } });
  // The list is read again while a job on it runs.
  nock(API).get('/api/v1/data-import/jobs').query(true).reply(200, { results: [{ ...running, state: 'validated' }, failed], statistics: { total: 2 } });
  renderAt('/data-import/jobs');
  const grid = await screen.findByRole('table', { name: 'Import jobs' });
  const row = (await within(grid).findByRole('link', { name: 'Follow-ups' })).closest('tr')!;
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'Follow-ups',
    'baseline.csv',
    'Baseline visit (version 3)',
    'Checking',
    '40 of 120 rows',
    '4',
    'Tóth Réka',
    '24 Nov 2026, 08:00',
  ]);
  expect(await within(grid).findByText('Checked, waiting for commit', {}, { timeout: 5000 })).toBeInTheDocument();

  nock(API).delete('/api/v1/data-import/jobs/failed').reply(200, { deleted: 1 });
  nock(API).get('/api/v1/data-import/jobs').query(true).reply(200, { results: [{ ...running, state: 'validated' }], statistics: { total: 1 } });
  await user.click(screen.getByRole('button', { name: 'Clear failed jobs' }));
  const dialog = await screen.findByRole('dialog', { name: 'Clear failed jobs?' });
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
  expect(await screen.findByText('1 failed job deleted.')).toBeInTheDocument();
  await waitFor(() => expect(within(grid).queryByRole('link', { name: 'Wrong file' })).not.toBeInTheDocument());

  nock(API).get('/api/v1/data-import/jobs/imp-2').reply(200, { results: [failed] });
  renderAt('/data-import/jobs/imp-2');
  expect(await screen.findByText('The import failed: The password of export.xlsx is wrong')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Cancel import' })).not.toBeInTheDocument();
});

test('an .xlsx import sends its password in the job (never in the upload) and a refused start is shown on the form', async () => {
  const user = userEvent.setup();
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, { results: REGISTRIES });
  nock(API).get('/api/v1/registries/r-1').query({ verbose: 'true' }).reply(200, { results: [REGISTRY_R1] });
  renderAt('/data-import/new');
  await user.type(await screen.findByLabelText(/^Name of the import/), 'Round trip');
  await user.selectOptions(screen.getByLabelText(/^Registry/), 'r-1');
  await waitFor(() => expect(screen.getByLabelText(/^Form type \*?$/)).toBeEnabled());
  await user.selectOptions(screen.getByLabelText(/^Form type \*?$/), '12');
  await user.upload(screen.getByLabelText('File (CSV or .xlsx)'), nodeFile('PK', 'export.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
  await user.type(await screen.findByLabelText(/^Password of the .xlsx file/), 'Export-Passw0rd!');
  let uploadUrl = '';
  nock(API)
    .post(/\/api\/v1\/data-import\/files.*/)
    .reply(201, function () {
      uploadUrl = this.req.path;
      return { fileId: 'file-2', fileName: 'export.xlsx', bytes: 2, kind: 'xlsx' };
    });
  let posted: unknown;
  nock(API)
    .post('/api/v1/data-import', (body) => {
      posted = body;
      return true;
    })
    .reply(400, { message: 'export.xlsx: the form type id and version must match', statusCode: 400, code: 'import_form_type_mismatch' });
  await user.click(screen.getByRole('button', { name: 'Upload and check' }));
  expect(await screen.findByText('The import could not be started: export.xlsx: the form type id and version must match (400)')).toBeInTheDocument();
  expect(posted).toEqual({ name: 'Round trip', registryId: 'r-1', formTypeId: '12', formTypeVersion: 1, fileId: 'file-2', password: 'Export-Passw0rd!' });
  expect(uploadUrl).toBe('/api/v1/data-import/files');
  expect(screen.getByRole('heading', { name: 'New data import' })).toBeInTheDocument();
});
