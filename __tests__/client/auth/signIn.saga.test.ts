// The login step machine of spec auth §4 on the real store, with the server answered by nock.
import nock from 'nock';
import { authActions } from '../../../src/features/auth/auth.slice';
import { TOKEN_STORAGE_KEY } from '../../../src/features/auth/tokenStorage';
import { API, CONFIGURATION, SIGNED_IN_CONFIGURATION, startStore, waitForState } from '../../helpers/storeHelpers';

const PROFILE = { perPage: 20, locale: 'en', saved: true, mfaEnabled: false, mfaPolicy: 'user', mfaEnforcedAt: null };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => {
  nock(API).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
});
afterEach(() => {
  nock.cleanAll();
  sessionStorage.clear();
  localStorage.clear();
});

async function readyStore(): Promise<ReturnType<typeof startStore>> {
  const store = startStore({ locale: { locale: 'hu' } });
  await waitForState(store, (s) => s.clientConfiguration.status === 'ready');
  return store;
}

function answerSignedIn(token: string): void {
  nock(API, { reqheaders: { authorization: `Bearer ${token}` } }).get('/api/v1/client-configuration').reply(200, SIGNED_IN_CONFIGURATION);
  nock(API, { reqheaders: { authorization: `Bearer ${token}` } }).get('/api/v1/profile-settings').reply(200, { results: [PROFILE] });
}

test('a password sign-in without MFA stores the session, loads the user and applies the stored language', async () => {
  nock(API, { reqheaders: FORM })
    .post('/api/v1/auth/tokens', { grant_type: 'password', username: 'anna@example.org', password: 'Secret-Pass-1' })
    .reply(200, { access_token: 'f.full', expires_in: 900, mfa_required: false, mfa_configured: false, mfa_enforced_at: null });
  answerSignedIn('f.full');
  const store = await readyStore();
  store.dispatch(authActions.loginRequested({ username: 'anna@example.org', password: 'Secret-Pass-1' }));
  expect(store.getState().auth.step).toBe('passwordAuthRequest');
  const state = await waitForState(store, (s) => s.profile.settings !== null && s.clientConfiguration.data?.user !== undefined);
  expect(state.auth).toMatchObject({ step: 'loggedIn', accessToken: { token: 'f.full' } });
  expect(JSON.parse(sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? '{}')).toEqual({ token: 'f.full', expiresAt: expect.any(Number) });
  expect(state.clientConfiguration.data?.user?.name).toBe('Dr. Kiss Anna');
  expect(state.locale.locale).toBe('en');
  expect(state.profile.settings?.perPage).toBe(20);
});

test('without saved preferences the default language does not override the one in use', async () => {
  nock(API)
    .post('/api/v1/auth/tokens')
    .reply(200, { access_token: 'f.full', expires_in: 900, mfa_required: false, mfa_configured: false, mfa_enforced_at: null });
  nock(API).get('/api/v1/client-configuration').reply(200, SIGNED_IN_CONFIGURATION);
  nock(API).get('/api/v1/profile-settings').reply(200, { results: [{ ...PROFILE, locale: 'hu', saved: false }] });
  const store = startStore({ locale: { locale: 'en' } });
  await waitForState(store, (s) => s.clientConfiguration.status === 'ready');
  store.dispatch(authActions.loginRequested({ username: 'anna@example.org', password: 'Secret-Pass-1' }));
  const state = await waitForState(store, (s) => s.profile.settings !== null);
  expect(state.locale.locale).toBe('en');
});

test('a wrong password is a failed sign-in with the server code, not an expired session', async () => {
  nock(API).post('/api/v1/auth/tokens').reply(401, { message: 'Sikertelen bejelentkezés', statusCode: 401, code: 'login_failed' });
  const store = await readyStore();
  store.dispatch(authActions.loginRequested({ username: 'anna@example.org', password: 'wrong' }));
  const state = await waitForState(store, (s) => s.auth.step === 'passwordAuthFailure');
  expect(state.auth).toEqual({ step: 'passwordAuthFailure', error: { code: 'login_failed', message: 'Sikertelen bejelentkezés (401)', status: 401 } });
});

