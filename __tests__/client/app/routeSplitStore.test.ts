// The route-split store (docs/decisions.md): the app's store starts with the core slices only,
// and a route injects the state and saga of the features its page uses when its chunk loads.
import nock from 'nock';
import { preloadRoute } from '../../../src/app/routes';
import { createAppStore, type AppStore } from '../../../src/app/store';
import { dashboardActions } from '../../../src/features/dashboard/dashboard.slice';
import { API, CONFIGURATION, waitForState } from '../../helpers/storeHelpers';

const CORE = ['auth', 'clientConfiguration', 'clientErrors', 'locale', 'profile'];

let store: AppStore;

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => {
  nock(API).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  store = createAppStore({ preloadedState: { locale: { locale: 'en' } } });
});
afterEach(() => {
  store.stopSagas();
  nock.cleanAll();
});

test('the store starts with the core slices only', () => {
  expect(Object.keys(store.getState()).sort()).toEqual(CORE);
});

test('the sign-in route brings MFA and password reset, nothing of the clinical screens', async () => {
  preloadRoute(store, '/login');
  const state = await waitForState(store, (s) => 'mfa' in s && 'passwordReset' in s);
  expect(Object.keys(state).sort()).toEqual([...CORE, 'mfa', 'passwordReset'].sort());
});

test('the dashboard route injects its features, and their sagas answer the page at once', async () => {
  nock(API).get('/api/v1/dashboard/registries').query(true).reply(200, { results: [] });
  nock(API).get(/\/api\/v1\//).query(true).times(5).reply(200, { results: [], statistics: { total: 0 } });
  preloadRoute(store, '/');
  await waitForState(store, (s) => ['dashboard', 'formLists', 'patients', 'attendances', 'impersonation'].every((key) => key in s));
  store.dispatch(dashboardActions.opened());
  const state = await waitForState(store, (s) => s.dashboard.status === 'ready');
  expect(state.dashboard.registries).toEqual([]);
});

test('injecting a feature again keeps its state and runs its saga once', async () => {
  const registry = { id: 'r-1', name: 'RA-BIO' };
  nock(API).get('/api/v1/dashboard/registries').query(true).once().reply(200, { results: [registry] });
  nock(API).get(/\/api\/v1\//).query(true).times(5).reply(200, { results: [], statistics: { total: 0 } });
  preloadRoute(store, '/');
  await waitForState(store, (s) => 'dashboard' in s);
  preloadRoute(store, '/');
  await new Promise((resolve) => setTimeout(resolve, 20));
  // A second dashboard saga would ask for the registries again and fail on the missing answer.
  const statuses: string[] = [];
  store.subscribe(() => statuses.push(store.getState().dashboard.status));
  store.dispatch(dashboardActions.opened());
  await waitForState(store, (s) => s.dashboard.status === 'ready');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(statuses).not.toContain('failed');
  preloadRoute(store, '/');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(store.getState().dashboard.registries).toEqual([registry]);
});
