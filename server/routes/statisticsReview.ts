// GET /statistics/rejection-count, /statistics/follow-up and the JSON-only
// /statistics/attendances-per-month (the statistics page's enrolment line). Same shape as the
// other statistics (server/routes/statistics.ts): .xlsx with a parameters sheet or JSON, every
// signed-in user, numbers only over what the caller's permission scopes let them see.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { ApiError } from '../errors/apiError';
import { requestLocale } from '../plugins/errorHandler';
import { requireUser } from '../plugins/authGuard';
import { subjectOf } from '../permissions/subject';
import { attendancesPerMonth } from '../statistics/attendancesPerMonth';
import { followUps } from '../statistics/followUp';
import { rejectionCounts } from '../statistics/rejectionCount';
import { statisticsFilter, type StatisticsQuery } from '../statistics/statisticsFilter';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';
import { parameterRows, sendWorkbook, STATISTICS_QUERY_SCHEMA, wantsJson, XLSX_TYPE } from './statistics';

type FollowUpQuery = StatisticsQuery & { name?: string };

const FOLLOW_UP_QUERY_SCHEMA = {
  ...STATISTICS_QUERY_SCHEMA,
  properties: { ...STATISTICS_QUERY_SCHEMA.properties, name: { type: 'string', minLength: 1, maxLength: 2000 } },
} as const;

const REJECTION_ROW = {
  type: 'object',
  properties: {
    institute: { type: 'string' },
    formType: { type: 'string' },
    field: { type: 'string' },
    level: { type: 'integer' },
    rejections: { type: 'integer' },
    corrected: { type: 'integer' },
    medianHoursToCorrection: { type: ['number', 'null'] },
  },
} as const;

const FOLLOW_UP_ROW = {
  type: 'object',
  properties: {
    registry: { type: 'string' },
    institute: { type: 'string' },
    patientNumber: { type: 'string' },
    attendance: { type: 'string' },
    lastVisit: { type: 'string' },
    nextPeriod: { type: ['string', 'null'] },
    nextExpected: { type: ['string', 'null'] },
    overdue: { type: 'boolean' },
  },
} as const;

const MONTH_ROW = { type: 'object', properties: { month: { type: 'string' }, attendances: { type: 'integer' }, patients: { type: 'integer' } } } as const;

const REJECTION_COLUMNS = ['institute', 'formType', 'field', 'level', 'rejections', 'corrected', 'medianHoursToCorrection'] as const;
const FOLLOW_UP_COLUMNS = ['registry', 'institute', 'patientNumber', 'attendance', 'lastVisit', 'nextPeriod', 'nextExpected', 'overdue'] as const;

/** `name`: registry short names, comma-joined (docs/decisions.md "Statistics: rejections and follow-up"); an unknown one is a 400 naming it. */
async function registryIdsNamed(db: Kysely<Database>, name: string | undefined): Promise<string[] | undefined> {
  if (name === undefined) return undefined;
  const names = [...new Set(name.split(',').map((part) => part.trim()).filter((part) => part !== ''))];
  if (names.length === 0) return undefined;
  const rows = await db.selectFrom('registries').select(['id', 'short_name']).where('short_name', 'in', names).execute();
  const unknown = names.filter((n) => !rows.some((row) => row.short_name === n));
  if (unknown.length > 0) {
    throw new ApiError({
      statusCode: 400,
      code: 'validation_failed',
      messageId: 'server.statistics.unknownRegistryName',
      errors: [{ path: 'name', key: 'any.only', context: { valids: unknown.join(', ') } }],
      values: { names: unknown.join(', ') },
    });
  }
  return rows.map((row) => row.id);
}

export async function statisticsReviewRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  app.get<{ Querystring: StatisticsQuery }>(
    '/statistics/rejection-count',
    {
      onRequest: requireUser,
      schema: {
        summary:
          'Rejection count: field rejections per institute, form type, field and level, how many were corrected and the median hours to the correction, from the records of forms of the patients the caller may see. ' +
          '.xlsx with a parameters sheet, or JSON with format=json / Accept: application/json. from/to (YYYY-MM-DD, inclusive) filter on when the rejection was made.',
        tags: ['statistics'],
        querystring: STATISTICS_QUERY_SCHEMA,
        produces: [XLSX_TYPE, 'application/json'],
        response: { 200: { type: 'object', properties: { results: { type: 'array', items: REJECTION_ROW } } }, ...errorResponses({ extra: [401] }) },
      },
    },
    async (request, reply) => {
      const filter = statisticsFilter(request.query);
      const rows = await rejectionCounts(db, await subjectOf(request, db), filter);
      if (wantsJson(request)) return { results: rows };
      return sendWorkbook(reply, 'rejection-count.xlsx', {
        name: 'rejection count',
        header: [...REJECTION_COLUMNS],
        rows: rows.map((r) => REJECTION_COLUMNS.map((c) => r[c])),
        parameters: parameterRows(request.query, request.user?.email ?? ''),
      });
    },
  );

  app.get<{ Querystring: FollowUpQuery }>(
    '/statistics/follow-up',
    {
      onRequest: requireUser,
      schema: {
        summary:
          'Follow up: per patient the caller may see, the last visit, the next follow-up the registry period plan expects and whether it is overdue. ' +
          'name: registry short names, comma-joined (all registries when absent). from/to (YYYY-MM-DD, inclusive) filter on the expected date. .xlsx or JSON (format=json).',
        tags: ['statistics'],
        querystring: FOLLOW_UP_QUERY_SCHEMA,
        produces: [XLSX_TYPE, 'application/json'],
        response: { 200: { type: 'object', properties: { results: { type: 'array', items: FOLLOW_UP_ROW } } }, ...errorResponses({ extra: [401] }) },
      },
    },
    async (request, reply) => {
      const filter = statisticsFilter(request.query);
      const registryIds = await registryIdsNamed(db, request.query.name);
      const today = new Date().toISOString().slice(0, 10);
      const rows = await followUps(db, await subjectOf(request, db), { ...filter, registryIds, today, locale: requestLocale(request) });
      if (wantsJson(request)) return { results: rows };
      return sendWorkbook(reply, 'follow-up.xlsx', {
        name: 'follow up',
        header: [...FOLLOW_UP_COLUMNS],
        rows: rows.map((r) => FOLLOW_UP_COLUMNS.map((c) => r[c] ?? '')),
        parameters: [...parameterRows(request.query, request.user?.email ?? ''), ['name', request.query.name ?? 'all'], ['today', today]],
      });
    },
  );

  app.get<{ Querystring: StatisticsQuery }>(
    '/statistics/attendances-per-month',
    {
      onRequest: requireUser,
      schema: {
        summary:
          'Attendances started per month (UTC) and the patients reached so far, with the registry target patient count when registryId is given; JSON only, over the patients the caller may see.',
        tags: ['statistics'],
        querystring: STATISTICS_QUERY_SCHEMA,
        response: {
          200: { type: 'object', properties: { results: { type: 'array', items: MONTH_ROW }, targetPatientCount: { type: ['integer', 'null'] } } },
          ...errorResponses({ extra: [401] }),
        },
      },
    },
    async (request) => attendancesPerMonth(db, await subjectOf(request, db), statisticsFilter(request.query)),
  );
}
