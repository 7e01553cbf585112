// The dashboard's cards by role and label, the no-permission text, and starting an attendance
// from the card through to its start form (a same-day second attendance asks first).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { DashboardPage } from '../../../src/features/dashboard/DashboardPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { answerStartup, attendance, dashboardRegistry, list, patient, signedIn } from './fixtures';

// Whole pane journeys with typing take seconds; on two shared cores they need more than the default 5.
jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

const INSTITUTE = { id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK', timeZone: 'Europe/Budapest' };

function answerDashboard(): void {
  nock(API)
    .get('/api/v1/dashboard/registries')
    .query(true)
    .reply(200, list([dashboardRegistry(), dashboardRegistry({ id: 'r-2', name: 'Oncology trial', shortName: 'ONC', registryType: 'trial', permissions: ['reg_access'] })]));
  nock(API).get('/api/v1/forms/approvable-count').reply(200, { results: [{ count: 4 }] });
  nock(API).get('/api/v1/forms/correctable-count').reply(200, { results: [{ count: 1 }] });
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry(), dashboardRegistry({ id: 'r-2', name: 'Oncology trial', shortName: 'ONC', permissions: ['reg_access'] })]));
  nock(API).get('/api/v1/accessible-institutes').query(true).reply(200, list([INSTITUTE]));
}

const routes = [
  { path: '/', element: <DashboardPage /> },
  { path: '/patients/:patientId/attendances', element: <p>attendance list page</p> },
  { path: '/forms/:formId', element: <p>start form page</p> },
];

/** Registry, institute, patient and physician chosen on the card; the physicians offered are the accessible ones. */
async function fillStartCard(): Promise<void> {
  nock(API).get('/api/v1/registries/r-1').reply(200, { results: [{ id: 'r-1', name: 'RA', shortName: 'RA', registryType: 'registry', hasInpatientDay: true, mandatoryInsuranceNumber: true, instituteIds: ['i-1'] }] });
  nock(API).get('/api/v1/form-types/attendance-start/r-1').query(true).reply(200, list([{ id: 1 }], 1));
  nock(API).get('/api/v1/institutes/i-1/accessible-physicians/r-1').query({ offset: '0', limit: '100', sort: 'name' }).reply(200, list([{ id: 'u-9', name: 'Dr. Nagy Péter', email: 'nagy@example.org', displayId: null }]));
  nock(API).get('/api/v1/patients').query({ offset: '0', limit: '20', filter: 'registryId==r-1,instituteId==i-1,name=@Kov', sort: 'name' }).reply(200, list([patient()]));
  await screen.findByRole('region', { name: 'Start attendance' });
  // Only registries where forms may be created are offered.
  await userEvent.click(screen.getByRole('combobox', { name: 'Registry' }));
  expect(screen.queryByRole('option', { name: 'Oncology trial (ONC)' })).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole('option', { name: 'Rheumatoid arthritis registry (RA)' }));
  await userEvent.click(screen.getByRole('combobox', { name: 'Institute' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Szent Lukács Kórház (SZLK)' }));
  await userEvent.type(screen.getByLabelText(/^Patient/), 'Kov');
  await userEvent.click(await screen.findByRole('option', { name: /SZLK-000001/ }));
  await userEvent.click(screen.getByRole('combobox', { name: 'Physician' }));
  const offered = await screen.findAllByRole('option');
  expect(offered.map((option) => option.textContent)).toEqual(['Dr. Nagy Péter']);
  await userEvent.click(offered[0]);
}

test('the cards show the registries with type and counts, the attendance list link and the to-do counts', async () => {
  answerDashboard();
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, routes });
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  // The greeting stays (the sign-in journey looks for it once the configuration has arrived).
  expect(await screen.findByText(/Welcome, Dr\. Kiss Anna!/)).toBeInTheDocument();
  const registries = await screen.findByRole('region', { name: 'Accessible registries' });
  expect(registries).toHaveTextContent('Rheumatoid arthritis registry');
  expect(registries).toHaveTextContent('Registry');
  expect(registries).toHaveTextContent('Trial');
  expect(registries).toHaveTextContent('12 patients, 30 attendances, 2 institutes, 3 form types');
  expect(screen.getByRole('region', { name: 'Attendance list' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the patients' })).toHaveAttribute('href', '/patients');
  // An investigator corrects forms; approving is the monitors' list (dashboardByRole.test.tsx).
  const todo = screen.getByRole('region', { name: 'To-do list' });
  expect(screen.getByRole('link', { name: 'Forms to correct' })).toHaveAttribute('href', '/forms/correctable');
  await waitFor(() => expect(todo).toHaveTextContent(/Forms to correct\s*1/));
  expect(screen.queryByRole('link', { name: 'Forms to approve' })).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Start attendance' })).toBeInTheDocument();
});

test('without access entries only the permission text is shown', async () => {
  nock(API).get('/api/v1/dashboard/registries').query(true).reply(403, { message: 'x', statusCode: 403, code: 'no_access_entries' });
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, locale: 'en' });
  expect(await screen.findByRole('alert')).toHaveTextContent('You do not have the corresponding permissions!');
  expect(screen.queryByRole('region', { name: 'Start attendance' })).not.toBeInTheDocument();
});

test('the Hungarian dashboard says the same in Hungarian', async () => {
  nock(API).get('/api/v1/dashboard/registries').query(true).reply(403, { message: 'x', statusCode: 403, code: 'no_access_entries' });
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, locale: 'hu' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Nem rendelkezik a megfelelő jogosultságokkal!');
});

test('start attendance: registry, institute, patient, an accessible physician, time, then on to the start form', async () => {
  answerDashboard();
  const post = nock(API)
    .post('/api/v1/attendances', (body: Record<string, unknown>) => body.patientId === 'p-1' && body.physicianId === 'u-9' && body.registryId === 'r-1' && body.instituteId === 'i-1' && Boolean(body.startDateTime) && body.confirmSameDay === undefined)
    .reply(201, { results: [attendance()] });
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, routes });
  const card = await screen.findByRole('region', { name: 'Start attendance' });
  await fillStartCard();
  await userEvent.click(screen.getByRole('button', { name: 'Start attendance' }));
  expect(await screen.findByText('start form page')).toBeInTheDocument();
  expect(post.isDone()).toBe(true);
  expect(card).not.toBeInTheDocument();
});

