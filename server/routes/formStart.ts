// What a form's header shows or starts with, and the external values a new form of a patient
// takes over (docs/api-clinical.md "Form-start data and external values").
import type { FastifyInstance } from 'fastify';
import { startDataInPeriod, startDataOfForm } from '../forms/formStartViews';
import { EXTERNAL_FIELD_FIELDS } from '../formTypes/formTypes.repository';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requireUser } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { patientExternalFields } from '../patients/patientExternalFields';
import { subjectOf } from '../permissions/subject';
import type { RouteDeps } from './deps';
import { EXTERNAL_FIELD_VALUE_SCHEMA, FORM_HEADER_DATA_SCHEMA, ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const TYPE_ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const ID_AND_TYPE_PARAMS = { type: 'object', required: ['id', 'typeId'], properties: { id: { type: 'string', maxLength: 100 }, typeId: TYPE_ID } } as const;

export async function formStartRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;

  app.get<{ Params: { id: string } }>(
    '/forms/:id/form-start-data',
    {
      onRequest: requireUser,
      schema: {
        summary: 'The header of an existing form with display texts for its id values; visible as GET /forms/{id} (404 otherwise), a censored form without header values',
        tags: ['forms'],
        params: ID_PARAMS,
        response: { 200: singleAnswer(FORM_HEADER_DATA_SCHEMA), ...errorResponses({ extra: [401, 404] }) },
      },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      return { results: [await startDataOfForm(db, dialect, subject, request.params.id, requestLocale(request))] };
    },
  );

  app.get<{ Params: { id: string; typeId: number } }>(
    '/attendance-periods/:id/form-types/:typeId/form-start-data',
    {
      onRequest: requireUser,
      schema: {
        summary: 'What a new form of this type in this period starts with: the header from the attendance (needs frm_create on the attendance); attendance-start types → 409 form_type_not_allowed_in_period',
        tags: ['forms'],
        params: ID_AND_TYPE_PARAMS,
        response: { 200: singleAnswer(FORM_HEADER_DATA_SCHEMA), ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      return { results: [await startDataInPeriod(db, dialect, subject, request.params.id, request.params.typeId, requestLocale(request))] };
    },
  );

  app.get<{ Params: { id: string; typeId: number }; Querystring: Record<string, unknown> }>(
    '/patient/:id/form-types/:typeId/external-fields',
    {
      onRequest: requireUser,
      schema: {
        summary: "The external fields of a form type with this patient's values (latest final source form, else latest). Filter/sort: sourceDisplayId, sourceField, targetField, position",
        tags: ['patients'],
        params: ID_AND_TYPE_PARAMS,
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(EXTERNAL_FIELD_VALUE_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, EXTERNAL_FIELD_FIELDS);
      const subject = await subjectOf(request, db);
      const { items, total } = await patientExternalFields(db, dialect, subject, { patientId: request.params.id, formTypeId: request.params.typeId, query, locale: requestLocale(request) });
      return listAnswer(items, total);
    },
  );
}
