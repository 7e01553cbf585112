// The clinical sagas on the real store against nock: list parameters, patient create with its
// three outcomes and the merge, attendance start, the to-do counts and the dashboard without
// access entries.
import nock from 'nock';
import { attendancesActions } from '../../../src/features/attendances/attendances.slice';
import { dashboardActions } from '../../../src/features/dashboard/dashboard.slice';
import { formListsActions } from '../../../src/features/forms/formLists.slice';
import { patientsActions } from '../../../src/features/patients/patients.slice';
import { searchClauses } from '../../../src/features/patients/patientSearch';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { answerStartup, attendance, dashboardRegistry, list, listedForm, patient, signedIn } from './fixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

const NEW_PATIENT = { registryId: 'r-1', name: 'Kovács Anna', dob: '1970-03-14', gender: 'female' as const, insuranceNumber: '123456788' };

test('the patient grid sends offset, limit, statistics, filter and sort and keeps the page', async () => {
  const scope = nock(API, { reqheaders: { authorization: 'Bearer clinical.token' } })
    .get('/api/v1/patients')
    .query({ offset: '20', limit: '20', statistics: 'true', filter: 'name=@Kov,gender==female', sort: '-dob' })
    .reply(200, list([patient()], 41));
  const store = startStore(signedIn);
  store.dispatch(
    patientsActions.listQueryChanged({
      offset: 20,
      limit: 20,
      filter: [
        { field: 'name', operator: '=@', value: 'Kov' },
        { field: 'gender', operator: '==', value: 'female' },
      ],
      sort: [{ field: 'dob', direction: 'desc' }],
    }),
  );
  const state = await waitForState(store, (s) => !s.patients.list.loading && s.patients.list.items.length === 1);
  expect(state.patients.list.total).toBe(41);
  expect(scope.isDone()).toBe(true);
});

test('a failed page is kept as a plain error', async () => {
  nock(API).get('/api/v1/patients').query(true).reply(500, { message: 'boom', statusCode: 500 });
  const store = startStore(signedIn);
  store.dispatch(patientsActions.listQueryChanged({ offset: 0, limit: 10, filter: [], sort: [] }));
  const state = await waitForState(store, (s) => s.patients.list.error !== null);
  expect(state.patients.list.error).toEqual({ code: 'http_500', message: 'boom (500)', status: 500 });
});

test('creating a patient posts to the institute and reloads the grid', async () => {
  const post = nock(API).post('/api/v1/institutes/i-1/patients', NEW_PATIENT).reply(201, { results: [patient()] });
  const reload = nock(API).get('/api/v1/patients').query({ offset: '0', limit: '10', statistics: 'true' }).reply(200, list([patient()]));
  const store = startStore(signedIn);
  store.dispatch(patientsActions.createRequested({ instituteId: 'i-1', patient: NEW_PATIENT }));
  const state = await waitForState(store, (s) => s.patients.editor.status === 'saved' && s.patients.list.items.length === 1);
  expect(state.patients.editor.saved?.internalPatientNumber).toBe('SZLK-000001');
  expect(post.isDone() && reload.isDone()).toBe(true);
});

test('a 400 for the insurance number keeps the field error', async () => {
  nock(API)
    .post('/api/v1/institutes/i-1/patients')
    .reply(400, { message: 'Invalid insurance number', statusCode: 400, code: 'validation_error', errors: [{ path: 'insuranceNumber', key: 'api.invalidInsuranceNumber' }] });
  const store = startStore(signedIn);
  store.dispatch(patientsActions.createRequested({ instituteId: 'i-1', patient: { ...NEW_PATIENT, insuranceNumber: '123456789' } }));
  const state = await waitForState(store, (s) => s.patients.editor.status === 'failed');
  expect(state.patients.editor.error?.errors).toEqual([{ path: 'insuranceNumber', key: 'api.invalidInsuranceNumber' }]);
});

