// The admin area by role and label: the menu and dashboard per role, the users grid, the user
// page reached from the "awaiting activation" e-mail, the delete confirmation, and the user form's
// legends and choices for a local administrator.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { AdminArea } from '../../../src/features/admin/AdminArea';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { ADMIN, answerReferences, LOCAL_ADMIN, list, signedInAs, user, type Caller } from './adminFixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function renderAdmin(caller: Caller, route: string): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<AdminArea />, { preloadedState: signedInAs(caller), routes: [{ path: '/admin/*', element: <AdminArea /> }], route });
}

function answerCounts(): void {
  nock(API).get('/api/v1/users').query((q) => q.filter === 'state==confirmed').reply(200, list([], 2));
  nock(API).get('/api/v1/users').query((q) => q.filter === 'state==inactive').reply(200, list([], 0));
}

test('the admin sees every count and menu entry; the awaiting-activation count links to the filtered list', async () => {
  answerCounts();
  nock(API).get('/api/v1/institutes').query(true).reply(200, list([], 3));
  nock(API).get('/api/v1/user-groups').query(true).reply(200, list([], 1));
  renderAdmin(ADMIN, '/admin');
  const link = await screen.findByRole('link', { name: 'Users awaiting activation: 2' });
  expect(link).toHaveAttribute('href', '/admin/users?state=confirmed');
  expect(await screen.findByLabelText('User groups: 1')).toHaveAttribute('href', '/admin/groups');
  expect(await screen.findByLabelText('Institutes: 3')).toHaveAttribute('href', '/admin/institutes');
  const menu = screen.getByRole('navigation', { name: 'Administration menu' });
  expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual(['Administration', 'Users', 'User groups', 'Institutes', 'Application log', 'Update/sync e-mail list', 'Permissions', 'Registries and form types']);
});

test('a local administrator gets users only: no groups in the menu or on the dashboard, and /admin/groups is refused', async () => {
  answerCounts();
  const view = renderAdmin(LOCAL_ADMIN, '/admin');
  await screen.findByRole('link', { name: 'Users awaiting activation: 2' });
  const menu = screen.getByRole('navigation', { name: 'Administration menu' });
  expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual(['Administration', 'Users']);
  expect(screen.queryByText('User groups')).not.toBeInTheDocument();
  view.unmount();
  renderAdmin(LOCAL_ADMIN, '/admin/groups');
  expect(await screen.findByText("You haven't got permission to view this resource")).toBeInTheDocument();
});

test('the users grid starts filtered by state from the dashboard link, and lists names, roles and institutes', async () => {
  answerReferences(true);
  nock(API)
    .get('/api/v1/users')
    .query({ offset: '0', limit: '10', statistics: 'true', filter: 'state==confirmed', withInstitute: 'true' })
    .reply(200, list([user({ state: 'confirmed' })]));
  renderAdmin(ADMIN, '/admin/users?state=confirmed');
  const grid = await screen.findByRole('table', { name: 'Users' });
  expect(await within(grid).findByRole('link', { name: 'Dr. Nagy Eszter' })).toHaveAttribute('href', '/admin/users/u-1');
  const row = within(grid).getByRole('link', { name: 'Dr. Nagy Eszter' }).closest('tr') as HTMLElement;
  expect(within(row).getByText('Local investigator')).toBeInTheDocument();
  expect(within(row).getByText('SZLK')).toBeInTheDocument();
  expect(within(row).getByText('Awaiting activation')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'New user' })).toHaveAttribute('href', '/admin/users/new');
});

test('the page of a confirmed user (the e-mail\'s link) activates them after a confirmation naming them', async () => {
  answerReferences(true);
  nock(API).get('/api/v1/users/u-1').query(true).reply(200, { results: [user({ state: 'confirmed' })] });
  renderAdmin(ADMIN, '/admin/users/u-1');
  expect(await screen.findByRole('heading', { name: 'Dr. Nagy Eszter' })).toBeInTheDocument();
  for (const legend of ['Basic data', 'Account', 'MFA', 'Inactivation']) expect(screen.getByText(legend)).toBeInTheDocument();
  const put = nock(API).put('/api/v1/users/u-1', { name: 'Dr. Nagy Eszter', email: 'investigator@example.org', state: 'active' }).reply(200, { results: [user()] });
  nock(API).get('/api/v1/users/u-1').query(true).reply(200, { results: [user()] });
  await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Activate Dr. Nagy Eszter? They get an e-mail and can sign in.' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
  expect(await screen.findByText('The user has been activated and notified by e-mail.')).toBeInTheDocument();
  await waitFor(() => expect(put.isDone()).toBe(true));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument());
});

test('deleting a user whom clinical records name says it deactivates instead', async () => {
  answerReferences(true);
  nock(API).get('/api/v1/users/u-1').query(true).reply(200, { results: [user({ hasClinicalRecords: true })] });
  renderAdmin(ADMIN, '/admin/users/u-1');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Dr. Nagy Eszter?' });
  expect(within(dialog).getByText(/the account is deactivated instead of deleted: the records keep their author/)).toBeInTheDocument();
});

test('a local administrator\'s form: own institute fixed, only the roles they hold, no group; a server error is shown on its field', async () => {
  answerReferences(false);
  renderAdmin(LOCAL_ADMIN, '/admin/users/new');
  expect(await screen.findByRole('heading', { name: 'New user' })).toBeInTheDocument();
  for (const legend of ['Basic data', 'Account', 'MFA', 'Inactivation']) expect(screen.getByText(legend)).toBeInTheDocument();
  const roles = screen.getByRole('group', { name: 'Roles' });
  expect(within(roles).getAllByRole('checkbox').map((box) => box.closest('.mantine-Checkbox-root')?.textContent)).toEqual(['User', 'Local administrator']);
  const institute = screen.getAllByLabelText('Institute').find((el) => el instanceof HTMLInputElement && el.type !== 'hidden');
  expect(institute).toBeDisabled();
  expect(screen.queryByLabelText('User group')).not.toBeInTheDocument();
  await userEvent.type(screen.getByLabelText(/^Name/), 'Helyi Munkatárs');
  await userEvent.type(screen.getByLabelText(/^E-mail/), 'investigator@example.org');
  const posted = nock(API)
    .post('/api/v1/users', (body) => body.instituteId === 'i-1' && body.roles[0] === 'user' && !('userGroupId' in body))
    .reply(400, { message: 'Invalid request', statusCode: 400, code: 'validation_failed', errors: [{ path: 'email', key: 'api.unique', context: {} }] });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('already exists')).toBeInTheDocument();
  expect(posted.isDone()).toBe(true);
});
