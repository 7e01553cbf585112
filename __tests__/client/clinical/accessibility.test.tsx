// axe over the clinical screens with data loaded: unlabeled controls, duplicate ids and broken
// ARIA that role queries alone would miss (contrast and the page-level region rule as in
// __tests__/client/common/accessibility.test.tsx).
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { AttendanceListPage } from '../../../src/features/attendances/AttendanceListPage';
import { DashboardPage } from '../../../src/features/dashboard/DashboardPage';
import { PatientsPage } from '../../../src/features/patients/PatientsPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { answerStartup, attendance, dashboardRegistry, hiddenPatient, list, patient, signedIn } from './fixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('dashboard with its cards', async () => {
  nock(API).get('/api/v1/dashboard/registries').query(true).reply(200, list([dashboardRegistry()]));
  nock(API).get('/api/v1/forms/approvable-count').reply(200, { results: [{ count: 4 }] });
  nock(API).get('/api/v1/forms/correctable-count').reply(200, { results: [{ count: 1 }] });
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry()]));
  nock(API).get('/api/v1/accessible-institutes').query(true).reply(200, list([]));
  renderWithProviders(<DashboardPage />, { preloadedState: signedIn });
  await screen.findByRole('region', { name: 'Start attendance' });
  expect(await violations()).toEqual([]);
});

test('patients grid and the open new-patient pane', async () => {
  nock(API).get('/api/v1/patients').query(true).reply(200, list([patient(), hiddenPatient]));
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry()]));
  nock(API).get('/api/v1/accessible-institutes').query(true).reply(200, list([]));
  renderWithProviders(<PatientsPage />, { preloadedState: signedIn });
  await screen.findByText('SZLK-000002');
  expect(await violations()).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'New patient' }));
  await screen.findByRole('dialog', { name: 'New patient' });
  expect(await violations()).toEqual([]);
});

test('attendance list', async () => {
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [attendance(), attendance({ id: 'a-2', displayId: 'SZLK-RA-20260301-1', inpatientDays: [] })] });
  renderWithProviders(<AttendanceListPage />, {
    preloadedState: signedIn,
    routes: [{ path: '/patients/:patientId/attendances', element: <AttendanceListPage /> }],
    route: '/patients/p-1/attendances',
  });
  await screen.findByRole('article', { name: 'Attendance SZLK-RA-20260301-1' });
  expect(await violations()).toEqual([]);
});
