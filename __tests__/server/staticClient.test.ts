// The built client: files with cache headers, index.html for client-side routes, JSON 404 for /api.
import { createTestServer, type TestServer } from '../helpers/serverApp';

const INDEX = '<!doctype html><html><head><script src="/main.0123abcd.js"></script></head><body></body></html>';

describe('with a client build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      staticFiles: { 'index.html': INDEX, 'main.0123abcd.js': 'console.log(1)', 'robots.txt': 'User-agent: *' },
    });
  });
  afterAll(() => server.close());

  test.each(['/', '/login', '/registration', '/admin', '/admin/users/42', '/no/such/page'])(
    'GET %s answers index.html, revalidated every time',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).toBe(INDEX);
    },
  );

  test('hashed assets are cached for a year, other files revalidate', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await server.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  test('a missing file is a 404, not the client shell', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/main.deadbeef.js' });
    expect(response.statusCode).toBe(404);
  });

  test.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/other'],
    ['POST', '/login'],
  ])('%s %s answers the JSON 404', async (method, url) => {
    const response = await server.app.inject({ method: method as 'GET' | 'POST', url, headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'not_found', message: 'The requested resource was not found.' });
  });
});

describe('without a client build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  test('client routes answer the JSON 404 and the API still works', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(404);
    expect(page.json().code).toBe('not_found');
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
