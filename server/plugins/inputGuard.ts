// The first line of defence against input no route can mean (issue "no 500 for bad input"), for
// every route including the unauthenticated ones, before any handler or database call:
// - JSON bodies nested deeper than MAX_JSON_DEPTH are refused before parsing (400 too_deep);
// - request schemas are validated without type coercion of JSON bodies (requestValidators.ts), and
//   their strings and numbers get the default checks of requestFormats.ts (no control characters,
//   finite numbers, integers within a PostgreSQL integer);
// - a NUL or a lone surrogate anywhere in the path, query, headers or body is refused (400
//   invalid_characters): PostgreSQL cannot store the first, UTF-8 cannot encode the second.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/apiError';
import { jsonNestingDepth, MAX_JSON_DEPTH } from '../input/jsonDepth';
import { findUnstorableText } from '../input/storableText';
import { withRequestFormats } from '../input/requestFormats';
import { requestValidatorCompiler } from '../input/requestValidators';
import { globalPlugin } from './global';

export function tooDeepError(limit: number): ApiError {
  return new ApiError({ statusCode: 400, code: 'too_deep', messageId: 'server.errors.tooDeep', values: { limit } });
}

function invalidCharacters(path: string): ApiError {
  return new ApiError({
    statusCode: 400,
    code: 'invalid_characters',
    messageId: 'server.errors.invalidCharacters',
    values: { path },
    errors: [{ path, key: 'string.unstorable', context: {} }],
  });
}

/** Parsed bodies only: the file upload routes hand their handler the unread request stream. */
function isParsedBody(body: unknown): boolean {
  if (typeof body === 'string' || Array.isArray(body)) return true;
  if (body === null || typeof body !== 'object') return false;
  const prototype = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}

function checkStorable(value: unknown, part: string): void {
  const path = findUnstorableText(value, part);
  if (path !== undefined) throw invalidCharacters(path);
}

const REQUEST_SCHEMA_PARTS = ['body', 'querystring', 'query', 'params', 'headers'] as const;

export const inputGuardPlugin = globalPlugin(async (app: FastifyInstance) => {
  app.setValidatorCompiler(requestValidatorCompiler(app.getSchemas()));
  app.addHook('onRoute', (routeOptions) => {
    const schema = routeOptions.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    const checked: Record<string, unknown> = { ...schema };
    for (const part of REQUEST_SCHEMA_PARTS) {
      if (schema[part] !== undefined) checked[part] = withRequestFormats(schema[part]);
    }
    routeOptions.schema = checked;
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(tooDeepError(MAX_JSON_DEPTH), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('onRequest', async (request) => {
    checkStorable(request.params, 'params');
    checkStorable(request.query, 'query');
    checkStorable(request.headers, 'headers');
  });
  app.addHook('preValidation', async (request) => {
    if (isParsedBody(request.body)) checkStorable(request.body, 'body');
  });
});