test('a 409 with different data finds the existing patient; adopting it narrows the grid to it', async () => {
  nock(API).post('/api/v1/institutes/i-1/patients').reply(409, { message: 'Patient already exists with different data', statusCode: 409, code: 'patient_exists_different', existingPatientId: 'p-1' });
  const store = startStore(signedIn);
  store.dispatch(patientsActions.createRequested({ instituteId: 'i-1', patient: NEW_PATIENT }));
  const conflict = await waitForState(store, (s) => s.patients.editor.status === 'conflict');
  expect(conflict.patients.editor).toMatchObject({ existingPatientId: 'p-1', error: { code: 'patient_exists_different', status: 409 } });

  nock(API).get('/api/v1/patients/p-1').reply(200, { results: [patient()] });
  const narrowed = nock(API)
    .get('/api/v1/patients')
    .query({ offset: '0', limit: '10', statistics: 'true', filter: 'internalPatientNumber==SZLK-000001' })
    .reply(200, list([patient()]));
  store.dispatch(patientsActions.existingPatientAdopted('p-1'));
  await waitForState(store, (s) => s.patients.editor.status === 'saved' && s.patients.list.items.length === 1);
  expect(narrowed.isDone()).toBe(true);
});

test('an edit that collides with another patient merges the edited one into the existing one', async () => {
  nock(API).put('/api/v1/patient/p-9', { insuranceNumber: '123456788' }).reply(409, { message: 'x', statusCode: 409, code: 'patient_exists_different', existingPatientId: 'p-1' });
  const store = startStore(signedIn);
  store.dispatch(patientsActions.updateRequested({ id: 'p-9', registryId: 'r-1', change: { insuranceNumber: '123456788' } }));
  await waitForState(store, (s) => s.patients.editor.status === 'conflict' && s.patients.editor.existingPatientId === 'p-1');

  const merge = nock(API).put('/api/v1/patient/p-9', {}).query({ mergeInto: 'p-1' }).reply(200, { results: [patient()] });
  nock(API).get('/api/v1/patients').query(true).reply(200, list([patient()]));
  store.dispatch(patientsActions.mergeRequested({ sourceId: 'p-9', targetId: 'p-1' }));
  await waitForState(store, (s) => s.patients.editor.status === 'saved');
  expect(merge.isDone()).toBe(true);
});

test('deleting a patient with data is refused until a merge target is given', async () => {
  nock(API).delete('/api/v1/patient/p-9').reply(409, { message: 'x', statusCode: 409, code: 'patient_has_data' });
  const store = startStore(signedIn);
  store.dispatch(patientsActions.deleteRequested({ id: 'p-9' }));
  await waitForState(store, (s) => s.patients.editor.status === 'hasData');
  const merged = nock(API).delete('/api/v1/patient/p-9').query({ mergeInto: 'p-1' }).reply(204);
  nock(API).get('/api/v1/patients').query(true).reply(200, list([]));
  store.dispatch(patientsActions.deleteRequested({ id: 'p-9', mergeInto: 'p-1' }));
  await waitForState(store, (s) => s.patients.editor.status === 'saved');
  expect(merged.isDone()).toBe(true);
});

test('the patient selector searches the field the typed text looks like', () => {
  expect(searchClauses({ term: '123 456 788', registryId: 'r-1' })).toEqual([
    { field: 'registryId', operator: '==', value: 'r-1' },
    { field: 'insuranceNumber', operator: '=@', value: '123456788' },
  ]);
  expect(searchClauses({ term: 'szlk-0001' })).toEqual([{ field: 'internalPatientNumber', operator: '=@', value: 'SZLK-0001' }]);
  expect(searchClauses({ term: 'Kovács', instituteId: 'i-1' })).toEqual([
    { field: 'instituteId', operator: '==', value: 'i-1' },
    { field: 'name', operator: '=@', value: 'Kovács' },
  ]);
});

