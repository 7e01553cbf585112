// GET /api/v1/health: for load balancers and start scripts; healthy means the database answers.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '../errors/apiError';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

export async function healthRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Health check (the database is reachable)',
        tags: ['operations'],
        response: {
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
          ...errorResponses({ extra: [503] }),
        },
      },
    },
    async (request): Promise<{ status: 'ok' }> => {
      try {
        await sql`select 1`.execute(deps.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new ApiError({ statusCode: 503, code: 'database_unavailable', messageId: 'server.errors.databaseUnavailable' });
      }
      return { status: 'ok' };
    },
  );
}
