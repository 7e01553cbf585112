// The attendance list and the form lists by role and label: periods, forms with the six localized
// states, inpatient days, and the error texts of spec §8.
import { screen, waitFor, within } from '@testing-library/react';
import nock from 'nock';
import { AttendanceListPage } from '../../../src/features/attendances/AttendanceListPage';
import { ApprovableFormsPage, CorrectableFormsPage } from '../../../src/features/forms/FormListPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { answerStartup, attendance, list, listedForm, signedIn } from './fixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

const attendanceRoutes = [{ path: '/patients/:patientId/attendances', element: <AttendanceListPage /> }];

test('an attendance shows its periods, the forms with their states and the inpatient days', async () => {
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [attendance()] });
  renderWithProviders(<AttendanceListPage />, { preloadedState: signedIn, routes: attendanceRoutes, route: '/patients/p-1/attendances' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Attendances of Kovács Anna' })).toBeInTheDocument();
  const card = screen.getByRole('article', { name: 'Attendance SZLK-RA-20260110-1' });
  expect(within(card).getByText('Open')).toBeInTheDocument();
  expect(within(card).getByText('Inpatient days')).toBeInTheDocument();
  expect(within(card).getByRole('listitem')).toHaveTextContent('10 Jan 2026 – 14 Jan 2026');
  const forms = within(card).getByRole('table', { name: 'Baseline' });
  for (const state of ['Draft', 'Awaiting approval', 'Rejected', 'Correction in progress', 'Corrected', 'Final']) {
    expect(within(forms).getByText(state)).toBeInTheDocument();
  }
});

test('the states are localized in Hungarian too', async () => {
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [attendance()] });
  renderWithProviders(<AttendanceListPage />, { locale: 'hu', preloadedState: signedIn, routes: attendanceRoutes, route: '/patients/p-1/attendances' });
  const forms = await screen.findByRole('table', { name: 'Kiindulás' });
  for (const state of ['Piszkozat', 'Jóváhagyásra vár', 'Visszautasítva', 'Javítás folyamatban', 'Javítva', 'Végleges']) {
    expect(within(forms).getByText(state)).toBeInTheDocument();
  }
});

test('unknown attendances say "Attendance not found", other failures "Error loading attendance"', async () => {
  nock(API).get('/api/v1/patients/p-404/attendance_periods').reply(404, { message: 'x', statusCode: 404, code: 'not_found' });
  const { unmount } = renderWithProviders(<AttendanceListPage />, { preloadedState: signedIn, routes: attendanceRoutes, route: '/patients/p-404/attendances' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Attendance not found');
  unmount();
  answerStartup();
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(500, { message: 'x', statusCode: 500 });
  renderWithProviders(<AttendanceListPage />, { preloadedState: signedIn, routes: attendanceRoutes, route: '/patients/p-1/attendances' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Error loading attendance');
});

test('the approvable list shows the forms in a grid with their states', async () => {
  nock(API).get('/api/v1/forms/approvable').query({ offset: '0', limit: '10', statistics: 'true' }).reply(200, list([listedForm()], 1));
  renderWithProviders(<ApprovableFormsPage />, { preloadedState: signedIn });
  const grid = await screen.findByRole('table', { name: 'Approvable forms' });
  await waitFor(() => expect(within(grid).getByText('F-2')).toBeInTheDocument());
  // The state filter offers the same words, so the badge is found by its state.
  expect(grid.querySelector('[data-state="await_inspect"]')).toHaveTextContent('Awaiting approval');
  expect(within(grid).getByText('Levels 1')).toBeInTheDocument();
  expect(within(grid).getByRole('link', { name: 'SZLK-000001' })).toHaveAttribute('href', '/patients/p-1/attendances');
  // The form's identifier opens the form itself.
  expect(within(grid).getByRole('link', { name: 'F-2' })).toHaveAttribute('href', '/forms/f-2');
});

test('a failed form list says "Error loading form list"', async () => {
  nock(API).get('/api/v1/forms/correctable').query(true).reply(500, { message: 'x', statusCode: 500 });
  renderWithProviders(<CorrectableFormsPage />, { preloadedState: signedIn });
  expect(await screen.findByRole('heading', { level: 1, name: 'Correctable forms' })).toBeInTheDocument();
  expect(await screen.findByText('Error loading form list')).toBeInTheDocument();
});
