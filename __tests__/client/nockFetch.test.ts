// Proves that nock intercepts the transport the API client really uses (Node's fetch under
// jsdom), so every saga test below exercises the real client.
import nock from 'nock';
import { sendRequest } from '../../src/api/client';

afterEach(() => nock.cleanAll());

test('nock intercepts the API client', async () => {
  nock('http://localhost').get('/api/v1/ping').reply(200, { ok: true });
  const response = await sendRequest({ method: 'GET', path: '/ping' }, { token: null, locale: 'hu' });
  expect(response.data).toEqual({ ok: true });
  expect(nock.isDone()).toBe(true);
});
