// The data export (spec §7 POST /data-export, issue 14): what the caller may export, starting an
// export as a durable job, the caller's recent exports and their progress, cancelling one, and the
// download. data_exporter and admin only; a job is visible to its requester alone.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExportParameters } from '../../src/domain/export/exportParameters';
import type { AuthUser } from '../auth/authUser';
import { tokenExpired } from '../auth/authErrors';
import { exportOptions } from '../export/exportScope';
import { cancelExport, exportDownload, exportJobView, ownExportJob, recentExports, startExport } from '../export/exportService';
import { contentDisposition } from '../files/fileNames';
import { localeFromAcceptLanguage } from '../i18n/locale';
import { subjectOf } from '../permissions/subject';
import { requireRoles } from '../plugins/authGuard';
import { EXPORT_BODY_SCHEMA, EXPORT_JOB_SCHEMA, EXPORT_OPTIONS_SCHEMA } from './dataExportSchemas';
import type { RouteDeps } from './deps';
import { ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses } from './schemas';

const TAGS = ['data export'];
const JOB_ANSWER = singleAnswer(EXPORT_JOB_SCHEMA);

function caller(request: FastifyRequest): AuthUser {
  if (!request.user) throw tokenExpired();
  return request.user;
}

export async function dataExportRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;
  const guard = requireRoles('data_exporter', 'admin');

  app.get(
    '/data-export/options',
    {
      onRequest: guard,
      schema: {
        summary: 'What the caller may export: registries, institutes, form types with their field ids (for the field picker), and whether personal data may be included',
        tags: TAGS,
        response: { 200: singleAnswer(EXPORT_OPTIONS_SCHEMA), ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => ({ results: [await exportOptions(deps.db, await subjectOf(request, deps.db), localeFromAcceptLanguage(request.headers['accept-language']))] }),
  );

  app.post<{ Body: ExportParameters }>(
    '/data-export',
    {
      onRequest: guard,
      schema: {
        summary: 'Starts a data export as a job (answered at once, state queued); the file is e-mailed or linked when it is ready',
        tags: TAGS,
        body: EXPORT_BODY_SCHEMA,
        response: { 202: JOB_ANSWER, ...errorResponses({ body: true, extra: [401, 403] }) },
      },
    },
    async (request, reply) => reply.code(202).send({ results: [await startExport(services, request, caller(request), request.body)] }),
  );

  app.get(
    '/data-export/jobs',
    {
      onRequest: guard,
      schema: {
        summary: "The caller's recent exports, newest first",
        tags: TAGS,
        response: { 200: singleAnswer(EXPORT_JOB_SCHEMA), ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => ({ results: await recentExports(services, caller(request)) }),
  );

  app.get<{ Params: { id: string } }>(
    '/data-export/jobs/:id',
    {
      onRequest: guard,
      schema: {
        summary: "One of the caller's exports: state, progress, the file when ready, the reason when it failed",
        tags: TAGS,
        params: ID_PARAMS,
        response: { 200: JOB_ANSWER, ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => ({ results: [exportJobView(await ownExportJob(services, caller(request), request.params.id))] }),
  );

  app.delete<{ Params: { id: string } }>(
    '/data-export/jobs/:id',
    {
      onRequest: guard,
      schema: {
        summary: "Cancels one of the caller's exports that is queued or running",
        tags: TAGS,
        params: ID_PARAMS,
        response: { 200: JOB_ANSWER, ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request) => ({ results: [await cancelExport(services, caller(request), request.params.id)] }),
  );

  app.get<{ Params: { id: string } }>(
    '/data-export/jobs/:id/file',
    {
      onRequest: guard,
      schema: {
        summary: "The finished export file (the requester only, signed in); 410 once the retention period deleted it",
        tags: TAGS,
        params: ID_PARAMS,
        response: errorResponses({ extra: [401, 403, 404, 409, 410] }),
      },
    },
    async (request, reply) => {
      const file = await exportDownload(services, caller(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.bytes))
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
