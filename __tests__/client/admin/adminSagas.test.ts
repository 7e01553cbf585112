// The admin sagas with the real store, HTTP answered by nock: creating and saving users, the
// server's field errors, delete-or-deactivate, and the dashboard counts per role.
import nock from 'nock';
import { adminDashboardActions } from '../../../src/features/admin/adminDashboard.slice';
import { groupsActions } from '../../../src/features/groups/groups.slice';
import { usersActions } from '../../../src/features/users/users.slice';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { ADMIN, LOCAL_ADMIN, list, signedInAs, user } from './adminFixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

test('creating a user posts the form and remembers the new id', async () => {
  const store = startStore(signedInAs(ADMIN));
  const posted = nock(API)
    .post('/api/v1/users', { name: 'Új Ember', email: 'new@example.org', roles: ['user'] })
    .matchHeader('authorization', 'Bearer admin.token')
    .reply(201, { results: [user({ id: 'u-new', name: 'Új Ember', email: 'new@example.org' })] });
  store.dispatch(usersActions.createRequested({ name: 'Új Ember', email: 'new@example.org', roles: ['user'] }));
  const state = await waitForState(store, (s) => s.users.editor.status === 'saved');
  expect(state.users.editor.savedId).toBe('u-new');
  expect(posted.isDone()).toBe(true);
});

test('a taken e-mail keeps the server\'s field errors for the form', async () => {
  const store = startStore(signedInAs(ADMIN));
  nock(API)
    .post('/api/v1/users')
    .reply(400, { message: 'Invalid request: email already exists', statusCode: 400, code: 'validation_failed', errors: [{ path: 'email', key: 'api.unique', context: {} }] });
  store.dispatch(usersActions.createRequested({ name: 'X', email: 'investigator@example.org' }));
  const state = await waitForState(store, (s) => s.users.editor.status === 'failed');
  expect(state.users.editor.error).toMatchObject({ status: 400, errors: [{ path: 'email', key: 'api.unique' }] });
});

test('deleting an author reports that the account was deactivated, and reloads it', async () => {
  const store = startStore(signedInAs(ADMIN));
  nock(API).get('/api/v1/users/u-1').query(true).reply(200, { results: [user({ hasClinicalRecords: true })] });
  store.dispatch(usersActions.userRequested('u-1'));
  await waitForState(store, (s) => s.users.detail.user?.id === 'u-1');
  nock(API).delete('/api/v1/users/u-1').reply(200, { outcome: 'deactivated' });
  nock(API).get('/api/v1/users/u-1').query(true).reply(200, { results: [user({ state: 'inactive', hasClinicalRecords: true })] });
  store.dispatch(usersActions.deleteRequested('u-1'));
  const state = await waitForState(store, (s) => s.users.editor.outcome === 'deactivated' && s.users.detail.user?.state === 'inactive');
  expect(state.users.editor.status).toBe('saved');
});

test('activation is a PUT of the state; the answer updates the details', async () => {
  const store = startStore(signedInAs(LOCAL_ADMIN));
  const confirmed = user({ state: 'confirmed' });
  nock(API).get('/api/v1/users/u-1').query(true).reply(200, { results: [confirmed] });
  store.dispatch(usersActions.userRequested('u-1'));
  await waitForState(store, (s) => s.users.detail.user?.id === 'u-1');
  const put = nock(API).put('/api/v1/users/u-1', { name: confirmed.name, email: confirmed.email, state: 'active' }).reply(200, { results: [user()] });
  nock(API).get('/api/v1/users/u-1').query(true).reply(200, { results: [user()] });
  store.dispatch(usersActions.stateChangeRequested({ user: confirmed, state: 'active' }));
  await waitForState(store, (s) => s.users.editor.outcome === 'activated' && s.users.detail.user?.state === 'active');
  expect(put.isDone()).toBe(true);
});

test('the dashboard counts: all four for the admin, only the user counts for a local administrator', async () => {
  const admin = startStore(signedInAs(ADMIN));
  nock(API).get('/api/v1/users').query({ offset: '0', limit: '1', statistics: 'true', filter: 'state==confirmed', withInstitute: 'true' }).reply(200, list([], 3));
  nock(API).get('/api/v1/users').query({ offset: '0', limit: '1', statistics: 'true', filter: 'state==inactive', withInstitute: 'true' }).reply(200, list([], 1));
  nock(API).get('/api/v1/institutes').query({ offset: '0', limit: '1', statistics: 'true' }).reply(200, list([], 3));
  nock(API).get('/api/v1/user-groups').query({ offset: '0', limit: '1', statistics: 'true' }).reply(200, list([], 2));
  admin.dispatch(adminDashboardActions.countsRequested());
  const adminState = await waitForState(admin, (s) => !s.adminDashboard.loading);
  expect(adminState.adminDashboard.counts).toEqual({ awaitingActivation: 3, inactiveUsers: 1, institutes: 3, groups: 2 });

  const local = startStore(signedInAs(LOCAL_ADMIN));
  nock(API).get('/api/v1/users').query(true).times(2).reply(200, list([], 0));
  local.dispatch(adminDashboardActions.countsRequested());
  const localState = await waitForState(local, (s) => !s.adminDashboard.loading);
  expect(localState.adminDashboard.counts).toEqual({ awaitingActivation: 0, inactiveUsers: 0, institutes: null, groups: null });
});

test('a group in use is not deleted: the server\'s explanation is kept for the screen', async () => {
  const store = startStore(signedInAs(ADMIN));
  const message = 'The group cannot be deleted: 1 access entry uses it, including one for every registry. Remove those entries first.';
  nock(API).delete('/api/v1/user-groups/g-1').reply(409, { message, statusCode: 409, code: 'group_in_use', entryCount: 1, registries: '' });
  store.dispatch(groupsActions.deleteRequested('g-1'));
  const state = await waitForState(store, (s) => s.groups.editor.status === 'failed');
  expect(state.groups.editor.error).toMatchObject({ code: 'group_in_use', message: `${message} (409)` });
});
