// The registration sagas on the real store: the form's loads, the submit with its field errors
// and captcha renewal, the resend and the confirmation of the e-mailed link.
import nock from 'nock';
import { localeActions } from '../../../src/features/locale/locale.slice';
import { registrationActions } from '../../../src/features/registration/registration.slice';
import { captchaSpent } from '../../../src/features/registration/registration.saga';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { answerFormLoads, challenge, INSTITUTES, quietStartup, VALID_FORM } from './fixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => quietStartup());
afterEach(() => nock.cleanAll());

test('opening the form loads the institutes and a captcha challenge', async () => {
  const calls = answerFormLoads();
  const store = startStore();
  store.dispatch(registrationActions.formOpened());
  store.dispatch(registrationActions.institutesRequested());
  expect(store.getState().registration.institutes.status).toBe('loading');
  const state = await waitForState(store, (s) => s.registration.institutes.status === 'ready' && s.registration.captcha.status === 'ready');
  expect(state.registration.institutes.items).toEqual(INSTITUTES);
  expect(state.registration.captcha.challenge).toEqual(challenge());
  expect(calls.institutes.isDone() && calls.captcha.isDone()).toBe(true);
});

test('the institutes are asked for in the interface language, which names them', async () => {
  nock(API, { reqheaders: { 'accept-language': 'hu' } })
    .get('/api/v1/user-registrations/institutes')
    .reply(200, { results: [{ id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK' }] });
  const store = startStore({ locale: { locale: 'hu' } });
  store.dispatch(registrationActions.institutesRequested());
  await waitForState(store, (s) => s.registration.institutes.items[0]?.name === 'Szent Lukács Kórház');
  nock(API, { reqheaders: { 'accept-language': 'en' } })
    .get('/api/v1/user-registrations/institutes')
    .reply(200, { results: [{ id: 'i-1', name: "St. Luke's Hospital", shortName: 'SZLK' }] });
  store.dispatch(localeActions.preferenceLoaded('en'));
  store.dispatch(registrationActions.institutesRequested());
  expect(store.getState().registration.institutes.items).toHaveLength(1);
  await waitForState(store, (s) => s.registration.institutes.items[0]?.name === "St. Luke's Hospital");
});

test('institutes or a challenge that cannot be loaded are marked failed; a retry loads a challenge', async () => {
  nock(API).get('/api/v1/user-registrations/institutes').reply(500, { message: 'down' });
  nock(API).get('/api/v1/user-registrations/captcha').replyWithError('ECONNREFUSED');
  const store = startStore();
  store.dispatch(registrationActions.formOpened());
  store.dispatch(registrationActions.institutesRequested());
  await waitForState(store, (s) => s.registration.institutes.status === 'failed' && s.registration.captcha.status === 'failed');
  nock(API).get('/api/v1/user-registrations/captcha').reply(200, challenge('retry'));
  store.dispatch(registrationActions.captchaRequested());
  await waitForState(store, (s) => s.registration.captcha.challenge?.parameters.nonce === 'retry');
});

test('a successful registration posts the form and keeps the address for the confirm-your-e-mail notice', async () => {
  const post = nock(API, { badheaders: ['authorization'] })
    .post('/api/v1/user-registrations/users', VALID_FORM)
    .reply(201, { results: [{ id: 'u-9', email: 'anna@example.org', state: 'unconfirmed' }] });
  const store = startStore();
  store.dispatch(registrationActions.registrationSubmitted(VALID_FORM));
  expect(store.getState().registration.submit).toBe('sending');
  const state = await waitForState(store, (s) => s.registration.submit === 'sent');
  expect(state.registration.registeredEmail).toBe('anna@example.org');
  expect(post.isDone()).toBe(true);
});

test('a duplicate address keeps the field error for the form and fetches a new challenge', async () => {
  const errors = [{ path: 'email', key: 'api.unique', context: {} }];
  nock(API).post('/api/v1/user-registrations/users').reply(400, { message: 'Validation failed', code: 'validation_failed', errors });
  const renewed = nock(API).get('/api/v1/user-registrations/captcha').reply(200, challenge('renewed'));
  const store = startStore();
  store.dispatch(registrationActions.registrationSubmitted(VALID_FORM));
  const state = await waitForState(store, (s) => s.registration.submit === 'failed' && s.registration.captcha.status === 'ready');
  expect(state.registration.error).toMatchObject({ code: 'validation_failed', status: 400, errors });
  expect(state.registration.captcha.challenge?.parameters.nonce).toBe('renewed');
  expect(renewed.isDone()).toBe(true);
});

test('field errors that left the captcha unspent keep the solved challenge', async () => {
  answerFormLoads('kept');
  const store = startStore();
  store.dispatch(registrationActions.formOpened());
  await waitForState(store, (s) => s.registration.captcha.status === 'ready');
  const errors = [{ path: 'instituteId', key: 'api.notFound', context: {} }];
  nock(API).post('/api/v1/user-registrations/users').reply(400, { message: 'Validation failed', code: 'validation_failed', errors });
  store.dispatch(registrationActions.registrationSubmitted(VALID_FORM));
  const state = await waitForState(store, (s) => s.registration.submit === 'failed');
  expect(state.registration.error?.errors).toEqual(errors);
  expect(state.registration.captcha).toMatchObject({ status: 'ready', challenge: { parameters: { nonce: 'kept' } } });
});

test.each([
  [[], true],
  [[{ path: 'altcha', key: 'api.recaptcha' }], true],
  [[{ path: 'email', key: 'api.unique' }], true],
  [[{ path: 'name', key: 'string.empty' }], false],
])('field errors %j mean the captcha may be spent: %p', (errors, spent) => {
  expect(captchaSpent({ code: 'validation_failed', errors })).toBe(spent);
});

test('resending the confirmation posts the address', async () => {
  const post = nock(API, { badheaders: ['authorization'] })
    .post('/api/v1/user-registrations/resend-confirmation-email', { email: 'anna@example.org' })
    .reply(200, { results: [{ accepted: true }] });
  const store = startStore();
  store.dispatch(registrationActions.resendRequested({ email: 'anna@example.org' }));
  await waitForState(store, (s) => s.registration.resend === 'sent');
  expect(post.isDone()).toBe(true);
  nock(API).post('/api/v1/user-registrations/resend-confirmation-email').reply(503, { message: 'busy' });
  store.dispatch(registrationActions.resendRequested({ email: 'anna@example.org' }));
  await waitForState(store, (s) => s.registration.resend === 'failed');
});

test('a valid confirmation link confirms the address', async () => {
  const post = nock(API, { badheaders: ['authorization'] })
    .post('/api/v1/user-registrations/users/u-9/email-confirmation-token', { token: 'tok-1' })
    .reply(200, { results: [{ confirmed: true }] });
  const store = startStore();
  store.dispatch(registrationActions.confirmationRequested({ userId: 'u-9', token: 'tok-1' }));
  await waitForState(store, (s) => s.registration.confirmation === 'confirmed');
  expect(post.isDone()).toBe(true);
});

test('a refused confirmation keeps the server code; a second request for the same token while the first runs is not sent', async () => {
  const post = nock(API)
    .post('/api/v1/user-registrations/users/u-9/email-confirmation-token')
    .delay(50)
    .reply(400, { message: 'Email confirmation failed. Please contact our administrator.', code: 'email_confirmation_failed' });
  const store = startStore();
  store.dispatch(registrationActions.confirmationRequested({ userId: 'u-9', token: 'used' }));
  store.dispatch(registrationActions.confirmationRequested({ userId: 'u-9', token: 'used' }));
  const state = await waitForState(store, (s) => s.registration.confirmation === 'failed');
  expect(state.registration.confirmationError).toMatchObject({ code: 'email_confirmation_failed', status: 400 });
  expect(post.isDone()).toBe(true);
});
