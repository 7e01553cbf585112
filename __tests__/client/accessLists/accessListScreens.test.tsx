// The access-list screens by role and label: the admin's menu entry and list, the new-entry form's
// choices and its "Permission save failed", the schemes page from the model, and the refusal for a
// local administrator.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { AdminArea } from '../../../src/features/admin/AdminArea';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { ADMIN, LOCAL_ADMIN, list, signedInAs, type Caller } from '../admin/adminFixtures';

jest.setTimeout(20_000);
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function renderAdmin(caller: Caller, route: string): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<AdminArea />, { preloadedState: signedInAs(caller), routes: [{ path: '/admin/*', element: <AdminArea /> }], route });
}

/** Mantine's Select labels its input and its list alike: the input is the one to type into. */
const inputLabelled = (label: RegExp): HTMLElement => {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
};

const entry = { id: 'e-1', kind: 'registry', trustee: { userId: 'u-7', name: 'Dr. Nagy Eszter' }, scheme: 'physician', permissions: [], registryId: 'r-1', formTypeId: null, instituteId: null, physicianId: null, attachPermission: false, names: { registry: 'RA-BIO', formType: null, institute: null, physician: null }, createdAt: '', updatedAt: '' };

test('the admin lists registry permissions; unset conditions read "All"', async () => {
  nock(API).get('/api/v1/registry-acl').query(true).reply(200, list([entry]));
  renderAdmin(ADMIN, '/admin/access/registry');
  expect(await screen.findByRole('link', { name: 'Dr. Nagy Eszter' })).toHaveAttribute('href', '/admin/access/registry/e-1');
  const row = screen.getByRole('row', { name: /Dr\. Nagy Eszter/ });
  expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Dr. Nagy Eszter', 'physician', 'RA-BIO', 'All', 'All', 'All']);
  expect(screen.getByRole('link', { name: 'New permission' })).toHaveAttribute('href', '/admin/access/registry/new');
});

test('a failed list says "Error loading data"', async () => {
  nock(API).get('/api/v1/biobank-acl').query(true).reply(500, { message: 'x', statusCode: 500, code: 'internal_error' });
  renderAdmin(ADMIN, '/admin/access/biobank');
  expect(await screen.findByText('Error loading data')).toBeInTheDocument();
});

test('a new biobank entry offers the attach permission; a refused save says "Permission save failed"', async () => {
  nock(API).get('/api/v1/registries/public').query(true).reply(200, list([{ id: 'r-1', shortName: 'RA', name: 'Rheuma' }]));
  nock(API).get('/api/v1/institutes').query(true).reply(200, list([]));
  nock(API).get('/api/v1/users').query(true).reply(200, list([{ id: 'u-7', name: 'Dr. Nagy', email: 'n@example.org' }]));
  nock(API).get('/api/v1/user-groups').query(true).reply(200, list([]));
  nock(API).post('/api/v1/biobank-acl').reply(400, { message: 'Invalid request', statusCode: 400, code: 'validation_failed', errors: [{ path: 'trusteeUserId', key: 'api.notFound', context: {} }] });
  renderAdmin(ADMIN, '/admin/access/biobank/new');
  expect(await screen.findByRole('checkbox', { name: 'May attach bio samples to forms' })).toBeInTheDocument();
  await userEvent.type(inputLabelled(/^Trustee \(user or group\)/), 'Nagy');
  await userEvent.click(await screen.findByRole('option', { name: 'Dr. Nagy (n@example.org)' }, { timeout: 3000 }));
  await userEvent.click(inputLabelled(/^Permission scheme/));
  await userEvent.click(await screen.findByRole('option', { name: 'guest' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(/Permission save failed/)).toBeInTheDocument();
});

test('the schemes page shows each scheme\'s codes from the model', async () => {
  renderAdmin(ADMIN, '/admin/access/schemes');
  const table = await screen.findByRole('table', { name: 'Registry permissions' });
  // The wide table scrolls in a box a keyboard can reach (focusable, named like the table).
  expect(screen.getByRole('region', { name: 'Registry permissions' })).toHaveAttribute('tabindex', '0');
  const row = within(table).getByRole('row', { name: /^frm_edit/ });
  expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['frm_edit', '✓', 'impl.', '✓', 'impl.', 'impl.', '', '', '']);
});

test('a local administrator has no permissions entry and is refused the screens', async () => {
  nock(API).get('/api/v1/users').query(true).reply(200, list([], 0)).persist();
  renderAdmin(LOCAL_ADMIN, '/admin/access/registry');
  const menu = await screen.findByRole('navigation', { name: 'Administration menu' });
  expect(within(menu).queryByRole('link', { name: 'Permissions' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'New permission' })).toBeNull();
});
