// Form-type reads: one form type, the attendance-start types of a registry, descriptors by
// version and locale, the registry and external fields of a type, and form-start data.
import type { FastifyInstance } from 'fastify';
import { EXTERNAL_FIELD_FIELDS, formTypeFields, listExternalFields, listFormTypes } from '../formTypes/formTypes.repository';
import { formStartData } from '../formTypes/formStartData';
import { descriptorOrThrow, visibleFormTypeOrThrow, visibleFormTypesSql } from '../formTypes/formTypes.service';
import type { Locale } from '../i18n/locale';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requestLocale } from '../plugins/errorHandler';
import { requireUser } from '../plugins/authGuard';
import { subjectOf } from '../permissions/subject';
import { visibleRegistryOrThrow } from '../registries/registries.service';
import type { RouteDeps } from './deps';
import {
  DESCRIPTOR_SCHEMA,
  EXTERNAL_FIELD_SCHEMA,
  FORM_START_DATA_SCHEMA,
  FORM_TYPE_ID_PARAMS,
  FORM_TYPE_SCHEMA,
  ID_PARAMS,
  REGISTRY_SCHEMA,
  singleAnswer,
} from './registrySchemas';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const ITEM_ERRORS = errorResponses({ extra: [401, 403, 404] });
const TYPE_ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export async function formTypeRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;

  app.get<{ Params: { id: number } }>(
    '/form-types/:id',
    {
      onRequest: requireUser,
      schema: { summary: 'One form type', tags: ['form types'], params: FORM_TYPE_ID_PARAMS, response: { 200: singleAnswer(FORM_TYPE_SCHEMA), ...ITEM_ERRORS } },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      return { results: [await visibleFormTypeOrThrow(db, subject, request.params.id, requestLocale(request))] };
    },
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/form-types/attendance-start/:id',
    {
      onRequest: requireUser,
      schema: {
        summary: 'The attendance-start form types of a registry (id = registry id)',
        tags: ['form types'],
        params: ID_PARAMS,
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(FORM_TYPE_SCHEMA), ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const query = parseListQueryOrThrow(request.query, formTypeFields(locale));
      const subject = await subjectOf(request, db);
      const registry = await visibleRegistryOrThrow(db, subject, request.params.id, locale);
      const { items, total } = await listFormTypes(db, dialect, locale, query, {
        registryId: registry.id,
        behaviorType: 'attendance_start',
        visible: visibleFormTypesSql(subject),
      });
      return listAnswer(items, total);
    },
  );

  app.get<{ Params: { typeId: number; version: string }; Querystring: { locale?: Locale } }>(
    '/form-types/:typeId/form-descriptors/:version',
    {
      onRequest: requireUser,
      schema: {
        summary: 'A descriptor version (or `latest`) in a locale: ?locale, else Accept-Language; a locale the type lacks falls back to its first',
        tags: ['form types'],
        params: {
          type: 'object',
          required: ['typeId', 'version'],
          properties: { typeId: TYPE_ID, version: { type: 'string', pattern: '^([1-9][0-9]{0,8}|latest)$' } },
        },
        querystring: { type: 'object', properties: { locale: { type: 'string', enum: ['hu', 'en'] } } },
        response: { 200: singleAnswer(DESCRIPTOR_SCHEMA), ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      const locale = request.query.locale ?? requestLocale(request);
      const formType = await visibleFormTypeOrThrow(db, subject, request.params.typeId, locale);
      const { version } = request.params;
      return { results: [await descriptorOrThrow(db, formType, version === 'latest' ? 'latest' : Number(version), locale)] };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/form-types/:id/registry',
    {
      onRequest: requireUser,
      schema: { summary: 'The registry of a form type', tags: ['form types'], params: FORM_TYPE_ID_PARAMS, response: { 200: singleAnswer(REGISTRY_SCHEMA), ...ITEM_ERRORS } },
    },
    async (request) => {
      const locale = requestLocale(request);
      const subject = await subjectOf(request, db);
      const formType = await visibleFormTypeOrThrow(db, subject, request.params.id, locale);
      return { results: [await visibleRegistryOrThrow(db, subject, formType.registryId, locale)] };
    },
  );

  app.get<{ Params: { id: number }; Querystring: Record<string, unknown> }>(
    '/form-types/:id/external-fields',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Fields a new form of this type copies from the latest form of another type. Filter/sort: sourceDisplayId, sourceField, targetField, position',
        tags: ['form types'],
        params: FORM_TYPE_ID_PARAMS,
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(EXTERNAL_FIELD_SCHEMA), ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, EXTERNAL_FIELD_FIELDS);
      const subject = await subjectOf(request, db);
      const formType = await visibleFormTypeOrThrow(db, subject, request.params.id, requestLocale(request));
      const { items, total } = await listExternalFields(db, dialect, formType.id, query);
      return listAnswer(items, total);
    },
  );

  app.get<{ Params: { id: string; typeId: number } }>(
    '/institutes/:id/form-types/:typeId/form-start-data',
    {
      onRequest: requireUser,
      schema: {
        summary: 'What a new form of this type at this institute starts with (needs frm_create there)',
        tags: ['form types'],
        params: { type: 'object', required: ['id', 'typeId'], properties: { id: { type: 'string', maxLength: 100 }, typeId: TYPE_ID } },
        response: { 200: singleAnswer(FORM_START_DATA_SCHEMA), ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      return { results: [await formStartData(db, dialect, subject, request.params.id, request.params.typeId, requestLocale(request))] };
    },
  );
}
