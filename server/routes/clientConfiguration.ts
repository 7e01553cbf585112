// GET /api/v1/client-configuration: what the client needs at startup (spec auth-and-session §3).
import type { FastifyInstance } from 'fastify';
import { API_VERSION } from '../apiVersion';
import { localizedName } from '../institutes/institutes.repository';
import { requestLocale } from '../plugins/errorHandler';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

interface ClientConfiguration {
  apiVersion: string;
  formBackupEnabled: boolean;
  /** The demo installation: the client offers the form sandbox. */
  demoMode: boolean;
  user?: {
    id: string;
    name: string;
    roles: string[];
    institute: { id: string; name: string; shortName: string } | null;
    /** Present while impersonating: the real user, whom the client names in its banner. */
    impersonator?: { id: string; name: string };
  };
}

const responseSchema = {
  type: 'object',
  required: ['apiVersion', 'formBackupEnabled', 'demoMode'],
  properties: {
    apiVersion: { type: 'string' },
    formBackupEnabled: { type: 'boolean' },
    demoMode: { type: 'boolean', description: 'Demo installation (DEMO_MODE): the form sandbox is available' },
    user: {
      type: 'object',
      description: 'Present only when the request carries a valid session',
      required: ['id', 'name', 'roles', 'institute'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        roles: { type: 'array', items: { type: 'string' } },
        institute: {
          type: ['object', 'null'],
          required: ['id', 'name', 'shortName'],
          properties: { id: { type: 'string' }, name: { type: 'string' }, shortName: { type: 'string' } },
        },
        impersonator: {
          type: 'object',
          description: 'Present while impersonating: the real user',
          required: ['id', 'name'],
          properties: { id: { type: 'string' }, name: { type: 'string' } },
        },
      },
    },
  },
} as const;

export async function clientConfigurationRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get(
    '/client-configuration',
    {
      schema: {
        summary: 'Client configuration: API version, form backup, and the signed-in user',
        tags: ['client'],
        response: { 200: responseSchema, ...errorResponses() },
      },
    },
    async (request): Promise<ClientConfiguration> => {
      const answer: ClientConfiguration = {
        apiVersion: API_VERSION,
        formBackupEnabled: deps.config.formBackup,
        demoMode: deps.config.demoMode,
      };
      const user = request.user;
      if (user) {
        const locale = requestLocale(request);
        answer.user = {
          id: user.id,
          name: user.name,
          roles: user.roles,
          institute: user.institute
            ? { id: user.institute.id, name: localizedName(user.institute, locale), shortName: user.institute.shortName }
            : null,
        };
        const impersonator = request.authSession?.impersonator;
        if (impersonator) answer.user.impersonator = { id: impersonator.id, name: impersonator.name };
      }
      return answer;
    },
  );
}