test('a second attendance on the same day asks first; Yes sends it again confirmed, Cancel sends nothing', async () => {
  answerDashboard();
  const sameDay = { message: 'The patient already has an attendance on this day', statusCode: 409, code: 'attendance_same_day' };
  nock(API).post('/api/v1/attendances', (body: Record<string, unknown>) => body.confirmSameDay === undefined).times(2).reply(409, sameDay);
  const confirmed = nock(API)
    .post('/api/v1/attendances', (body: Record<string, unknown>) => body.confirmSameDay === true && body.physicianId === 'u-9')
    .reply(201, { results: [attendance()] });
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, routes });
  await fillStartCard();
  await userEvent.click(screen.getByRole('button', { name: 'Start attendance' }));
  const question = await screen.findByRole('dialog', { name: 'Another attendance on the same day?' });
  await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(confirmed.isDone()).toBe(false);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Start attendance' }));
  const again = await screen.findByRole('dialog', { name: 'Another attendance on the same day?' });
  await userEvent.click(within(again).getByRole('button', { name: 'Start another attendance' }));
  expect(await screen.findByText('start form page')).toBeInTheDocument();
  expect(confirmed.isDone()).toBe(true);
});

test('start attendance asks for a patient before posting', async () => {
  answerDashboard();
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, routes });
  await screen.findByRole('region', { name: 'Start attendance' });
  await userEvent.click(screen.getByRole('button', { name: 'Start attendance' }));
  expect(await screen.findByText('A patient must be selected for this procedure')).toBeInTheDocument();
});

test('a registry without an attendance-start form type says so and cannot start', async () => {
  answerDashboard();
  nock(API).get('/api/v1/registries/r-1').reply(200, { results: [{ id: 'r-1', name: 'RA', shortName: 'RA', registryType: 'registry', hasInpatientDay: true, mandatoryInsuranceNumber: true, instituteIds: ['i-1'] }] });
  nock(API).get('/api/v1/form-types/attendance-start/r-1').query(true).reply(200, list([], 0));
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn, routes });
  await screen.findByRole('region', { name: 'Start attendance' });
  await userEvent.click(screen.getByRole('combobox', { name: 'Registry' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Rheumatoid arthritis registry (RA)' }));
  expect(await screen.findByText('This registry has no attendance start form, so no attendance can be started in it.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start attendance' })).toBeDisabled();
});