describe('MFA required and configured', () => {
  async function atMfaStep(): Promise<ReturnType<typeof startStore>> {
    nock(API)
      .post('/api/v1/auth/tokens')
      .reply(200, { access_token: 'm.step', expires_in: 300, mfa_required: true, mfa_configured: true, mfa_enforced_at: null });
    const store = await readyStore();
    store.dispatch(authActions.loginRequested({ username: 'anna@example.org', password: 'Secret-Pass-1' }));
    await waitForState(store, (s) => s.auth.step === 'mfaAuthRequired');
    return store;
  }

  test.each([
    [400, 'invalid_token'],
    [429, 'login_failed'],
    [500, 'login_failed'],
  ])('a %i answer to the code gives %s', async (status, reason) => {
    nock(API).post('/api/v1/auth/mfa-tokens').reply(status, { message: 'x', code: 'x' });
    const store = await atMfaStep();
    store.dispatch(authActions.mfaTokenSubmitted({ otpToken: '123456' }));
    expect(store.getState().auth.step).toBe('mfaAuthRequest');
    const state = await waitForState(store, (s) => s.auth.step === 'mfaAuthFailure');
    expect(state.auth).toEqual({ step: 'mfaAuthFailure', mfaAccessToken: 'm.step', errorMessage: reason });
  });

  test('a 401 to the code ends the sign-in with "Session expired"', async () => {
    nock(API).post('/api/v1/auth/mfa-tokens').reply(401, { message: 'x', code: 'token_expired' });
    const store = await atMfaStep();
    store.dispatch(authActions.mfaTokenSubmitted({ otpToken: '123456' }));
    const state = await waitForState(store, (s) => s.auth.step === 'loggedOut');
    expect(state.auth).toEqual({ step: 'loggedOut', errorMessage: 'token_expired' });
  });

  test('the right code, sent form-encoded with the MFA token, signs in', async () => {
    nock(API, { reqheaders: { ...FORM, authorization: 'Bearer m.step' } })
      .post('/api/v1/auth/mfa-tokens', { otp_token: '654321' })
      .reply(200, { access_token: 'f.after-mfa', expires_in: 900 });
    answerSignedIn('f.after-mfa');
    const store = await atMfaStep();
    store.dispatch(authActions.mfaTokenSubmitted({ otpToken: '654321' }));
    const state = await waitForState(store, (s) => s.auth.step === 'loggedIn');
    expect(state.auth).toMatchObject({ accessToken: { token: 'f.after-mfa' } });
  });

  test('the recovery-key path: a wrong key, back to the code, then a right key', async () => {
    nock(API).post('/api/v1/auth/mfa-recovery', { recovery_key: 'AAAA-BBBB-CCCC-DDDD' }).reply(400, { message: 'x', code: 'invalid_token' });
    nock(API, { reqheaders: { authorization: 'Bearer m.step' } })
      .post('/api/v1/auth/mfa-recovery', { recovery_key: 'EEEE-FFFF-GGGG-HHHH' })
      .reply(200, { access_token: 'f.recovered', expires_in: 900 });
    answerSignedIn('f.recovered');
    const store = await atMfaStep();
    store.dispatch(authActions.recoveryKeyPathChosen());
    expect(store.getState().auth.step).toBe('mfaRecoveryKeyRequired');
    store.dispatch(authActions.recoveryKeySubmitted({ recoveryKey: 'AAAA-BBBB-CCCC-DDDD' }));
    await waitForState(store, (s) => s.auth.step === 'mfaRecoveryKeyFailure');
    expect(store.getState().auth).toMatchObject({ errorMessage: 'invalid_token' });
    store.dispatch(authActions.recoveryKeyBack());
    expect(store.getState().auth).toEqual({ step: 'mfaAuthRequired', mfaAccessToken: 'm.step' });
    store.dispatch(authActions.recoveryKeyPathChosen());
    store.dispatch(authActions.recoveryKeySubmitted({ recoveryKey: 'EEEE-FFFF-GGGG-HHHH' }));
    await waitForState(store, (s) => s.auth.step === 'loggedIn');
  });
});

test('MFA required but not set up leads to setup with the enforcement date', async () => {
  nock(API)
    .post('/api/v1/auth/tokens')
    .reply(200, { access_token: 'm.setup', expires_in: 300, mfa_required: true, mfa_configured: false, mfa_enforced_at: '2026-11-21T08:00:00.000Z' });
  const store = await readyStore();
  store.dispatch(authActions.loginRequested({ username: 'mfa@example.org', password: 'Secret-Pass-1' }));
  const state = await waitForState(store, (s) => s.auth.step === 'mfaSetupRequired');
  expect(state.auth).toEqual({ step: 'mfaSetupRequired', mfaAccessToken: 'm.setup', mfaEnforcedAt: '2026-11-21T08:00:00.000Z' });
});

test('events that do not fit the current step are ignored', async () => {
  const store = await readyStore();
  store.dispatch(authActions.mfaTokenSubmitted({ otpToken: '123456' }));
  store.dispatch(authActions.recoveryKeyBack());
  store.dispatch(authActions.tokenRefreshed({ token: 'x', expiresAt: 1 }));
  expect(store.getState().auth).toEqual({ step: 'loggedOut', errorMessage: null });
});
