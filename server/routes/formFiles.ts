// Files of file-upload fields (docs/api-clinical.md § Form files): the upload, whose body is the
// raw file, and the download. A plugin of its own so that its catch-all body parser, which hands
// the handler the unread request stream, applies to these routes only.
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/apiError';
import { contentDisposition } from '../files/fileNames';
import { formFileForDownload, uploadFormFile } from '../files/formFiles.service';
import { requireUser } from '../plugins/authGuard';
import { subjectOf } from '../permissions/subject';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';
import { closeUnreadUpload } from './uploadBody';

const TAGS = ['forms'];
const FILE_PARAMS = {
  type: 'object',
  required: ['id', 'fieldId'],
  properties: { id: { type: 'string', maxLength: 100 }, fieldId: { type: 'string', maxLength: 200 } },
} as const;
const UPLOADED_FILE_SCHEMA = {
  type: 'object',
  required: ['fileId', 'fileName', 'size', 'mimeType', 'sha256'],
  properties: { fileId: { type: 'string' }, fileName: { type: 'string' }, size: { type: 'integer' }, mimeType: { type: 'string' }, sha256: { type: 'string' } },
} as const;

function decodedFileName(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    throw new ApiError({ statusCode: 400, code: 'file_name_invalid', messageId: 'server.forms.fileNameInvalid' });
  }
}

export async function formFileRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  // Any media type is a file here (a .json file is bytes, not a body to parse); the size limit is
  // enforced while the stream is stored, not by BODY_LIMIT.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post<{ Params: { id: string; fieldId: string }; Headers: { 'x-file-name': string } }>(
    '/forms/:id/:fieldId/files',
    {
      onRequest: requireUser,
      onSend: closeUnreadUpload,
      schema: {
        summary: 'Uploads a file for a file-upload field (needs to be able to write the form now: frm_edit in draft, rejected or correct_draft). Body: the raw file, Content-Type its type; x-file-name: the name, percent-encoded UTF-8. Answers the value for the field',
        tags: TAGS,
        params: FILE_PARAMS,
        headers: { type: 'object', required: ['x-file-name'], properties: { 'x-file-name': { type: 'string', minLength: 1, maxLength: 2000 } } },
        response: { 201: UPLOADED_FILE_SCHEMA, ...errorResponses({ body: true, extra: [401, 403, 404, 409] }) },
      },
    },
    async (request, reply) => {
      const uploaded = await uploadFormFile(
        { db, config, subject: await subjectOf(request, db) },
        {
          formId: request.params.id,
          fieldId: request.params.fieldId,
          name: decodedFileName(request.headers['x-file-name']),
          contentType: request.headers['content-type'],
          contentLength: request.headers['content-length'],
          body: request.body as Readable | undefined,
        },
      );
      return reply.code(201).send(uploaded);
    },
  );

  app.get<{ Params: { id: string; fieldId: string; fileId: string; name: string } }>(
    '/forms/:id/:fieldId/files/:fileId/:name',
    {
      onRequest: requireUser,
      schema: {
        summary: 'A file of a file-upload field (frm_read; personal data fields also personal_data_access), as an attachment. The last segment is only for the browser: the stored name is sent',
        tags: TAGS,
        params: { type: 'object', required: ['id', 'fieldId', 'fileId', 'name'], properties: { ...FILE_PARAMS.properties, fileId: { type: 'string', maxLength: 200 }, name: { type: 'string', maxLength: 1000 } } },
        response: errorResponses({ extra: [401, 403, 404] }),
      },
    },
    async (request, reply) => {
      const { file, stream, size } = await formFileForDownload({ db, config, subject: await subjectOf(request, db), log: request.log }, request.params.id, request.params.fieldId, request.params.fileId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(size))
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        // Clinical documents stay out of shared caches; opened in a tab, the file runs no script.
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  );
}
