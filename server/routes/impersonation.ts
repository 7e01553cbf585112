// POST /impersonation/{userId} (impersonator role) and DELETE /impersonation (spec §7).
import type { FastifyInstance } from 'fastify';
import { impersonationCandidates } from '../impersonation/candidates';
import { exitImpersonation, startImpersonation } from '../impersonation/impersonation.service';
import { requireRoles, requireUser } from '../plugins/authGuard';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

const PERSON = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } as const;
const TOKEN = { access_token: { type: 'string' }, expires_in: { type: 'integer' } } as const;

const CANDIDATE = {
  type: 'object',
  required: ['id', 'name', 'email', 'institute'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, institute: { type: ['string', 'null'], description: 'Short name' } },
} as const;

export async function impersonationRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;
  app.get<{ Querystring: { search?: string } }>(
    '/impersonation/candidates',
    {
      onRequest: requireRoles('impersonator'),
      schema: {
        summary: 'Whom the caller may act as: active users without the admin role, not the caller; search in name and e-mail (at most 20)',
        tags: ['impersonation'],
        querystring: { type: 'object', properties: { search: { type: 'string', maxLength: 100 } } },
        response: { 200: { type: 'object', required: ['results'], properties: { results: { type: 'array', items: CANDIDATE } } }, ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => ({ results: await impersonationCandidates(services.db, services.dialect, request.user?.id ?? '', request.query.search ?? '') }),
  );

  app.post<{ Params: { userId: string } }>(
    '/impersonation/:userId',
    {
      onRequest: requireRoles('impersonator'),
      schema: {
        summary:
          'Start acting as the user (impersonator role; never an admin, oneself or an inactive user). The answer carries a token of a session of that user that ends with the caller\'s own session; writes record the caller as actor, on behalf of the user',
        tags: ['impersonation'],
        params: { type: 'object', required: ['userId'], properties: { userId: { type: 'string', maxLength: 100 } } },
        response: {
          200: { type: 'object', required: ['access_token', 'expires_in', 'user', 'impersonator'], properties: { ...TOKEN, user: PERSON, impersonator: PERSON } },
          ...errorResponses({ extra: [401, 403, 404, 409] }),
        },
      },
    },
    async (request) => startImpersonation(services, request, request.params.userId),
  );

  app.delete(
    '/impersonation',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Stop impersonating: ends the impersonation session and answers a token of the caller\'s own session again',
        tags: ['impersonation'],
        response: { 200: { type: 'object', required: ['access_token', 'expires_in'], properties: TOKEN }, ...errorResponses({ extra: [401, 409] }) },
      },
    },
    async (request) => exitImpersonation(services, request),
  );
}
