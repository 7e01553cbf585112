// GET /application-log and GET /application-log/{id} (spec §7): the central administrator reads
// requests, events, crash reports and feedback. Admin only: the log names users, addresses and
// the targets of every change.
import type { FastifyInstance } from 'fastify';
import { APPLICATION_LOG_FIELDS, findApplicationLogEntry, listApplicationLog } from '../appLog/appLog.query';
import { notFoundError } from '../errors/apiError';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requireRoles } from '../plugins/authGuard';
import type { RouteDeps } from './deps';
import { ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const text = { type: ['string', 'null'] } as const;
const LOG_ENTRY_SCHEMA = {
  type: 'object',
  required: ['id', 'createdAt'],
  properties: {
    id: { type: 'string' },
    createdAt: { type: 'string' },
    reqId: text,
    msg: text,
    httpMethod: text,
    url: text,
    userAgent: text,
    referer: text,
    remoteAddress: text,
    httpResponseCode: { type: ['integer', 'null'] },
    responseTime: { type: ['number', 'null'] },
    data: { description: 'The event details (parsed JSON)' },
    event: text,
    message: text,
    reason: text,
    severity: text,
    targetId: text,
    targetName: text,
    targetType: text,
    userId: text,
    userName: text,
    onBehalfOfId: text,
    onBehalfOfName: text,
    raw: { type: 'object', additionalProperties: true, description: 'raw=true: the stored row as written' },
  },
} as const;

const RAW_QUERY = { raw: { type: 'boolean', description: 'true adds `raw`, the stored row as written' } } as const;
const LIST_QUERY = {
  ...LIST_QUERY_SCHEMA,
  properties: {
    ...LIST_QUERY_SCHEMA.properties,
    ...RAW_QUERY,
    from: { type: 'string', maxLength: 40, description: 'Entries written at or after this instant (ISO 8601)' },
    to: { type: 'string', maxLength: 40, description: 'Entries written at or before this instant; not before `from`' },
    search: { type: 'string', maxLength: 200, description: 'Case-insensitive text in the message, URL, user, event or target' },
  },
} as const;

interface LogQuery extends Record<string, unknown> {
  from?: string;
  to?: string;
  search?: string;
  raw?: boolean;
}

export async function applicationLogRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const guard = requireRoles('admin');

  app.get<{ Querystring: LogQuery }>(
    '/application-log',
    {
      onRequest: guard,
      schema: {
        summary: `The application log (admin), newest first. Filter and sort: ${Object.keys(APPLICATION_LOG_FIELDS).join(', ')}`,
        tags: ['application log'],
        querystring: LIST_QUERY,
        response: { 200: listAnswerSchema(LOG_ENTRY_SCHEMA), ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, APPLICATION_LOG_FIELDS);
      const { from, to, search } = request.query;
      const { items, total } = await listApplicationLog(deps.db, deps.dialect, { query, range: { from, to, search }, raw: request.query.raw === true });
      return listAnswer(items, total);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { raw?: boolean } }>(
    '/application-log/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'One application-log entry (admin)',
        tags: ['application log'],
        params: ID_PARAMS,
        querystring: { type: 'object', properties: RAW_QUERY },
        response: { 200: singleAnswer(LOG_ENTRY_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const entry = await findApplicationLogEntry(deps.db, request.params.id, request.query.raw === true);
      if (!entry) throw notFoundError();
      return { results: [entry] };
    },
  );
}
