// Institute routes. For now the public list the registration page offers (no sign-in needed).
import type { FastifyInstance } from 'fastify';
import { listPublicInstitutes, publicInstituteFields } from '../institutes/institutes.repository';
import { listAnswer, parseListQueryOrThrow, type ListAnswer } from '../lists/listQuery';
import { requestLocale } from '../plugins/errorHandler';
import type { RouteDeps } from './deps';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const PUBLIC_INSTITUTE_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'shortName', 'city'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string', description: 'In the language of Accept-Language' },
    shortName: { type: 'string' },
    city: { type: ['string', 'null'] },
  },
};

export async function instituteRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get(
    '/institutes/public',
    {
      schema: {
        summary: 'Institutes anyone may see (registration). Filter and sort on name, shortName, city',
        tags: ['institutes'],
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(PUBLIC_INSTITUTE_SCHEMA), ...errorResponses() },
      },
    },
    async (request): Promise<ListAnswer<unknown>> => {
      const locale = requestLocale(request);
      const query = parseListQueryOrThrow(request.query as Record<string, unknown>, publicInstituteFields(locale));
      const { items, total } = await listPublicInstitutes(deps.db, deps.dialect, locale, query);
      return listAnswer(items, total);
    },
  );
}
