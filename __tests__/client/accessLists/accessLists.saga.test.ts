// The access-list sagas with the real store, HTTP answered by nock: the grid of one kind, saving a
// new entry (trustee as user or group), the server's field errors, narrowing the choices, and a
// user's effective access.
import nock from 'nock';
import { createGridQuery } from '../../../src/common/dataGrid';
import { accessListsActions } from '../../../src/features/accessLists/accessLists.slice';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { ADMIN, list, signedInAs } from '../admin/adminFixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const entry = { id: 'e-1', kind: 'biobank', trustee: { groupId: 'g-1', name: 'Monitorok' }, scheme: 'guest', permissions: ['read_admin_bio_sample'], registryId: null, formTypeId: null, instituteId: null, physicianId: null, attachPermission: false, names: { registry: null, formType: null, institute: null, physician: null }, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const input = { trusteeUserId: 'u-9', trusteeGroupId: null, scheme: 'physician', registryId: 'r-1', formTypeId: null, instituteId: 'i-1', physicianId: null, attachPermission: false };

test('the grid of the biobank kind reads /biobank-acl', async () => {
  const store = startStore(signedInAs(ADMIN));
  nock(API).get('/api/v1/biobank-acl').query(true).reply(200, list([entry], 1));
  store.dispatch(accessListsActions.listQueryChanged({ kind: 'biobank', query: createGridQuery(10) }));
  const state = await waitForState(store, (s) => !s.accessLists.list.loading);
  expect(state.accessLists.list.items).toEqual([entry]);
});

test('a new registry entry is a POST of the form; a failed one keeps the field errors', async () => {
  const store = startStore(signedInAs(ADMIN));
  const posted = nock(API).post('/api/v1/registry-acl', input).reply(201, { results: [{ ...entry, kind: 'registry' }] });
  store.dispatch(accessListsActions.saveRequested({ kind: 'registry', id: null, entry: input }));
  await waitForState(store, (s) => s.accessLists.editor.status === 'saved');
  expect(posted.isDone()).toBe(true);

  nock(API)
    .put('/api/v1/registry-acl/e-1')
    .reply(400, { message: 'Invalid request', statusCode: 400, code: 'validation_failed', errors: [{ path: 'physicianId', key: 'api.physicianOutsideInstitute', context: {} }] });
  store.dispatch(accessListsActions.saveRequested({ kind: 'registry', id: 'e-1', entry: input }));
  const state = await waitForState(store, (s) => s.accessLists.editor.status === 'failed');
  expect(state.accessLists.editor.error).toMatchObject({ status: 400, errors: [{ path: 'physicianId' }] });
});

test('choosing a registry loads its form types; choosing an institute its physicians', async () => {
  const store = startStore(signedInAs(ADMIN));
  nock(API).get('/api/v1/registries/r-1/form-types').query(true).reply(200, list([{ id: 101, name: 'Baseline', shortName: 'BL' }]));
  nock(API).get('/api/v1/institutes/i-1/physicians').query(true).reply(200, list([{ id: 'u-7', name: 'Dr. Nagy' }]));
  store.dispatch(accessListsActions.registryChosen('r-1'));
  store.dispatch(accessListsActions.instituteChosen('i-1'));
  const state = await waitForState(store, (s) => s.accessLists.choices.formTypes.length > 0 && s.accessLists.choices.physicians.length > 0);
  expect(state.accessLists.choices.formTypes).toEqual([{ value: '101', label: 'BL – Baseline' }]);
  expect(state.accessLists.choices.physicians).toEqual([{ value: 'u-7', label: 'Dr. Nagy' }]);
});

test('the trustee search asks users and groups and offers both', async () => {
  const store = startStore(signedInAs(ADMIN));
  nock(API).get('/api/v1/users').query((q) => String(q.filter).includes('Nagy')).reply(200, list([{ id: 'u-7', name: 'Dr. Nagy', email: 'nagy@example.org' }]));
  nock(API).get('/api/v1/user-groups').query((q) => String(q.filter).includes('Nagy')).reply(200, list([{ id: 'g-2', name: 'Nagyok' }]));
  store.dispatch(accessListsActions.trusteeSearchChanged('Nagy'));
  const state = await waitForState(store, (s) => s.accessLists.trustees.items.length === 2);
  expect(state.accessLists.trustees.items.map((c) => c.value)).toEqual(['user:u-7', 'group:g-2']);
});

test('effective access of a user', async () => {
  const store = startStore(signedInAs(ADMIN));
  const access = { userId: 'u-7', admin: false, grants: [] };
  nock(API).get('/api/v1/users/u-7/effective-access').reply(200, { results: [access] });
  store.dispatch(accessListsActions.effectiveAccessRequested('u-7'));
  const state = await waitForState(store, (s) => s.accessLists.effective.access !== null);
  expect(state.accessLists.effective.access).toEqual(access);
});
