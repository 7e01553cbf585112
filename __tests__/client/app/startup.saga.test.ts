// Startup on the real store: the stored session is restored, the client configuration loads, an
// incompatible API only warns, and form backups are cleared unless the server enables them.
import nock from 'nock';
import { TOKEN_STORAGE_KEY } from '../../../src/features/auth/tokenStorage';
import { clientConfigurationActions } from '../../../src/app/startup/clientConfiguration.slice';
import { API, CONFIGURATION, SIGNED_IN_CONFIGURATION, startStore, waitForState } from '../../helpers/storeHelpers';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  nock.cleanAll();
  sessionStorage.clear();
  localStorage.clear();
  jest.restoreAllMocks();
});

function storeToken(token: string, expiresInMs: number): void {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token, expiresAt: Date.now() + expiresInMs }));
}

test('without a stored session the configuration loads anonymously', async () => {
  nock(API, { badheaders: ['authorization'] }).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  const store = startStore();
  expect(store.getState().clientConfiguration.status).toBe('loading');
  const state = await waitForState(store, (s) => s.clientConfiguration.status === 'ready');
  expect(state.clientConfiguration.data).toEqual(CONFIGURATION);
  expect(state.auth.step).toBe('loggedOut');
});

test('a stored, unexpired session is restored and sent with the configuration call', async () => {
  storeToken('stored-token', 600_000);
  nock(API, { reqheaders: { authorization: 'Bearer stored-token' } }).get('/api/v1/client-configuration').reply(200, SIGNED_IN_CONFIGURATION);
  const store = startStore();
  const state = await waitForState(store, (s) => s.clientConfiguration.status === 'ready');
  expect(state.auth).toMatchObject({ step: 'loggedIn', accessToken: { token: 'stored-token' } });
  expect(state.clientConfiguration.data?.user?.name).toBe('Dr. Kiss Anna');
});

test('an expired stored session is dropped', async () => {
  storeToken('old-token', -1000);
  nock(API, { badheaders: ['authorization'] }).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  const state = await waitForState(startStore(), (s) => s.clientConfiguration.status === 'ready');
  expect(state.auth.step).toBe('loggedOut');
  expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
});

test('a restored session the server has revoked ends with "Session expired"; the app still starts', async () => {
  storeToken('revoked-token', 600_000);
  nock(API, { reqheaders: { authorization: 'Bearer revoked-token' } }).get('/api/v1/client-configuration').reply(401, { message: 'expired', code: 'token_expired' });
  nock(API, { badheaders: ['authorization'] }).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  const state = await waitForState(startStore(), (s) => s.clientConfiguration.status === 'ready');
  expect(state.auth).toEqual({ step: 'loggedOut', errorMessage: 'token_expired' });
  expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
});

test.each([
  [false, []],
  [true, ['formBackup:u-1:f-9', 'formSession:f-9']],
])('with formBackupEnabled %p the form copies kept are %p', async (enabled, kept) => {
  localStorage.setItem('formBackup:u-1:f-9', '{}');
  sessionStorage.setItem('formSession:f-9', '{}');
  localStorage.setItem('locale', 'en');
  nock(API).get('/api/v1/client-configuration').reply(200, { ...CONFIGURATION, formBackupEnabled: enabled });
  await waitForState(startStore(), (s) => s.clientConfiguration.status === 'ready');
  const present = ['formBackup:u-1:f-9', 'formSession:f-9'].filter((key) => localStorage.getItem(key) ?? sessionStorage.getItem(key));
  expect(present).toEqual(kept);
  expect(localStorage.getItem('locale')).toBe('en');
});

test.each([
  ['1.39.0', 1],
  ['1.40.1', 0],
  ['2.0.0', 0],
])('API version %s gives %i console warnings and the app starts anyway', async (apiVersion, warnings) => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  nock(API).get('/api/v1/client-configuration').reply(200, { ...CONFIGURATION, apiVersion });
  const state = await waitForState(startStore(), (s) => s.clientConfiguration.status === 'ready');
  expect(state.clientConfiguration.data?.apiVersion).toBe(apiVersion);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(warn.mock.calls.filter(([text]) => String(text).includes('>=1.40.1'))).toHaveLength(warnings);
});

test('a server that cannot be reached shows the failure state, and a retry recovers', async () => {
  nock(API).get('/api/v1/client-configuration').replyWithError('ECONNREFUSED');
  const store = startStore();
  await waitForState(store, (s) => s.clientConfiguration.status === 'failed');
  nock(API).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  store.dispatch(clientConfigurationActions.loadRequested());
  await waitForState(store, (s) => s.clientConfiguration.status === 'ready');
});
