// The one error model, as a caller sees it: status, code, localized message, field errors.
import { createTestServer, type TestServer } from '../helpers/serverApp';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ env: { BODY_LIMIT: '2048' } });
});
afterAll(() => server.close());

const EN = { 'accept-language': 'en-GB,en;q=0.9' };

async function postClientError(payload: string, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/client-errors',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function eventCount(): Promise<number> {
  const rows = await server.db.selectFrom('application_log').select('id').where('event', 'is not', null).execute();
  return rows.length;
}

describe.each([
  ['hu (default)', {}, 'hu'],
  ['hu (Accept-Language: hu-HU)', { 'accept-language': 'hu-HU,hu;q=0.9,en;q=0.8' }, 'hu'],
  ['de falls back to hu', { 'accept-language': 'de-DE' }, 'hu'],
  ['en', EN, 'en'],
] as const)('in %s', (_name, headers, lang) => {
  const text = {
    hu: {
      invalidJson: 'A kérés törzse nem érvényes JSON.',
      notFound: 'A keresett erőforrás nem található.',
      tooLarge: /^A kérés törzse túl nagy \(legfeljebb 2\s?048 bájt lehet\)\.$/,
      mediaType: /^Nem támogatott tartalomtípus\./,
      validation: 'Érvénytelen kérés: kind: kötelező',
    },
    en: {
      invalidJson: 'The request body is not valid JSON.',
      notFound: 'The requested resource was not found.',
      tooLarge: /^The request body is too large \(at most 2,048 bytes\)\.$/,
      mediaType: /^Unsupported content type\./,
      validation: 'Invalid request: kind: required',
    },
  }[lang];

  test('malformed JSON is a 400 invalid_json', async () => {
    const response = await postClientError('{"kind": "crash",', headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'invalid_json', message: text.invalidJson });
  });

  test('a wrong content type is a 415', async () => {
    const response = await postClientError('<report/>', { ...headers, 'content-type': 'application/xml' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
    expect(response.json().message).toMatch(text.mediaType);
  });

  test('a body over BODY_LIMIT is a 413', async () => {
    const response = await postClientError(JSON.stringify({ kind: 'crash', message: 'x'.repeat(3000) }), headers);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, code: 'body_too_large' });
    expect(response.json().message).toMatch(text.tooLarge);
  });

  test('an unknown API route is a JSON 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ statusCode: 404, code: 'not_found', message: text.notFound });
  });

  test('a schema violation is a 400 naming the field and its key', async () => {
    const response = await postClientError(JSON.stringify({ message: 'boom' }), headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: text.validation,
      errors: [{ path: 'kind', key: 'any.required', context: {} }],
    });
  });
});

test('several schema errors come back together and the en summary lists them', async () => {
  const big = await createTestServer();
  try {
    const response = await big.app.inject({
      method: 'POST',
      url: '/api/v1/client-errors',
      headers: EN,
      payload: { kind: 'oops', message: 'm'.repeat(2001), comments: 42, stack: ['not', 'text'] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'kind', key: 'any.only', context: { valids: ['crash', 'feedback'] } },
        { path: 'message', key: 'string.max', context: { limit: 2000 } },
        { path: 'stack', key: 'string.base', context: {} },
      ]),
    );
    expect(body.message).toContain('kind: invalid value: crash, feedback');
    expect(body.message).toContain('message: is longer than 2000');
  } finally {
    await big.close();
  }
});

test('an empty JSON body is a 400 invalid_json, not a 500', async () => {
  const response = await postClientError('');
  expect(response.statusCode).toBe(400);
  expect(response.json().code).toBe('invalid_json');
});

test('none of the rejected requests wrote an event', async () => {
  expect(await eventCount()).toBe(0);
});
