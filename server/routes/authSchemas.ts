// Schemas and small helpers shared by the auth routes.
import type { FastifyRequest } from 'fastify';
import { formEncodingRequired, tokenExpired } from '../auth/authErrors';
import type { CallerSession } from '../plugins/authGuard';

export const TOKEN_ANSWER = {
  type: 'object',
  required: ['access_token', 'expires_in'],
  properties: {
    access_token: { type: 'string', description: 'Send as `Authorization: Bearer <token>`' },
    expires_in: { type: 'integer', description: 'Seconds until the token expires' },
  },
} as const;

export const RESULTS_FLAG = (flag: string): Record<string, unknown> => ({
  type: 'object',
  required: ['results'],
  properties: {
    results: { type: 'array', items: { type: 'object', required: [flag], properties: { [flag]: { type: 'boolean' } } } },
  },
});

/** A bounded text field: long enough for any real value, short enough to refuse junk early. */
export const text = (maxLength = 1000, minLength = 0): Record<string, unknown> => ({ type: 'string', minLength, maxLength });

/**
 * preValidation of the OAuth-style calls: they take form data only. A missing content type falls
 * through to the schema, which names the missing fields.
 */
export async function requireFormEncoded(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  if (type !== undefined && !type.toLowerCase().startsWith('application/x-www-form-urlencoded')) throw formEncodingRequired();
}

/** The session the guard found; the guards in the route options make sure it is there. */
export function callerSession(request: FastifyRequest): CallerSession {
  if (!request.authSession) throw tokenExpired();
  return request.authSession;
}
