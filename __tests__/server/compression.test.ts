// Light pages: answers go out compressed when the caller accepts it (the client's precompressed
// twins as they are, anything else compressed on the fly), and source maps are never served.
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createTestServer, type TestServer } from '../helpers/serverApp';

// Large enough to be worth compressing (the threshold is 1 kB).
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const OTHER = `export const y = ${JSON.stringify('y'.repeat(4000))};`;
// The twins say which file went out: the server must not compress the plain file again instead.
const TWIN = `${BUNDLE}\n// twin`;
const INDEX = `<!doctype html><html><head><script src="/main.0123abcd.js"></script></head><body>${'<p>.</p>'.repeat(300)}</body></html>`;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    staticFiles: {
      'index.html': INDEX,
      'main.0123abcd.js': BUNDLE,
      'main.0123abcd.js.br': brotliCompressSync(TWIN),
      'main.0123abcd.js.gz': gzipSync(TWIN),
      'main.0123abcd.js.map': '{"version":3,"sources":["secret.ts"]}',
      'assets/other.4567cdef.js': OTHER,
      'assets/other.4567cdef.js.map': '{"version":3}',
    },
  });
});
afterAll(() => server.close());

const get = (url: string, encoding?: string): Promise<LightMyRequestResponse> =>
  server.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('compression', () => {
  test('a bundle with a brotli twin is served as that twin, cached for a year', async () => {
    const response = await get('/main.0123abcd.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(TWIN);
  });

  test('a caller that only takes gzip gets the gzip twin', async () => {
    const response = await get('/main.0123abcd.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(TWIN);
  });

  test('a file without a twin is compressed on the fly', async () => {
    const response = await get('/assets/other.4567cdef.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(OTHER);
  });

  test('the client shell of a client route is compressed', async () => {
    const response = await get('/login', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(INDEX);
  });

  test('API answers are compressed', async () => {
    const response = await get('/api/docs/json', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  test('a caller that accepts no encoding gets plain answers', async () => {
    const asset = await get('/main.0123abcd.js');
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe(BUNDLE);
    const api = await get('/api/docs/json', 'identity');
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.json().openapi).toMatch(/^3\./);
  });
});

describe('source maps', () => {
  test.each(['/main.0123abcd.js.map', '/assets/other.4567cdef.js.map', '/ASSETS/other.4567cdef.js.map'])('GET %s answers the JSON 404', async (url) => {
    const response = await server.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    expect(response.body).not.toContain('sources');
  });
});
