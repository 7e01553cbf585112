// The one HTTP client: headers every call carries, the two body encodings, and the error text of
// spec §8 ("message (status)", or "Error" with no answer).
import nock from 'nock';
import { sendRequest } from '../../../src/api/client';
import { ApiError, toErrorState } from '../../../src/api/errors';

afterEach(() => nock.cleanAll());
beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());

test('sends the Bearer token, the locale and the query', async () => {
  nock('http://localhost', { reqheaders: { authorization: 'Bearer t-1', 'accept-language': 'en' } })
    .get('/api/v1/patients')
    .query({ offset: '0', limit: '10', filter: 'name=@Kiss' })
    .reply(200, { results: [] });
  const response = await sendRequest(
    { method: 'GET', path: '/patients', query: { offset: 0, limit: 10, filter: 'name=@Kiss', sort: undefined } },
    { token: 't-1', locale: 'en' },
  );
  expect(response.data).toEqual({ results: [] });
});

test('sends form-encoded bodies for the OAuth-style calls and JSON for the rest', async () => {
  nock('http://localhost', { reqheaders: { 'content-type': 'application/x-www-form-urlencoded' } })
    .post('/api/v1/auth/tokens', 'grant_type=password&username=a%40b.hu&password=x%26y')
    .reply(200, { access_token: 'x' });
  nock('http://localhost', { reqheaders: { 'content-type': 'application/json' } })
    .post('/api/v1/client-errors', { kind: 'feedback', comments: 'hi' })
    .reply(201, { results: [{ id: '1' }] });
  await sendRequest({ method: 'POST', path: '/auth/tokens', form: { grant_type: 'password', username: 'a@b.hu', password: 'x&y' } }, { token: null, locale: 'hu' });
  await sendRequest({ method: 'POST', path: '/client-errors', json: { kind: 'feedback', comments: 'hi' } }, { token: null, locale: 'hu' });
  expect(nock.isDone()).toBe(true);
});

test('an explicit token replaces the session token, and null sends none', async () => {
  nock('http://localhost', { reqheaders: { authorization: 'Bearer mfa-token' } }).post('/api/v1/auth/mfa-tokens').reply(200, {});
  nock('http://localhost', { badheaders: ['authorization'] }).post('/api/v1/auth/tokens').reply(200, {});
  await sendRequest({ method: 'POST', path: '/auth/mfa-tokens', token: 'mfa-token' }, { token: 'session', locale: 'hu' });
  await sendRequest({ method: 'POST', path: '/auth/tokens', token: null }, { token: 'session', locale: 'hu' });
  expect(nock.isDone()).toBe(true);
});

test('an error answer becomes "message (status)" with the code and field errors', async () => {
  nock('http://localhost')
    .get('/api/v1/forms/9')
    .reply(404, { message: 'Error loading form', statusCode: 404, code: 'not_found', errors: [{ path: 'id', key: 'any.required' }] });
  const error = await sendRequest({ method: 'GET', path: '/forms/9' }, { token: 't', locale: 'en' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(toErrorState(error)).toEqual({
    code: 'not_found',
    message: 'Error loading form (404)',
    status: 404,
    errors: [{ path: 'id', key: 'any.required' }],
  });
});

test('no answer at all reads "Error"', async () => {
  nock('http://localhost').get('/api/v1/forms/9').replyWithError('connection refused');
  const error = await sendRequest({ method: 'GET', path: '/forms/9' }, { token: 't', locale: 'en' }).catch((e: unknown) => e);
  expect(toErrorState(error)).toEqual({ code: 'network_error', message: 'Error' });
});

test('further fields of an error answer are kept as details', async () => {
  nock('http://localhost')
    .post('/api/v1/institutes/i-1/patients')
    .reply(409, { message: 'Patient already exists with different data', statusCode: 409, code: 'patient_exists_different', existingPatientId: 'p-7' });
  const error = await sendRequest({ method: 'POST', path: '/institutes/i-1/patients', json: {} }, { token: 't', locale: 'en' }).catch((e: unknown) => e);
  expect(toErrorState(error)).toMatchObject({ code: 'patient_exists_different', status: 409, details: { existingPatientId: 'p-7' } });
});