test('starting an attendance posts it and remembers where to go', async () => {
  const body = { patientId: 'p-1', registryId: 'r-1', instituteId: 'i-1', physicianId: 'u-9', startDateTime: '2026-01-10T09:00:00.000Z' };
  nock(API).post('/api/v1/attendances', body).reply(201, { results: [attendance()] });
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.startRequested(body));
  const state = await waitForState(store, (s) => s.attendances.start.status === 'started');
  expect(state.attendances.start.started).toEqual({ id: 'a-1', patientId: 'p-1', formId: 'f-1' });
});

test('the to-do counts load both lists; a failed one stays unknown', async () => {
  nock(API).get('/api/v1/forms/approvable-count').reply(200, { results: [{ count: 4 }] });
  nock(API).get('/api/v1/forms/correctable-count').reply(500, { message: 'x' });
  const store = startStore(signedIn);
  store.dispatch(formListsActions.countsRequested());
  const state = await waitForState(store, (s) => s.formLists.counts.approvable === 4);
  expect(state.formLists.counts.correctable).toBeNull();
});

test('the approvable list sends the grid query', async () => {
  const scope = nock(API)
    .get('/api/v1/forms/approvable')
    .query({ offset: '0', limit: '50', statistics: 'true', filter: 'state==corrected', sort: 'updatedAt' })
    .reply(200, list([listedForm({ state: 'corrected' })], 1));
  const store = startStore(signedIn);
  store.dispatch(
    formListsActions.queryChanged({ kind: 'approvable', query: { offset: 0, limit: 50, filter: [{ field: 'state', operator: '==', value: 'corrected' }], sort: [{ field: 'updatedAt', direction: 'asc' }] } }),
  );
  await waitForState(store, (s) => s.formLists.lists.approvable.items.length === 1);
  expect(scope.isDone()).toBe(true);
  expect(store.getState().formLists.lists.correctable.query).toBeNull();
});

test('the dashboard loads registries, then the counts and the start card lists', async () => {
  nock(API).get('/api/v1/dashboard/registries').query(true).reply(200, list([dashboardRegistry()]));
  nock(API).get('/api/v1/forms/approvable-count').reply(200, { results: [{ count: 2 }] });
  nock(API).get('/api/v1/forms/correctable-count').reply(200, { results: [{ count: 1 }] });
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry()]));
  nock(API).get('/api/v1/accessible-institutes').query(true).reply(200, list([{ id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK', timeZone: 'Europe/Budapest' }]));
  const store = startStore(signedIn);
  store.dispatch(dashboardActions.opened());
  const state = await waitForState(store, (s) => s.dashboard.status === 'ready' && s.formLists.counts.correctable === 1 && s.patients.references.status === 'ready');
  expect(state.dashboard.registries[0].counts.patients).toBe(12);
  expect(state.patients.references.institutes).toHaveLength(1);
});

test('a dashboard without access entries asks for nothing else', async () => {
  nock(API).get('/api/v1/dashboard/registries').query(true).reply(403, { message: 'No access', statusCode: 403, code: 'no_access_entries' });
  const counts = nock(API).get('/api/v1/forms/approvable-count').reply(200, { results: [{ count: 2 }] });
  const store = startStore(signedIn);
  store.dispatch(dashboardActions.opened());
  await waitForState(store, (s) => s.dashboard.status === 'noAccess');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(counts.isDone()).toBe(false);
});

test("a patient's attendances load; an unknown patient answers 404", async () => {
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [attendance()] });
  nock(API).get('/api/v1/patients/p-404/attendance_periods').reply(404, { message: 'Attendance not found', statusCode: 404, code: 'not_found' });
  const store = startStore(signedIn);
  store.dispatch(attendancesActions.patientAttendancesRequested('p-1'));
  await waitForState(store, (s) => s.attendances.patient.status === 'ready');
  store.dispatch(attendancesActions.patientAttendancesRequested('p-404'));
  const state = await waitForState(store, (s) => s.attendances.patient.status === 'failed');
  expect(state.attendances.patient).toMatchObject({ patientId: 'p-404', items: [], error: { status: 404 } });
});
