// The data import (spec §7 POST /data-import, /data-import/jobs..., issue 15): the file upload, the
// job in two steps (validate, then commit on the importer's word), the jobs list and one job with
// its report, cancel, clearing failed jobs, and the CSV template of a form type version.
// data_importer and admin only; the server checks every row against the importer's permissions.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NewImportJob } from '../../src/api/dataImport';
import { loadDescriptorOrThrow } from '../../src/domain/forms';
import { importTemplate } from '../../src/domain/import';
import type { AuthUser } from '../auth/authUser';
import { tokenExpired } from '../auth/authErrors';
import { storeImportFile } from '../dataImport/importFiles';
import { cancelImport, clearFailedImports, commitImport, importJobList, importJobView, startImport } from '../dataImport/importService';
import { ApiError } from '../errors/apiError';
import { contentDisposition } from '../files/fileNames';
import { descriptorOrThrow, visibleFormTypeOrThrow } from '../formTypes/formTypes.service';
import { listAnswer } from '../lists/listQuery';
import { subjectOf } from '../permissions/subject';
import { requireRoles } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { IMPORT_JOB_SCHEMA, IMPORT_LIST_QUERY, NEW_IMPORT_BODY, TEMPLATE_QUERY, UPLOADED_IMPORT_FILE_SCHEMA } from './dataImportSchemas';
import type { RouteDeps } from './deps';
import { FORM_TYPE_ID_PARAMS, ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses, listAnswerSchema } from './schemas';
import { closeUnreadUpload } from './uploadBody';

const TAGS = ['data import'];
const JOB_ANSWER = singleAnswer(IMPORT_JOB_SCHEMA);
const guard = requireRoles('data_importer', 'admin');

function caller(request: FastifyRequest): AuthUser {
  if (!request.user) throw tokenExpired();
  return request.user;
}

function decodedFileName(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    throw new ApiError({ statusCode: 400, code: 'file_name_invalid', messageId: 'server.forms.fileNameInvalid' });
  }
}

/** The upload: its own plugin so that its catch-all body parser applies to it alone. */
async function importUploadRoute(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.post<{ Headers: { 'x-file-name': string } }>(
    '/data-import/files',
    {
      onRequest: guard,
      onSend: closeUnreadUpload,
      schema: {
        summary: 'Uploads an import file (body: the raw bytes; x-file-name: the name, percent-encoded UTF-8). Its kind is told by its content: CSV text or the encrypted .xlsx of our export; anything else is a 400 naming the file',
        tags: TAGS,
        headers: { type: 'object', required: ['x-file-name'], properties: { 'x-file-name': { type: 'string', minLength: 1, maxLength: 2000 } } },
        response: { 201: UPLOADED_IMPORT_FILE_SCHEMA, ...errorResponses({ body: true, extra: [401, 403] }) },
      },
    },
    async (request, reply) => {
      const stored = await storeImportFile(deps.db, {
        storeDir: deps.config.fileStoreDir,
        requesterId: caller(request).id,
        rawName: decodedFileName(request.headers['x-file-name']),
        body: request.body as Readable | undefined,
      });
      return reply.code(201).send(stored);
    },
  );
}

export async function dataImportRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services, db } = deps;
  await app.register(importUploadRoute, deps);

  app.post<{ Body: NewImportJob }>(
    '/data-import',
    {
      onRequest: guard,
      schema: {
        summary: 'Starts an import: the uploaded file is validated row by row into a report (nothing written); state queued. password: required for xlsx, refused for csv',
        tags: TAGS,
        body: NEW_IMPORT_BODY,
        response: { 202: JOB_ANSWER, ...errorResponses({ body: true, extra: [401, 403] }) },
      },
    },
    async (request, reply) => {
      const job = await startImport(services, caller(request), await subjectOf(request, db), requestLocale(request), request.body);
      return reply.code(202).send({ results: [job] });
    },
  );

  app.get<{ Querystring: { offset: number; limit: number; statistics: boolean } }>(
    '/data-import/jobs',
    {
      onRequest: guard,
      schema: { summary: "The caller's import jobs (admins: everyone's), newest first, with progress", tags: TAGS, querystring: IMPORT_LIST_QUERY, response: { 200: listAnswerSchema(IMPORT_JOB_SCHEMA), ...errorResponses({ extra: [401, 403] }) } },
    },
    async (request) => {
      const { items, total } = await importJobList(services, caller(request), requestLocale(request), request.query);
      return listAnswer(items, request.query.statistics ? total : undefined);
    },
  );

  // Registered before /:id so that "failed" is never read as an id.
  app.delete(
    '/data-import/jobs/failed',
    {
      onRequest: guard,
      schema: {
        summary: "Deletes the caller's failed import jobs; answers how many",
        tags: TAGS,
        response: { 200: { type: 'object', required: ['deleted'], properties: { deleted: { type: 'integer' } } }, ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => ({ deleted: await clearFailedImports(services, caller(request)) }),
  );

  app.get<{ Params: { id: string } }>(
    '/data-import/jobs/:id',
    { onRequest: guard, schema: { summary: 'One import job with its report (the first 1000 errors)', tags: TAGS, params: ID_PARAMS, response: { 200: JOB_ANSWER, ...errorResponses({ extra: [401, 403, 404] }) } } },
    async (request) => ({ results: [await importJobView(services, caller(request), request.params.id, requestLocale(request))] }),
  );

  app.post<{ Params: { id: string } }>(
    '/data-import/jobs/:id/commit',
    {
      onRequest: guard,
      schema: { summary: 'Commits a validated import: every row is applied in one transaction, or none (409 in any other state, or when the report has errors)', tags: TAGS, params: ID_PARAMS, response: { 200: JOB_ANSWER, ...errorResponses({ extra: [401, 403, 404, 409] }) } },
    },
    async (request) => ({ results: [await commitImport(services, caller(request), request.params.id, requestLocale(request))] }),
  );

  app.post<{ Params: { id: string } }>(
    '/data-import/jobs/:id/cancel',
    {
      onRequest: guard,
      schema: { summary: 'Cancels an import before its commit (409 once committing or ended)', tags: TAGS, params: ID_PARAMS, response: { 200: JOB_ANSWER, ...errorResponses({ extra: [401, 403, 404, 409] }) } },
    },
    async (request) => ({ results: [await cancelImport(services, caller(request), request.params.id, requestLocale(request))] }),
  );

  app.get<{ Params: { id: number }; Querystring: { version: number; delimiter?: ',' | ';' } }>(
    '/form-types/:id/import-template',
    {
      onRequest: guard,
      schema: { summary: 'The CSV header of a form type version with one example row (text/csv)', tags: TAGS, params: FORM_TYPE_ID_PARAMS, querystring: TEMPLATE_QUERY, response: errorResponses({ extra: [401, 403, 404] }) },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const formType = await visibleFormTypeOrThrow(db, await subjectOf(request, db), request.params.id, locale);
      const descriptor = loadDescriptorOrThrow(await descriptorOrThrow(db, formType, request.query.version, locale));
      const text = importTemplate(descriptor, { locale, delimiter: request.query.delimiter });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`${formType.shortName}-v${request.query.version}-import.csv`))
        .header('cache-control', 'private, no-store')
        .send(text);
    },
  );
}
