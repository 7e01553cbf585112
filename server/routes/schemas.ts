// Schemas shared by every route: the error answer, list query parameters, list answers.
import type { FastifyInstance } from 'fastify';

export const API_ERROR_SCHEMA = {
  $id: 'ApiError',
  type: 'object',
  description: 'Every error answer. `message` is in the language of Accept-Language (en, else hu).',
  required: ['message', 'statusCode', 'code'],
  properties: {
    message: { type: 'string' },
    statusCode: { type: 'integer' },
    code: { type: 'string', description: 'Stable machine-readable code, e.g. validation_failed, not_found' },
    existingPatientId: { type: 'string', description: 'patient_exists_different: the patient already recorded' },
    currentVersion: { type: 'integer', description: 'stale_version: the form version now stored' },
    state: { type: ['string', 'null'], description: 'illegal_transition: the state of the form' },
    expected: { type: 'integer', description: 'level_out_of_order: the next approval level' },
    why: { type: 'string', enum: ['approved_level', 'wrote_values'], description: 'four_eyes: the caller approved another level of the form, or wrote values in this round' },
    level: { type: ['integer', 'null'], description: 'four_eyes (approved_level): the level the caller approved' },
    path: { type: 'string', description: 'field_locked: the locked value path' },
    userId: { type: 'string', description: 'field_locked: who holds the fix lock' },
    userName: { type: 'string', description: 'field_locked: the name of who holds the fix lock' },
    expiresAt: { type: 'string', description: 'field_locked: when the lock lapses unless renewed' },
    entryCount: { type: 'integer', description: 'group_in_use: how many access entries name the group' },
    registries: { type: 'string', description: 'group_in_use: short names of the registries of those entries, comma-separated' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'key', 'context'],
        properties: {
          path: { type: 'string', description: 'Dotted path of the field, e.g. `limit` or `items.0.name`' },
          key: { type: 'string', description: 'Validation message key, e.g. any.required, string.max' },
          context: { type: 'object', additionalProperties: true },
        },
      },
    },
  },
} as const;

export function registerSharedSchemas(app: FastifyInstance): void {
  app.addSchema(API_ERROR_SCHEMA);
}

const errorRef = { $ref: 'ApiError#' } as const;

/** The error statuses a route can answer: 400 and 500 always, plus 413/415 for routes with a body. */
export function errorResponses(options: { body?: boolean; extra?: readonly number[] } = {}): Record<number, typeof errorRef> {
  const statuses = [400, 500, ...(options.body ? [413, 415] : []), ...(options.extra ?? [])];
  return Object.fromEntries(statuses.map((status) => [status, errorRef]));
}

export const LIST_QUERY_SCHEMA = {
  type: 'object',
  properties: {
    offset: { type: 'string', description: 'Rows to skip (whole number, default 0)' },
    limit: { type: 'string', description: 'Rows per page (1 to 1000, default 10)' },
    filter: {
      type: 'string',
      description: 'Clauses `field<op>value` joined by commas (a comma in a value doubled); ops: == != =@ (contains) !@ >= <= < >',
    },
    sort: { type: 'string', description: 'Comma-separated fields; a leading - sorts descending' },
    statistics: { type: 'string', description: 'true adds statistics.total' },
  },
} as const;

export function listAnswerSchema(item: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    required: ['results'],
    properties: {
      results: { type: 'array', items: item },
      statistics: { type: 'object', required: ['total'], properties: { total: { type: 'integer' } } },
    },
  };
}
