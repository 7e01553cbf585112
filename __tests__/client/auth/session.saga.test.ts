// The session after sign-in (spec auth §9): renewal at half the remaining lifetime (at least
// 10 s), a 400 stops renewing, other failures retry; sign-out revokes the token on the server.
import nock from 'nock';
import { authActions } from '../../../src/features/auth/auth.slice';
import { renewalDelay, TOKEN_STORAGE_KEY } from '../../../src/features/auth/tokenStorage';
import { API, SIGNED_IN_CONFIGURATION, startStore, waitForState } from '../../helpers/storeHelpers';

const PROFILE = { perPage: 10, locale: 'hu', saved: false, mfaEnabled: false, mfaPolicy: 'user', mfaEnforcedAt: null };

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  jest.useRealTimers();
  nock.cleanAll();
  sessionStorage.clear();
  jest.restoreAllMocks();
});

test.each([
  [600_000, 0, 300_000],
  [60_000, 0, 30_000],
  [15_000, 0, 10_000],
  [-5_000, 0, 10_000],
])('a token expiring in %i ms at %i is renewed after %i ms', (expiresIn, now, expected) => {
  expect(renewalDelay(now + expiresIn, now)).toBe(expected);
});

/** A restored session that expires in `lifetimeMs`, with fake timers that leave nock's own ticks alone. */
async function restoredSession(lifetimeMs: number, token = 'f.first'): Promise<ReturnType<typeof startStore>> {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  sessionStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token, expiresAt: Date.now() + lifetimeMs }));
  nock(API).get('/api/v1/client-configuration').reply(200, SIGNED_IN_CONFIGURATION);
  nock(API).get('/api/v1/profile-settings').reply(200, { results: [PROFILE] });
  const store = startStore();
  await waitForState(store, (s) => s.clientConfiguration.status === 'ready' && s.profile.settings !== null);
  return store;
}

async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

// Captured before any test installs fake timers.
const realSetTimeout = globalThis.setTimeout;

/** Lets answers that nock delivers through real I/O arrive, while the saga timers stay fake. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) {
    await new Promise((resolve) => realSetTimeout(resolve, 5));
    await jest.advanceTimersByTimeAsync(0);
  }
  expect(condition()).toBe(true);
}

test('renews at half the lifetime, form-encoded, then again at half of the new one', async () => {
  const first = nock(API, { reqheaders: { 'content-type': 'application/x-www-form-urlencoded' } })
    .post('/api/v1/auth/refresh', { token: 'f.first' })
    .reply(200, { access_token: 'f.second', expires_in: 60 });
  const second = nock(API).post('/api/v1/auth/refresh', { token: 'f.second' }).reply(200, { access_token: 'f.third', expires_in: 60 });
  const store = await restoredSession(120_000);

  await advance(59_000);
  expect(first.isDone()).toBe(false);
  await advance(1_500);
  await waitForState(store, (s) => s.auth.step === 'loggedIn' && s.auth.accessToken.token === 'f.second');
  expect(JSON.parse(sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? '{}').token).toBe('f.second');

  await advance(29_000);
  expect(second.isDone()).toBe(false);
  await advance(1_500);
  await waitForState(store, (s) => s.auth.step === 'loggedIn' && s.auth.accessToken.token === 'f.third');
});

test('a 400 answer stops renewing; the session stays until it ends', async () => {
  const refresh = nock(API).post('/api/v1/auth/refresh').reply(400, { message: 'bad', code: 'bad_request' });
  const again = nock(API).post('/api/v1/auth/refresh').reply(200, { access_token: 'never', expires_in: 60 });
  const store = await restoredSession(40_000);
  await advance(20_500);
  expect(refresh.isDone()).toBe(true);
  await advance(60_000);
  expect(again.isDone()).toBe(false);
  expect(store.getState().auth).toMatchObject({ step: 'loggedIn', accessToken: { token: 'f.first' } });
});

test('other failures are logged and retried after half the remaining lifetime, at least 10 s', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  nock(API).post('/api/v1/auth/refresh').reply(503, { message: 'down' });
  const retry = nock(API).post('/api/v1/auth/refresh').reply(200, { access_token: 'f.retried', expires_in: 900 });
  const store = await restoredSession(40_000);
  await advance(20_500); // first attempt at 20 s fails; 19.5 s remain -> retry in 10 s
  await until(() => warn.mock.calls.length > 0);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('renewal failed'), expect.objectContaining({ status: 503 }));
  await advance(9_000);
  expect(retry.isDone()).toBe(false);
  await advance(1_500);
  await waitForState(store, (s) => s.auth.step === 'loggedIn' && s.auth.accessToken.token === 'f.retried');
});

test('a 401 on any call signs out with "Session expired" and stops renewing', async () => {
  const store = await restoredSession(600_000);
  const refresh = nock(API).post('/api/v1/auth/refresh').reply(200, { access_token: 'x', expires_in: 900 });
  nock(API).get('/api/v1/profile-settings').reply(401, { message: 'expired', code: 'token_expired' });
  store.dispatch({ type: 'profile/loadRequested' });
  await waitForState(store, (s) => s.auth.step === 'loggedOut');
  expect(store.getState().auth).toEqual({ step: 'loggedOut', errorMessage: 'token_expired' });
  expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  expect(store.getState().profile.settings).toBeNull();
  await advance(600_000);
  expect(refresh.isDone()).toBe(false);
});

test('sign-out revokes the session on the server and forgets the token', async () => {
  const store = await restoredSession(600_000, 'f.mine');
  const logout = nock(API, { reqheaders: { authorization: 'Bearer f.mine' } }).post('/api/v1/auth/logout').reply(204);
  store.dispatch(authActions.logoutRequested());
  expect(store.getState().auth).toEqual({ step: 'loggedOut', errorMessage: null });
  await until(() => logout.isDone());
  expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
});

test('sign-out still ends the session here when the server is unreachable, without "Session expired"', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const store = await restoredSession(600_000);
  const logout = nock(API).post('/api/v1/auth/logout').reply(401, { message: 'gone' });
  store.dispatch(authActions.logoutRequested());
  await until(() => logout.isDone());
  await advance(10);
  expect(store.getState().auth).toEqual({ step: 'loggedOut', errorMessage: null });
});
