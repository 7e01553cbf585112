// Translates Fastify's ajv schema errors into the validation keys of the catalogue (spec
// business-data §5), so a 400 from a route schema looks like one from the domain rules.
import { STORABLE_DATE_FORMAT, STORABLE_DATES, TEXT_FORMATS } from '../input/requestFormats';
import type { FieldError } from './apiError';

export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_KEYS: Record<string, string> = {
  string: 'string.base',
  number: 'number.base',
  integer: 'number.integer',
  boolean: 'boolean.base',
  object: 'object.base',
  array: 'array.base',
};

/** `/items/0/name` -> `items.0.name`; an empty path names the request part (`body`, `query`). */
function dottedPath(instancePath: string, extra?: unknown): string {
  const parts = instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof extra === 'string' && extra !== '') parts.push(extra);
  return parts.join('.');
}

function keyAndContext(error: AjvLikeError, value: unknown): { key: string; context: Record<string, unknown> } {
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return { key: 'any.required', context: {} };
    case 'minLength':
      // An empty text reads better as "is empty" than as "is shorter than 1".
      return value === '' ? { key: 'string.empty', context: {} } : { key: 'string.min', context: { limit: params.limit } };
    case 'maxLength':
      return { key: 'string.max', context: { limit: params.limit } };
    case 'minimum':
    case 'exclusiveMinimum':
      return { key: 'number.min', context: { limit: params.limit } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { key: 'number.max', context: { limit: params.limit } };
    case 'minItems':
      return { key: 'array.min', context: { limit: params.limit } };
    case 'maxItems':
      return { key: 'array.max', context: { limit: params.limit } };
    case 'enum':
      return { key: 'any.only', context: { valids: params.allowedValues } };
    case 'const':
      return { key: 'any.only', context: { valids: [params.allowedValue] } };
    case 'pattern':
      return { key: 'string.regex.base', context: {} };
    case 'format':
      if (TEXT_FORMATS.has(String(params.format))) return { key: 'string.controlChars', context: {} };
      if (params.format === STORABLE_DATE_FORMAT) return { key: 'date.range', context: { ...STORABLE_DATES } };
      return params.format === 'email'
        ? { key: 'string.email', context: {} }
        : params.format === 'date' || params.format === 'date-time'
          ? { key: 'date.format', context: { format: params.format === 'date' ? 'YYYY-MM-DD' : 'ISO 8601' } }
          : { key: 'string.regex.base', context: {} };
    case 'type': {
      const type = Array.isArray(params.type) ? params.type[0] : params.type;
      return { key: TYPE_KEYS[String(type)] ?? 'default', context: {} };
    }
    case 'finite':
      return { key: 'number.base', context: {} };
    case 'additionalProperties':
      return { key: 'object.unknown', context: {} };
    default:
      return { key: 'default', context: {} };
  }
}

function valueAt(root: unknown, instancePath: string): unknown {
  let current = root;
  for (const part of instancePath.split('/').filter((p) => p !== '')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export function schemaErrorsToFieldErrors(errors: readonly AjvLikeError[], part: string, input: unknown): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors) {
    const extra = error.keyword === 'required' ? error.params.missingProperty : error.params.additionalProperty;
    const path = dottedPath(error.instancePath, extra) || part;
    const { key, context } = keyAndContext(error, valueAt(input, error.instancePath));
    // ajv may report one problem several times (e.g. every branch of a union); keep one per path.
    const id = `${path}\u0000${key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push({ path, key, context });
  }
  return result;
}
