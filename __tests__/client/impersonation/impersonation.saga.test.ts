// Impersonation in the client with the real store and sagas, HTTP answered by nock: the candidate
// search, start (the new token is stored and the user reloaded with the impersonator named), exit
// (back to the own token), the server's error text on failure, and renewal of the current token.
import nock from 'nock';
import { impersonationActions } from '../../../src/features/impersonation/impersonation.slice';
import { TOKEN_STORAGE_KEY } from '../../../src/features/auth/tokenStorage';
import { API, SIGNED_IN_CONFIGURATION, startStore, waitForState } from '../../helpers/storeHelpers';

const PROFILE = { perPage: 10, locale: 'hu', saved: false, mfaEnforcedAt: null, mfaEnabled: false, mfaPolicy: 'user' };
const ADMIN_CONFIGURATION = { ...SIGNED_IN_CONFIGURATION, user: { id: 'admin-1', name: 'Kovács Anna', roles: ['admin', 'impersonator'], institute: null } };
const AS_INVESTIGATOR = { ...SIGNED_IN_CONFIGURATION, user: { ...SIGNED_IN_CONFIGURATION.user, impersonator: { id: 'admin-1', name: 'Kovács Anna' } } };

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  nock.cleanAll();
  sessionStorage.clear();
});

async function signedInAdmin(): Promise<ReturnType<typeof startStore>> {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: 'f.own', expiresAt: Date.now() + 600_000 }));
  nock(API).get('/api/v1/client-configuration').reply(200, ADMIN_CONFIGURATION);
  nock(API).get('/api/v1/profile-settings').reply(200, { results: [PROFILE] });
  const store = startStore();
  await waitForState(store, (s) => s.clientConfiguration.status === 'ready');
  return store;
}

const storedToken = (): string => (JSON.parse(sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? '{}') as { token?: string }).token ?? '';

test('searches candidates with the search text', async () => {
  const store = await signedInAdmin();
  nock(API).get('/api/v1/impersonation/candidates').query({ search: 'nagy' }).matchHeader('authorization', 'Bearer f.own').reply(200, { results: [{ id: 'u-1', name: 'Dr. Nagy Eszter', email: 'investigator@example.org', institute: 'SZLK' }] });
  store.dispatch(impersonationActions.candidatesRequested({ search: 'nagy' }));
  const state = await waitForState(store, (s) => s.impersonation.candidates.items.length === 1);
  expect(state.impersonation.candidates).toMatchObject({ loading: false, search: 'nagy', items: [{ name: 'Dr. Nagy Eszter' }] });
});

test('start stores the impersonation token and reloads the user, who now names the impersonator; exit returns to the own token', async () => {
  const store = await signedInAdmin();
  nock(API)
    .post('/api/v1/impersonation/u-1')
    .matchHeader('authorization', 'Bearer f.own')
    .reply(200, { access_token: 'f.acting', expires_in: 900, user: { id: 'u-1', name: 'Dr. Kiss Anna' }, impersonator: { id: 'admin-1', name: 'Kovács Anna' } });
  nock(API).get('/api/v1/client-configuration').matchHeader('authorization', 'Bearer f.acting').reply(200, AS_INVESTIGATOR);
  store.dispatch(impersonationActions.startRequested({ userId: 'u-1' }));
  const acting = await waitForState(store, (s) => s.impersonation.status === 'started' && s.clientConfiguration.data?.user?.impersonator !== undefined);
  expect(acting.clientConfiguration.data?.user).toMatchObject({ name: 'Dr. Kiss Anna', impersonator: { name: 'Kovács Anna' } });
  expect(storedToken()).toBe('f.acting');

  nock(API).delete('/api/v1/impersonation').matchHeader('authorization', 'Bearer f.acting').reply(200, { access_token: 'f.own2', expires_in: 900 });
  nock(API).get('/api/v1/client-configuration').matchHeader('authorization', 'Bearer f.own2').reply(200, ADMIN_CONFIGURATION);
  store.dispatch(impersonationActions.exitRequested());
  const back = await waitForState(store, (s) => s.impersonation.status === 'exited' && s.clientConfiguration.data?.user?.id === 'admin-1');
  expect(back.clientConfiguration.data?.user?.impersonator).toBeUndefined();
  expect(storedToken()).toBe('f.own2');
  expect(back.auth.step).toBe('loggedIn');
});

test('a refused start shows the server\'s text and keeps the own session', async () => {
  const store = await signedInAdmin();
  nock(API).post('/api/v1/impersonation/admin-2').reply(403, { statusCode: 403, code: 'impersonating_admin', message: 'Error occured during impersonation initiation!' });
  store.dispatch(impersonationActions.startRequested({ userId: 'admin-2' }));
  const state = await waitForState(store, (s) => s.impersonation.status === 'failed');
  expect(state.impersonation.error?.message).toBe('Error occured during impersonation initiation! (403)');
  expect(storedToken()).toBe('f.own');
  expect(state.auth.step).toBe('loggedIn');
});

test('a failed exit shows the exit error', async () => {
  const store = await signedInAdmin();
  nock(API).delete('/api/v1/impersonation').reply(409, { statusCode: 409, code: 'not_impersonating', message: 'Error occured during exiting impersonation!' });
  store.dispatch(impersonationActions.exitRequested());
  const state = await waitForState(store, (s) => s.impersonation.status === 'failed');
  expect(state.impersonation.error?.message).toBe('Error occured during exiting impersonation! (409)');
});
