import nock from 'nock';
test('nock intercepts fetch in the client environment', async () => {
  nock('http://localhost').get('/api/v1/ping').reply(200, { ok: true });
  const res = await fetch('http://localhost/api/v1/ping');
  expect(await res.json()).toEqual({ ok: true });
});
