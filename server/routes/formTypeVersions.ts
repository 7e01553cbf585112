// Administration of form-type versions: the version list, a new descriptor version (JSON), and
// a REDCap data dictionary import (preview, then save on confirmation).
import type { FastifyInstance } from 'fastify';
import { findFormType } from '../formTypes/formTypes.repository';
import { formTypeNotFound, visibleFormTypeOrThrow } from '../formTypes/formTypes.service';
import { checkNewVersion, listDescriptorVersions, storeNewVersion } from '../formTypes/formVersions';
import { importRedcapVersion } from '../formTypes/redcapImport';
import { listAnswer } from '../lists/listQuery';
import { requestLocale } from '../plugins/errorHandler';
import { requireRoles, requireUser } from '../plugins/authGuard';
import { subjectOf } from '../permissions/subject';
import { actorOf } from './clinicalDeps';
import type { RouteDeps } from './deps';
import { DESCRIPTOR_SCHEMA, FORM_TYPE_ID_PARAMS, FORM_TYPE_SCHEMA, singleAnswer } from './registrySchemas';
import { errorResponses, listAnswerSchema } from './schemas';

const VERSION_SCHEMA = {
  type: 'object',
  required: ['version', 'locales', 'createdAt'],
  properties: { version: { type: 'integer' }, locales: { type: 'array', items: { type: 'string' } }, createdAt: { type: 'string' } },
};
const REPORT_ENTRY_SCHEMA = {
  type: 'object',
  required: ['row', 'variable', 'code', 'message'],
  properties: { row: { type: 'integer' }, variable: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
};
const IMPORT_ANSWER_SCHEMA = {
  type: 'object',
  required: ['version', 'saved', 'descriptor', 'report'],
  properties: { version: { type: 'integer' }, saved: { type: 'boolean' }, descriptor: DESCRIPTOR_SCHEMA, report: { type: 'array', items: REPORT_ENTRY_SCHEMA } },
};
const WRITE_ERRORS = errorResponses({ extra: [401, 403, 404, 409] });

export async function formTypeVersionRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;

  /** Admin writes: 404 for an unknown type (the admin sees every type). */
  const adminFormType = async (id: number, locale: ReturnType<typeof requestLocale>): Promise<NonNullable<Awaited<ReturnType<typeof findFormType>>>> => {
    const formType = await findFormType(db, id, locale);
    if (!formType) throw formTypeNotFound();
    return formType;
  };

  app.get<{ Params: { id: number } }>(
    '/form-types/:id/form-descriptors',
    {
      onRequest: requireUser,
      schema: {
        summary: 'The descriptor versions of a form type, newest first, with their locales',
        tags: ['form types'],
        params: FORM_TYPE_ID_PARAMS,
        response: { 200: listAnswerSchema(VERSION_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      const formType = await visibleFormTypeOrThrow(db, subject, request.params.id, requestLocale(request));
      const versions = await listDescriptorVersions(db, formType.id);
      return listAnswer(versions, versions.length);
    },
  );

  app.post<{ Params: { id: number }; Body: { descriptors: unknown[] } }>(
    '/form-types/:id/form-descriptors',
    {
      onRequest: requireRoles('admin'),
      schema: {
        summary:
          'Admin: a new descriptor version (lastVersion + 1), one document per locale; a locale left out gets the first document. The loader checks each: 400 invalid_descriptor names every bad path, nothing written. New forms use it; existing forms keep theirs',
        tags: ['form types'],
        params: FORM_TYPE_ID_PARAMS,
        body: { type: 'object', required: ['descriptors'], additionalProperties: false, properties: { descriptors: { type: 'array', minItems: 1, maxItems: 2, items: DESCRIPTOR_SCHEMA } } },
        response: { 201: singleAnswer(FORM_TYPE_SCHEMA), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const formType = await adminFormType(request.params.id, locale);
      await storeNewVersion(db, formType, checkNewVersion(formType, request.body.descriptors), { actor: actorOf(request), reqId: request.id, source: 'descriptor' });
      return reply.code(201).send({ results: [await adminFormType(formType.id, locale)] });
    },
  );

  app.post<{ Params: { id: number }; Body: { csv: string; confirm?: boolean } }>(
    '/form-types/:id/redcap-import',
    {
      onRequest: requireRoles('admin'),
      schema: {
        summary:
          'Admin: translates a REDCap data dictionary (CSV text) into the next descriptor version and answers it with the report of what was not translated; confirm=true also saves it. 400 invalid_dictionary / invalid_descriptor name the problem, nothing written',
        tags: ['form types'],
        params: FORM_TYPE_ID_PARAMS,
        body: {
          type: 'object',
          required: ['csv'],
          additionalProperties: false,
          properties: { csv: { type: 'string', format: 'free-text', minLength: 1, maxLength: 1000000 }, confirm: { type: 'boolean', default: false } },
        },
        response: { 200: singleAnswer(IMPORT_ANSWER_SCHEMA), 201: singleAnswer(IMPORT_ANSWER_SCHEMA), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const formType = await adminFormType(request.params.id, requestLocale(request));
      const answer = await importRedcapVersion(db, formType, request.body.csv, request.body.confirm === true, { actor: actorOf(request), reqId: request.id });
      return reply.code(answer.saved ? 201 : 200).send({ results: [answer] });
    },
  );
}
