// The export page by role and label: the form checks what the server checks (required name and
// password, the policy, the confirmation, limits) before anything is sent; choices follow the
// ticked registry; a started export shows its progress, then the download button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { DataExportPage } from '../../../src/features/dataExport/DataExportPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { signedInAs } from '../admin/adminFixtures';
import { EXPORTER, OPTIONS, READY_FILE, job } from './dataExportFixtures';

jest.setTimeout(45_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function renderPage(): ReturnType<typeof renderWithProviders> {
  nock(API).get('/api/v1/data-export/options').reply(200, { results: [OPTIONS] });
  nock(API).get('/api/v1/data-export/jobs').reply(200, { results: [job({ id: 'old', fileName: 'last-week', state: 'succeeded', file: { ...READY_FILE, name: 'last-week.xlsx' } })] });
  return renderWithProviders(<DataExportPage />, { preloadedState: signedInAs(EXPORTER as never), routes: [{ path: '/data-export', element: <DataExportPage /> }], route: '/data-export' });
}

test('nothing is sent while the name, the password, its confirmation or a limit is wrong', async () => {
  const user = userEvent.setup();
  const posted = nock(API).post('/api/v1/data-export').reply(202, { results: [job()] });
  renderPage();
  await screen.findByRole('heading', { name: 'New export' });
  await user.click(screen.getByRole('button', { name: 'Start export' }));
  expect(await screen.findAllByText('required')).toHaveLength(2);

  await user.type(screen.getByLabelText(/^File name/), 'rheuma');
  await user.type(screen.getByLabelText(/^Password of the file/), 'short');
  await user.type(screen.getByLabelText(/^Password again/), 'other');
  await user.clear(screen.getByLabelText('Columns per sheet'));
  await user.type(screen.getByLabelText('Columns per sheet'), '5');
  await user.click(screen.getByRole('button', { name: 'Start export' }));
  expect(await screen.findByText('password not complex enough')).toBeInTheDocument();
  expect(screen.getByText('must be greater than 10')).toBeInTheDocument();
  expect(screen.getByText('does not match')).toBeInTheDocument();
  expect(posted.isDone()).toBe(false);
});

test('ticking a registry narrows (and drops) the form types and the field picker; a started export shows progress, then the download', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByRole('heading', { name: 'New export' });
  await user.click(screen.getByRole('checkbox', { name: 'Staging' }));
  await user.click(screen.getByRole('checkbox', { name: 'RA-BIO' }));
  expect(screen.queryByRole('checkbox', { name: 'Staging' })).not.toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Add a field'), 'esr');
  await user.selectOptions(screen.getByLabelText('Add a field'), 'das28');
  expect(screen.getByLabelText(/^Fields/)).toHaveValue('esr, das28');

  await user.type(screen.getByLabelText(/^File name/), 'rheuma');
  await user.type(screen.getByLabelText(/^Password of the file/), 'Export-Passw0rd!');
  await user.type(screen.getByLabelText(/^Password again/), 'Export-Passw0rd!');
  let body: Record<string, unknown> = {};
  nock(API)
    .post('/api/v1/data-export', (sent) => {
      body = sent;
      return true;
    })
    .reply(202, { results: [job()] });
  nock(API).get('/api/v1/data-export/jobs/job-1').reply(200, { results: [job({ state: 'running', progress: { done: 30, total: 120 } })] });
  nock(API).get('/api/v1/data-export/jobs/job-1').reply(200, { results: [job({ state: 'succeeded', progress: { done: 120, total: 120 }, file: READY_FILE })] });
  await user.click(screen.getByRole('button', { name: 'Start export' }));

  const progress = await screen.findByRole('progressbar', { name: 'Progress of the export' });
  expect(progress).toBeInTheDocument();
  expect(await screen.findByText('30 of 120 forms')).toBeInTheDocument();
  const watched = screen.getByRole('region', { name: 'Export rheuma' });
  expect(await within(watched).findByRole('button', { name: 'Download rheuma.xlsx' }, { timeout: 4000 })).toBeInTheDocument();
  expect(within(watched).getByText('Ready: 120 forms. It was also sent to you by e-mail.')).toBeInTheDocument();
  // Staging (of the other registry) was dropped with its registry.
  expect(body).toMatchObject({ fileName: 'rheuma', registryIds: ['r-1'], formTypeIds: [], fieldFilters: ['esr', 'das28'], columnsPerSheet: 16384, daysLimit: null });
  expect(body).not.toHaveProperty('passwordConfirmation');

  const grid = screen.getByRole('table', { name: 'Recent exports' });
  expect(within(grid).getByRole('button', { name: 'Download last-week.xlsx' })).toBeInTheDocument();
});
