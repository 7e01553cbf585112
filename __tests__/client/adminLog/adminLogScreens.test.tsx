// The application-log and e-mail list screens by role and label: the admin's menu has both, a
// local administrator is refused them; the log's range, search and raw toggle drive the grid and
// the pane shows the stored row; the list screen shows the last run, runs one, or says what to set.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { AdminArea } from '../../../src/features/admin/AdminArea';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { ADMIN, LOCAL_ADMIN, list, signedInAs, type Caller } from '../admin/adminFixtures';
import { logEntry, run } from './adminLogFixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function renderAdmin(caller: Caller, route: string): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<AdminArea />, { preloadedState: signedInAs(caller), routes: [{ path: '/admin/*', element: <AdminArea /> }], route });
}

test('the admin finds both screens in the admin menu; a local administrator is refused them', async () => {
  nock(API).get('/api/v1/application-log').query(true).reply(200, list([], 0));
  const view = renderAdmin(ADMIN, '/admin/application-log');
  const menu = await screen.findByRole('navigation', { name: 'Administration menu' });
  expect(within(menu).getByRole('link', { name: 'Application log' })).toHaveAttribute('href', '/admin/application-log');
  expect(within(menu).getByRole('link', { name: 'Update/sync e-mail list' })).toHaveAttribute('href', '/admin/mailing-list');
  view.unmount();
  for (const route of ['/admin/application-log', '/admin/mailing-list']) {
    const refused = renderAdmin(LOCAL_ADMIN, route);
    expect(await screen.findByText("You haven't got permission to view this resource")).toBeInTheDocument();
    refused.unmount();
  }
});

test('the log: entries in the grid, a range and search narrow it, raw shows the stored row in the pane', async () => {
  const user = userEvent.setup();
  nock(API).get('/api/v1/application-log').query({ offset: '0', limit: '10', statistics: 'true' }).reply(200, list([logEntry(), logEntry({ id: 'e-2', event: null, msg: 'request completed', httpMethod: 'GET', url: '/api/v1/patients', httpResponseCode: 200, message: null })], 2));
  renderAdmin(ADMIN, '/admin/application-log');
  const grid = await screen.findByRole('table', { name: 'Application log entries' });
  expect(await within(grid).findByText('Zebra Kórház renamed')).toBeInTheDocument();
  expect(within(grid).getByText('/api/v1/patients')).toBeInTheDocument();

  const searched = nock(API)
    .get('/api/v1/application-log')
    .query((q) => q.search === 'zebra' && typeof q.from === 'string' && q.from.startsWith('2026-01-0') && q.to === undefined)
    .reply(200, list([logEntry()], 1));
  await user.type(screen.getByLabelText('From'), '2026-01-01T00:00');
  await user.type(screen.getByLabelText('Search'), 'zebra');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  await waitFor(() => expect(searched.isDone()).toBe(true));

  nock(API).get('/api/v1/application-log').query((q) => q.raw === 'true').reply(200, list([logEntry({ raw: { id: 'e-1', target_id: 'inst-42' } })], 1));
  await user.click(screen.getByRole('switch', { name: 'Raw' }));
  nock(API).get('/api/v1/application-log/e-1').query({ raw: 'true' }).reply(200, { results: [logEntry({ raw: { id: 'e-1', target_id: 'inst-42' } })] });
  await user.click(await within(grid).findByRole('button', { name: /^Details of the entry of/ }));
  const pane = await screen.findByRole('dialog', { name: 'Log entry' });
  expect(within(pane).getByText('Zebra Kórház')).toBeInTheDocument();
  await waitFor(() => expect(within(pane).getByLabelText('The entry as stored')).toHaveTextContent('"target_id": "inst-42"'));
});

test('the log refuses a range whose start is after its end without calling the server', async () => {
  const user = userEvent.setup();
  nock(API).get('/api/v1/application-log').query(true).reply(200, list([], 0));
  renderAdmin(ADMIN, '/admin/application-log');
  await screen.findByRole('table', { name: 'Application log entries' });
  const reload = nock(API).get('/api/v1/application-log').query(true).reply(200, list([], 0));
  await user.type(screen.getByLabelText('From'), '2026-02-01T00:00');
  await user.type(screen.getByLabelText('To'), '2026-01-01T00:00');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  expect(await screen.findByText('"From" must not be later than "To".')).toBeInTheDocument();
  expect(reload.isDone()).toBe(false);
});

test('the e-mail list screen shows the last run with its counts and errors, and runs an update', async () => {
  const user = userEvent.setup();
  const last = run({ failed: 1, errors: [{ email: 'bad@example.org', action: 'upsert', status: 400, detail: 'Invalid Resource' }] });
  nock(API).get('/api/v1/mailchimp-list').reply(200, { results: [{ configured: true, missingSettings: [], lastRun: last }] });
  renderAdmin(ADMIN, '/admin/mailing-list');
  const counts = await screen.findByRole('table', { name: 'Last run' });
  expect(within(counts).getByRole('row', { name: 'Added or updated 40' })).toBeInTheDocument();
  expect(within(counts).getByRole('row', { name: 'Failed 1' })).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Errors' })).getByText('bad@example.org')).toBeInTheDocument();

  nock(API).post('/api/v1/mailchimp-list/update').reply(200, { results: [run({ upserted: 41, archived: 3 })] });
  await user.click(screen.getByRole('button', { name: 'Update e-mail list' }));
  expect(await within(screen.getByRole('table', { name: 'Last run' })).findByRole('row', { name: 'Added or updated 41' })).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Errors' })).not.toBeInTheDocument();
});

test('the e-mail list screen says what to set when the list is off, and offers no update', async () => {
  nock(API).get('/api/v1/mailchimp-list').reply(200, { results: [{ configured: false, missingSettings: ['MAILCHIMP_API_KEY', 'MAILCHIMP_LIST_ID'], lastRun: null }] });
  renderAdmin(ADMIN, '/admin/mailing-list');
  expect(await screen.findByText(/Set these settings on the server and restart it: MAILCHIMP_API_KEY, MAILCHIMP_LIST_ID/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Update e-mail list' })).not.toBeInTheDocument();
  expect(screen.getByText('The list has not been updated yet.')).toBeInTheDocument();
});
