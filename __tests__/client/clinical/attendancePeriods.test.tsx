// The attendance list's periods by role and label: "Add form" offers exactly the addable types and
// opens the new form, a refusal shows the server's message, a disqualified attendance says so and
// offers no form, Disqualify asks for a reason (att_disqualify only), administrators may requalify.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import nock from 'nock';
import type { Attendance, AttendancePeriod } from '../../../src/api/attendances';
import { AttendanceListPage } from '../../../src/features/attendances/AttendanceListPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, SIGNED_IN_CONFIGURATION } from '../../helpers/storeHelpers';
import { answerStartup, attendance, signedIn } from './fixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());
// The notification is what the page tells the user; Mantine's toaster itself needs a real browser (its
// swipe handler wants the DOM's own AbortSignal), so the test reads what was shown.
let shown: jest.SpyInstance;
beforeEach(() => {
  shown = jest.spyOn(notifications, 'show').mockImplementation(() => 'n-1');
});
afterEach(() => shown.mockRestore());
const notified = (): string[] => shown.mock.calls.map(([data]) => String((data as { message: unknown }).message));

const offer = (formTypeId: number, name: string, addable: boolean, maxPerPeriod: number | null = null): NonNullable<AttendancePeriod['formTypes']>[number] => ({
  formTypeId,
  displayId: `T-${formTypeId}`,
  name,
  maxPerPeriod,
  count: addable ? 0 : 1,
  addable,
});

function withPeriods(over: Partial<Attendance> = {}): Attendance {
  const base = attendance();
  return {
    ...base,
    permissions: ['att_disqualify'],
    periods: [
      { ...base.periods[0], formTypes: [offer(1, 'Baseline visit', false, 1), offer(3, 'Adverse event', true)] },
      { id: 'ap-2', index: 1, name: { hu: '3. hónap', en: 'Month 3' }, forms: [], formTypes: [offer(2, 'Follow-up visit', true, 1), offer(3, 'Adverse event', true)] },
    ],
    ...over,
  };
}

const routes = [
  {
    path: '/patients/:patientId/attendances',
    element: <AttendanceListPage />,
  },
  { path: '/forms/:formId', element: <p>new form page</p> },
];

function renderList(answer: Attendance, roles = ['local_investigator']): void {
  nock(API).get('/api/v1/client-configuration').reply(200, { ...SIGNED_IN_CONFIGURATION, user: { ...SIGNED_IN_CONFIGURATION.user, roles } });
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [answer] });
  renderWithProviders(<AttendanceListPage />, { preloadedState: signedIn, routes, route: '/patients/p-1/attendances' });
}

test('"Add form" offers exactly the types the period may take now and opens the new form', async () => {
  const post = nock(API).post('/api/v1/attendance-periods/ap-2/forms', { formTypeId: 2, values: {}, submit: false }).reply(201, { results: [{ id: 'f-new' }] });
  renderList(withPeriods());
  await userEvent.click(await screen.findByRole('button', { name: 'Add form: Baseline' }));
  expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Adverse event']);
  await userEvent.keyboard('{Escape}');
  await userEvent.click(screen.getByRole('button', { name: 'Add form: Month 3' }));
  expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Follow-up visit', 'Adverse event']);
  await userEvent.click(screen.getByRole('menuitem', { name: 'Follow-up visit' }));
  expect(await screen.findByText('new form page')).toBeInTheDocument();
  expect(post.isDone()).toBe(true);
  expect(notified()).toEqual(['Follow-up visit form added to Month 3.']);
});

