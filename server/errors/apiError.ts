// The one error type routes and services throw; the error handler turns it into the answer
// `{ message, statusCode, code, errors? }` with the message in the caller's language.
import type { MessageValues } from '../i18n/catalogue';

export interface FieldError {
  path: string;
  /** A validation message key of the catalogue (`any.required`, `string.min`, `list.limitRange`). */
  key: string;
  context: Record<string, unknown>;
}

export interface ApiErrorOptions {
  statusCode: number;
  /** Stable machine-readable code, snake_case (`validation_failed`, `not_found`). */
  code: string;
  /** Catalogue id of the message (`server.errors.notFound`). */
  messageId: string;
  values?: MessageValues;
  errors?: FieldError[];
  /** Extra answer properties some errors carry (existingPatientId, currentVersion, state, expected). */
  details?: Record<string, string | number | null>;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly messageId: string;
  readonly values: MessageValues;
  readonly errors?: FieldError[];
  readonly details?: Record<string, string | number | null>;

  constructor(options: ApiErrorOptions) {
    super(options.messageId);
    this.name = 'ApiError';
    this.statusCode = options.statusCode;
    this.code = options.code;
    this.messageId = options.messageId;
    this.values = options.values ?? {};
    this.errors = options.errors;
    this.details = options.details;
  }
}

export function validationError(errors: FieldError[]): ApiError {
  return new ApiError({ statusCode: 400, code: 'validation_failed', messageId: 'server.errors.validation', errors });
}

export function notFoundError(): ApiError {
  return new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.errors.notFound' });
}
