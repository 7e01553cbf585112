// POST /users/{id}/activation and /users/{id}/deactivation, for admins and local administrators.
import type { FastifyInstance } from 'fastify';
import { requireRoles } from '../plugins/authGuard';
import { activateUser, deactivateUser } from '../users/activation.service';
import type { RouteDeps } from './deps';
import { text } from './authSchemas';
import { errorResponses } from './schemas';

const ANSWER = (state: string): Record<string, unknown> => ({
  type: 'object',
  required: ['results'],
  properties: {
    results: {
      type: 'array',
      items: { type: 'object', required: ['id', 'state'], properties: { id: { type: 'string' }, state: { type: 'string', enum: [state] } } },
    },
  },
});

export async function userActivationRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;
  const guard = requireRoles('admin', 'local_administrator');
  const params = { type: 'object', required: ['id'], properties: { id: text(100) } };

  app.post<{ Params: { id: string } }>(
    '/users/:id/activation',
    {
      onRequest: guard,
      schema: {
        summary: 'Activate a confirmed or inactive user and e-mail them',
        tags: ['users'],
        params,
        response: { 200: ANSWER('active'), ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request) => {
      await activateUser(services, request, request.user!, request.params.id);
      return { results: [{ id: request.params.id, state: 'active' }] };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/users/:id/deactivation',
    {
      onRequest: guard,
      schema: {
        summary: 'Deactivate a user; their sessions end at once',
        tags: ['users'],
        params,
        response: { 200: ANSWER('inactive'), ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request) => {
      await deactivateUser(services, request, request.user!, request.params.id);
      return { results: [{ id: request.params.id, state: 'inactive' }] };
    },
  );
}