test("a refused form shows the server's message in its period and opens nothing", async () => {
  nock(API)
    .post('/api/v1/attendance-periods/ap-2/forms')
    .reply(409, { statusCode: 409, code: 'period_form_limit', message: 'Error saving form: this period already holds the one allowed Follow-up visit form' });
  renderList(withPeriods());
  await userEvent.click(await screen.findByRole('button', { name: 'Add form: Month 3' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Follow-up visit' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The form could not be added: Error saving form: this period already holds the one allowed Follow-up visit form (409)');
  expect(screen.queryByText('new form page')).not.toBeInTheDocument();
});

test('a disqualified attendance shows its state and reason, and offers neither forms nor Disqualify', async () => {
  const disqualification = { at: '2026-02-01T10:00:00.000Z', by: { id: 'u-1', name: 'Dr. Kiss Anna' }, reason: 'Inclusion criteria not met' };
  renderList(withPeriods({ state: 'disqualified', disqualification }));
  const card = await screen.findByRole('article', { name: 'Attendance SZLK-RA-20260110-1' });
  expect(within(card).getByText('Disqualified')).toBeInTheDocument();
  expect(within(card).getByText(/Disqualified on .* by Dr\. Kiss Anna\. Reason: Inclusion criteria not met/)).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: /^Add form/ })).not.toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Disqualify' })).not.toBeInTheDocument();
  // Requalifying is the administrators' only.
  expect(within(card).queryByRole('button', { name: 'Requalify' })).not.toBeInTheDocument();
});

test('Disqualify needs att_disqualify, asks for a reason, sends it and says what happened', async () => {
  const disqualification = { at: '2026-02-01T10:00:00.000Z', by: { id: 'u-1', name: 'Dr. Kiss Anna' }, reason: 'Inclusion criteria not met' };
  const put = nock(API).put('/api/v1/attendances/a-1/disqualification', { reason: 'Inclusion criteria not met' }).reply(200, { results: [withPeriods({ state: 'disqualified', disqualification })] });
  renderList(withPeriods());
  // Read again after the change (registered after the first answer: nock answers in order).
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [withPeriods({ state: 'disqualified', disqualification })] });
  await userEvent.click(await screen.findByRole('button', { name: 'Disqualify' }));
  const dialog = screen.getByRole('dialog', { name: 'Disqualify attendance SZLK-RA-20260110-1?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Disqualify' }));
  expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
  expect(put.isDone()).toBe(false);
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Inclusion criteria not met');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Disqualify' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(notified()).toEqual(['Attendance SZLK-RA-20260110-1 was disqualified.']);
  expect(put.isDone()).toBe(true);
  expect(await screen.findByText(/Reason: Inclusion criteria not met/)).toBeInTheDocument();
});

test('without att_disqualify there is no Disqualify button', async () => {
  renderList(withPeriods({ permissions: [] }));
  await screen.findByRole('article', { name: 'Attendance SZLK-RA-20260110-1' });
  expect(screen.queryByRole('button', { name: 'Disqualify' })).not.toBeInTheDocument();
});

test('an administrator requalifies a disqualified attendance with a reason', async () => {
  const disqualification = { at: '2026-02-01T10:00:00.000Z', by: { id: 'u-1', name: 'Dr. Kiss Anna' }, reason: 'Inclusion criteria not met' };
  const del = nock(API).delete('/api/v1/attendances/a-1/disqualification', { reason: 'Criteria met after all' }).reply(200, { results: [withPeriods()] });
  renderList(withPeriods({ state: 'disqualified', disqualification }), ['admin']);
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [withPeriods()] });
  await userEvent.click(await screen.findByRole('button', { name: 'Requalify' }));
  const dialog = screen.getByRole('dialog', { name: 'Requalify attendance SZLK-RA-20260110-1?' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Criteria met after all');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Requalify' }));
  await waitFor(() => expect(notified()).toEqual(['Attendance SZLK-RA-20260110-1 was requalified; it counts again.']));
  expect(del.isDone()).toBe(true);
  expect(await screen.findByRole('button', { name: 'Add form: Month 3' })).toBeInTheDocument();
});

test('the Hungarian list names the periods and the offer in Hungarian', async () => {
  answerStartup();
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [withPeriods()] });
  renderWithProviders(<AttendanceListPage />, { locale: 'hu', preloadedState: signedIn, routes, route: '/patients/p-1/attendances' });
  expect(await screen.findByRole('button', { name: 'Űrlap hozzáadása: 3. hónap' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Kizárás' })).toBeInTheDocument();
});
