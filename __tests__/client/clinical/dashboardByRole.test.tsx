// Issue 11 item 9: the dashboard has no dead ends. Each role sees the cards it can use: a monitor
// the list to approve and no attendance start, roles whose screens are not built yet what they can
// do and whom to ask; a patient's page opens the start card already filled in for that patient.
import { screen, waitFor, within } from '@testing-library/react';
import nock from 'nock';
import { DashboardPage } from '../../../src/features/dashboard/DashboardPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, SIGNED_IN_CONFIGURATION, waitForState } from '../../helpers/storeHelpers';
import { dashboardRegistry, list, patient, signedIn } from './fixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function signedInAs(roles: string[], institute: typeof SIGNED_IN_CONFIGURATION.user.institute | null = SIGNED_IN_CONFIGURATION.user.institute): void {
  nock(API).get('/api/v1/client-configuration').reply(200, { ...SIGNED_IN_CONFIGURATION, user: { ...SIGNED_IN_CONFIGURATION.user, roles, institute } });
}

function answerDashboard(permissions: string[]): void {
  nock(API).get('/api/v1/dashboard/registries').query(true).reply(200, list([dashboardRegistry({ permissions })]));
  nock(API).get('/api/v1/forms/approvable-count').reply(200, { results: [{ count: 4 }] });
  nock(API).get('/api/v1/forms/correctable-count').reply(200, { results: [{ count: 1 }] });
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry({ permissions })]));
  nock(API).get('/api/v1/accessible-institutes').query(true).reply(200, list([{ id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK', timeZone: 'Europe/Budapest' }]));
}

test('a monitor sees the forms to approve, not to correct, and no attendance start', async () => {
  signedInAs(['monitor_administrator']);
  answerDashboard(['reg_access', 'frm_read', 'frm_approve_1']);
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn });
  const todo = await screen.findByRole('region', { name: 'To-do list' });
  await waitFor(() => expect(todo).toHaveTextContent(/Forms to approve\s*4/));
  expect(within(todo).queryByRole('link', { name: 'Forms to correct' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Start attendance' })).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Attendance list' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'What you can do here' })).not.toBeInTheDocument();
});

test('a data exporter learns where the role\'s screens are, what works today and whom to ask; no clinical cards', async () => {
  signedInAs(['data_exporter']);
  answerDashboard(['reg_access']);
  const { store } = renderWithProviders(<DashboardPage />, { preloadedState: signedIn });
  const card = await screen.findByRole('region', { name: 'What you can do here' });
  expect(card).toHaveTextContent('Data exporter: the Data export menu exports the registries you may read as a password-protected Excel or CDISC ODM file');
  expect(within(card).getByRole('link', { name: 'Profile settings' })).toHaveAttribute('href', '/profile');
  expect(card).toHaveTextContent('ask the local administrator of Szent Lukács Kórház or a central administrator of the registry');
  await waitForState(store, (state) => state.dashboard.status === 'ready');
  for (const name of ['Start attendance', 'Attendance list', 'To-do list']) expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
});

test('in Hungarian, a biobank administrator without registry entries gets the institute biobank card, not the bare permission text', async () => {
  signedInAs(['biobank_admin']);
  nock(API).get('/api/v1/dashboard/registries').query(true).reply(403, { message: 'x', statusCode: 403, code: 'no_access_entries' });
  nock(API).get('/api/v1/institutes/i-1/bio-samples-summary').reply(200, { results: [{ counts: { collected: 2, arrived: 1, localized: 5 }, awaitingLocalization: [] }] });
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, locale: 'hu' });
  const card = await screen.findByRole('region', { name: 'Intézményi biobank' });
  await waitFor(() => expect(card).toHaveTextContent(/Elhelyezett\s*5/));
  expect(card).toHaveTextContent('Minden beérkezett mintának van helye.');
  expect(within(card).getByRole('link', { name: 'A biológiai minták megnyitása' })).toHaveAttribute('href', '/biobank');
  expect(screen.queryByRole('region', { name: 'Mit tehet itt' })).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('opened from a patient without visits (/?startFor=), the start card comes with registry, institute and patient chosen', async () => {
  signedInAs(['local_investigator']);
  answerDashboard(['reg_access', 'frm_create', 'frm_read']);
  nock(API).get('/api/v1/patients/p-1').reply(200, { results: [patient({ attendanceCount: 0 })] });
  nock(API).get('/api/v1/registries/r-1').reply(200, { results: [{ id: 'r-1', name: 'RA', shortName: 'RA', registryType: 'registry', hasInpatientDay: true, mandatoryInsuranceNumber: true, instituteIds: ['i-1'] }] });
  nock(API).get('/api/v1/form-types/attendance-start/r-1').query(true).reply(200, list([{ id: 1 }], 1));
  const physicians = nock(API).get('/api/v1/institutes/i-1/accessible-physicians/r-1').query(true).reply(200, list([{ id: 'u-9', name: 'Dr. Nagy Péter', email: 'nagy@example.org', displayId: null }]));
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, route: '/?startFor=p-1' });
  const card = await screen.findByRole('region', { name: 'Start attendance' });
  await waitFor(() => expect(within(card).getByRole('combobox', { name: 'Registry' })).toHaveValue('Rheumatoid arthritis registry (RA)'));
  expect(within(card).getByRole('combobox', { name: 'Institute' })).toHaveValue('Szent Lukács Kórház (SZLK)');
  expect(within(card).getByLabelText(/^Patient/)).toHaveValue('SZLK-000001 · Kovács Anna · 123 456 788');
  await waitFor(() => expect(physicians.isDone()).toBe(true));
});
