// GET /statistics/...: the statistics downloads of spec §7. Each answers an .xlsx with a parameters
// sheet, or JSON for the charts (`?format=json` or `Accept: application/json`). Every signed-in user
// may call them; the numbers only ever count what the caller's permission scopes let them see.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../files/fileNames';
import { requireUser } from '../plugins/authGuard';
import { subjectOf } from '../permissions/subject';
import { approvalLevelCounts } from '../statistics/approvalLevels';
import { userActivity, type UserActivityRow } from '../statistics/userActivity';
import { statisticsFilter, type StatisticsQuery } from '../statistics/statisticsFilter';
import { statisticsWorkbook, type StatisticsSheet } from '../statistics/statisticsWorkbook';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DAY = { type: 'string', format: 'date' } as const;

export const STATISTICS_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    registryId: { type: 'string', minLength: 1, maxLength: 100 },
    instituteId: { type: 'string', minLength: 1, maxLength: 100 },
    from: DAY,
    to: DAY,
    format: { type: 'string', enum: ['xlsx', 'json'] },
  },
} as const;

const APPROVAL_LEVEL_ROW = {
  type: 'object',
  properties: {
    registry: { type: 'string' },
    institute: { type: 'string' },
    formType: { type: 'string' },
    state: { type: 'string' },
    approvalLevel: { type: 'integer' },
    count: { type: 'integer' },
  },
} as const;

const ACTIVITY_COLUMNS = ['signIns', 'created', 'saved', 'approvedLevel1', 'approvedLevel2', 'approvedLevel3', 'rejected', 'corrected'] as const;
const USER_ACTIVITY_ROW = {
  type: 'object',
  properties: { userId: { type: 'string' }, userName: { type: 'string' }, ...Object.fromEntries(ACTIVITY_COLUMNS.map((c) => [c, { type: 'integer' }])) },
} as const;

export function wantsJson(request: FastifyRequest<{ Querystring: Pick<StatisticsQuery, 'format'> }>): boolean {
  if (request.query.format !== undefined) return request.query.format === 'json';
  return (request.headers.accept ?? '').includes('application/json');
}

export function parameterRows(query: StatisticsQuery, email: string): StatisticsSheet['parameters'] {
  return [
    ['requestedBy', email],
    ['requestedAt', new Date().toISOString()],
    ['registryId', query.registryId ?? 'all'],
    ['instituteId', query.instituteId ?? 'all'],
    ['from', query.from ?? ''],
    ['to', query.to ?? ''],
  ];
}

export async function sendWorkbook(reply: FastifyReply, fileName: string, sheet: StatisticsSheet): Promise<FastifyReply> {
  const body = await statisticsWorkbook(sheet);
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}

export async function statisticsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  app.get<{ Querystring: StatisticsQuery }>(
    '/statistics/approval-levels',
    {
      onRequest: requireUser,
      schema: {
        summary:
          'Registry attendance count: forms per registry, institute, form type, state and approval level, of the patients the caller may see. ' +
          '.xlsx download with a parameters sheet, or JSON with format=json / Accept: application/json. from/to (YYYY-MM-DD, inclusive) filter on the form\'s creation.',
        tags: ['statistics'],
        querystring: STATISTICS_QUERY_SCHEMA,
        produces: [XLSX_TYPE, 'application/json'],
        response: {
          200: { type: 'object', properties: { results: { type: 'array', items: APPROVAL_LEVEL_ROW } } },
          ...errorResponses({ extra: [401] }),
        },
      },
    },
    async (request, reply) => {
      const filter = statisticsFilter(request.query);
      const subject = await subjectOf(request, db);
      const rows = await approvalLevelCounts(db, subject, filter);
      if (wantsJson(request)) return { results: rows };
      return sendWorkbook(reply, 'registry-attendance-count.xlsx', {
        name: 'registry attendance count',
        header: ['registry', 'institute', 'formType', 'state', 'approvalLevel', 'count'],
        rows: rows.map((r) => [r.registry, r.institute, r.formType, r.state, r.approvalLevel, r.count]),
        parameters: parameterRows(request.query, request.user?.email ?? ''),
      });
    },
  );

  app.get<{ Querystring: StatisticsQuery }>(
    '/statistics/user-activity',
    {
      onRequest: requireUser,
      schema: {
        summary:
          'User activity: per user in the date range, sign-ins and form history (created, saved, approved per level, rejected, corrected) on forms of the patients the caller may see. ' +
          '.xlsx download with a parameters sheet, or JSON with format=json / Accept: application/json. from/to (YYYY-MM-DD, inclusive).',
        tags: ['statistics'],
        querystring: STATISTICS_QUERY_SCHEMA,
        produces: [XLSX_TYPE, 'application/json'],
        response: {
          200: { type: 'object', properties: { results: { type: 'array', items: USER_ACTIVITY_ROW } } },
          ...errorResponses({ extra: [401] }),
        },
      },
    },
    async (request, reply) => {
      const filter = statisticsFilter(request.query);
      const subject = await subjectOf(request, db);
      const rows: UserActivityRow[] = await userActivity(db, subject, filter);
      if (wantsJson(request)) return { results: rows };
      return sendWorkbook(reply, 'user-activity.xlsx', {
        name: 'user activity',
        header: ['user', ...ACTIVITY_COLUMNS],
        rows: rows.map((r) => [r.userName, ...ACTIVITY_COLUMNS.map((c) => r[c])]),
        parameters: parameterRows(request.query, request.user?.email ?? ''),
      });
    },
  );
}
