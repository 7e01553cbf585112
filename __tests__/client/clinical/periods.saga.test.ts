// The attendance list's sagas on the real store against nock: "Add form" in a period, its refusal,
// disqualification and requalification with their reasons, the accessible physicians of the start
// card, and the same-day confirmation of a start.
import nock from 'nock';
import { attendancesActions } from '../../../src/features/attendances/attendances.slice';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { answerStartup, attendance, list, signedIn } from './fixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

test('adding a form posts an empty draft of the chosen type to the period and keeps the new form to open', async () => {
  const post = nock(API).post('/api/v1/attendance-periods/ap-2/forms', { formTypeId: 7, values: {}, submit: false }).reply(201, { results: [{ id: 'f-new' }] });
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.addFormRequested({ periodId: 'ap-2', formTypeId: 7 }));
  const state = await waitForState(store, (s) => s.attendances.addForm.status === 'added');
  expect(state.attendances.addForm).toMatchObject({ periodId: 'ap-2', formTypeId: 7, formId: 'f-new' });
  expect(post.isDone()).toBe(true);
});

test("a refused form keeps the server's message for its period", async () => {
  nock(API)
    .post('/api/v1/attendance-periods/ap-2/forms')
    .reply(409, { statusCode: 409, code: 'period_form_limit', message: 'Error saving form: this period already holds the one allowed Follow-up visit form' });
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.addFormRequested({ periodId: 'ap-2', formTypeId: 7 }));
  const state = await waitForState(store, (s) => s.attendances.addForm.status === 'failed');
  expect(state.attendances.addForm.error).toMatchObject({ code: 'period_form_limit', message: 'Error saving form: this period already holds the one allowed Follow-up visit form (409)' });
  expect(state.attendances.addForm.formId).toBeNull();
});

test('disqualifying sends the reason, shows the attendance disqualified and reads the list again', async () => {
  const disqualification = { at: '2026-02-01T10:00:00.000Z', by: { id: 'u-1', name: 'Dr. Kiss Anna' }, reason: 'Inclusion criteria not met' };
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [attendance()] });
  const put = nock(API).put('/api/v1/attendances/a-1/disqualification', { reason: 'Inclusion criteria not met' }).reply(200, { results: [attendance({ state: 'disqualified', disqualification })] });
  const reload = nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [attendance({ state: 'disqualified', disqualification })] });
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.patientAttendancesRequested('p-1'));
  await waitForState(store, (s) => s.attendances.patient.status === 'ready');
  store.dispatch(attendancesActions.disqualificationRequested({ attendanceId: 'a-1', action: 'disqualify', reason: 'Inclusion criteria not met' }));
  const state = await waitForState(store, (s) => s.attendances.disqualification.status === 'done' && reload.isDone() && s.attendances.patient.status === 'ready');
  expect(put.isDone()).toBe(true);
  expect(state.attendances.patient.items[0]).toMatchObject({ state: 'disqualified', disqualification });
});

test('requalifying is a DELETE with the reason; a refusal is kept for the dialog', async () => {
  const del = nock(API).delete('/api/v1/attendances/a-1/disqualification', { reason: 'Criteria met after all' }).reply(403, { statusCode: 403, code: 'forbidden', message: 'No permission' });
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.disqualificationRequested({ attendanceId: 'a-1', action: 'requalify', reason: 'Criteria met after all' }));
  const state = await waitForState(store, (s) => s.attendances.disqualification.status === 'failed');
  expect(del.isDone()).toBe(true);
  expect(state.attendances.disqualification).toMatchObject({ attendanceId: 'a-1', action: 'requalify', error: { status: 403, message: 'No permission (403)' } });
});

test('the start card asks the accessible physicians of the institute in the registry', async () => {
  const physicians = nock(API)
    .get('/api/v1/institutes/i-1/accessible-physicians/r-1')
    .query({ offset: '0', limit: '100', sort: 'name' })
    .reply(200, list([{ id: 'u-9', name: 'Dr. Nagy Péter', email: 'nagy@example.org', displayId: null }]));
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.physiciansRequested({ instituteId: 'i-1', registryId: 'r-1' }));
  const state = await waitForState(store, (s) => s.attendances.physicians.status === 'ready');
  expect(state.attendances.physicians.items.map((p) => p.name)).toEqual(['Dr. Nagy Péter']);
  expect(physicians.isDone()).toBe(true);
});

test('a same-day start waits for confirmation; the confirmed start says so and lands on the start form', async () => {
  const body = { patientId: 'p-1', registryId: 'r-1', instituteId: 'i-1', physicianId: 'u-9', startDateTime: '2026-01-10T09:00:00.000Z' };
  nock(API).post('/api/v1/attendances', body).reply(409, { statusCode: 409, code: 'attendance_same_day', message: 'Same day' });
  const confirmed = nock(API).post('/api/v1/attendances', { ...body, confirmSameDay: true }).reply(201, { results: [attendance()] });
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.startRequested(body));
  const asked = await waitForState(store, (s) => s.attendances.start.status === 'confirmSameDay');
  expect(asked.attendances.start.pending).toEqual(body);
  store.dispatch(attendancesActions.startRequested({ ...body, confirmSameDay: true }));
  const state = await waitForState(store, (s) => s.attendances.start.status === 'started');
  expect(state.attendances.start.started).toEqual({ id: 'a-1', patientId: 'p-1', formId: 'f-1' });
  expect(confirmed.isDone()).toBe(true);
});

test('a confirmed start refused again for the same day is a plain failure, not a second question', async () => {
  const body = { patientId: 'p-1', registryId: 'r-1', instituteId: 'i-1', physicianId: 'u-9', startDateTime: '2026-01-10T09:00:00.000Z', confirmSameDay: true };
  nock(API).post('/api/v1/attendances', body).reply(409, { statusCode: 409, code: 'attendance_same_day', message: 'Same day' });
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.startRequested(body));
  const state = await waitForState(store, (s) => s.attendances.start.status === 'failed');
  expect(state.attendances.start.error).toMatchObject({ code: 'attendance_same_day' });
});
