// GET /registries/{id}/status-matrix: the subject status matrix, one page per request
// (docs/api-clinical.md). The list conventions of DESIGN §5 apply; see statusMatrix.service.ts.
import type { FastifyInstance } from 'fastify';
import { parseListQueryOrThrow } from '../lists/listQuery';
import { requireUser } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { subjectOf } from '../permissions/subject';
import { MATRIX_FIELDS } from '../statusMatrix/statusMatrix.repository';
import { statusMatrix } from '../statusMatrix/statusMatrix.service';
import { ID_PARAMS } from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { errorResponses, LIST_QUERY_SCHEMA } from './schemas';
import { STATUS_MATRIX_SCHEMA } from './statusMatrixSchemas';

export async function statusMatrixRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/registries/:id/status-matrix',
    {
      onRequest: requireUser,
      schema: {
        summary:
          'The subject status matrix: the attendances the caller may see x the periods and form types of the registry, each cell the forms there with state, approval level and whether they wait for the caller. ' +
          'Filter: instituteId, state (attendances with a form in that state), needsMyAction (true/false), attendanceState, internalPatientNumber, displayId, instituteShortName, startDateTime. ' +
          'Sort: attendanceState, internalPatientNumber, displayId, instituteShortName, startDateTime (default internalPatientNumber, startDateTime)',
        tags: ['attendances'],
        params: ID_PARAMS,
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: STATUS_MATRIX_SCHEMA, ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, MATRIX_FIELDS);
      const subject = await subjectOf(request, db);
      const matrix = await statusMatrix(db, dialect, subject, request.params.id, query, requestLocale(request));
      return {
        columns: matrix.columns,
        institutes: matrix.institutes,
        results: matrix.rows,
        ...(matrix.total === undefined ? {} : { statistics: { total: matrix.total, ...(matrix.totalCapped ? { capped: true } : {}) } }),
      };
    },
  );
}
