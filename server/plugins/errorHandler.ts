// The one error model (DESIGN §5): every failure answers `{ message, statusCode, code, errors? }`
// with the message in the caller's language. 5xx answers say only that something went wrong; the
// complete error goes to the log with the request id.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyAttemptsError } from '../auth/authErrors';
import { DatabaseBusyError } from '../db/sqliteBusy';
import { ApiError, validationError, type FieldError } from '../errors/apiError';
import { schemaErrorsToFieldErrors, type AjvLikeError } from '../errors/schemaErrors';
import { translate } from '../i18n/catalogue';
import { localeFromAcceptLanguage, type Locale } from '../i18n/locale';
import { globalPlugin } from './global';

export interface ErrorAnswer {
  message: string;
  statusCode: number;
  code: string;
  errors?: FieldError[];
}

export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

const PART_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'params', headers: 'headers' };

function inputOf(request: FastifyRequest, part: string): unknown {
  if (part === 'body') return request.body;
  if (part === 'querystring') return request.query;
  if (part === 'params') return request.params;
  return request.headers;
}

/** Maps Fastify's own errors (parsing, limits, schemas) onto ApiErrors; anything else is a 500. */
function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  // Another server process held the SQLite file's write lock for 30 s (db/sqliteBusy.ts): nothing was written.
  if (error instanceof DatabaseBusyError) return new ApiError({ statusCode: 503, code: 'database_busy', messageId: 'server.errors.databaseBusy' });
  if (error.validation) {
    const part = error.validationContext ?? 'body';
    const errors = schemaErrorsToFieldErrors(error.validation as AjvLikeError[], PART_NAMES[part] ?? part, inputOf(request, part));
    return validationError(errors);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError({ statusCode: 400, code: 'invalid_json', messageId: 'server.errors.invalidJson' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError({
        statusCode: 415,
        code: 'unsupported_media_type',
        messageId: 'server.errors.unsupportedMediaType',
        values: { contentType: request.headers['content-type'] ?? '' },
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError({
        statusCode: 413,
        code: 'body_too_large',
        messageId: 'server.errors.bodyTooLarge',
        values: { limit: request.routeOptions.bodyLimit },
      });
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.errors.notFound' });
  if (status >= 400 && status < 500) {
    return new ApiError({ statusCode: status, code: 'bad_request', messageId: 'server.errors.badRequest' });
  }
  return new ApiError({ statusCode: 500, code: 'internal_error', messageId: 'server.errors.internal' });
}

export function errorAnswer(error: ApiError, locale: Locale): ErrorAnswer {
  let message = translate(locale, error.messageId, error.values);
  if (error.errors && error.errors.length > 0 && error.values.details === undefined) {
    // The summary names every field problem, so API callers (and "message (400)" in the client)
    // see what to fix without looking up keys; any message with a {details} place shows it.
    const details = error.errors
      .map((e) => `${e.path}: ${translate(locale, `validation.${e.key}`, e.context)}`)
      .join('; ');
    message = translate(locale, error.messageId, { ...error.values, details });
  }
  return {
    ...error.details,
    message,
    statusCode: error.statusCode,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).send(errorAnswer(error, requestLocale(request)));
}

export const errorHandlerPlugin = globalPlugin(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, request);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: apiError.code, statusCode: apiError.statusCode }, 'request rejected');
    return sendError(request, reply, apiError);
  });
});
