// Patients (docs/api-clinical.md): lists scoped in SQL, one patient, create within an institute
// (TAJ check, duplicate rule), edit, merge and delete.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requireUser } from '../plugins/authGuard';
import { subjectOf } from '../permissions/subject';
import { listPatients, patientFields, type PatientChanges } from '../patients/patients.repository';
import { createPatient, editPatient, patientViewOrThrow, removePatient, type NewPatientInput, type PatientMerge } from '../patients/patients.service';
import { actorOf } from './clinicalDeps';
import { countablePatientsSql, personalDataReach, personalDataSql, registryInstitutePairs, scopeColumn, visiblePatientsSql } from '../permissions/patientScopes';
import { accessibleInstituteOrThrow } from '../institutes/institutes.service';
import { grantScopes } from '../../src/domain/permissions';
import { EDIT_PATIENT_BODY, ID_PARAMS, NEW_PATIENT_BODY, PATIENT_SCHEMA, single } from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const FIELDS = 'name, insuranceNumber, internalPatientNumber, registryPatientNumber, gender, dob, registryId, instituteId, createdAt';
const TAGS = ['patients'];
const INSTITUTE_PATIENT_PARAMS = {
  type: 'object',
  required: ['id', 'patientId'],
  properties: { id: { type: 'string', maxLength: 100 }, patientId: { type: 'string', maxLength: 100 } },
} as const;
const MERGE_QUERY = { type: 'object', properties: { mergeInto: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

export async function patientRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;
  const mergeOf = (request: FastifyRequest, into: string | undefined): PatientMerge | undefined =>
    into === undefined ? undefined : { into, writer: { actor: actorOf(request), recordKey: deps.services.recordKey } };

  const list = async (request: { query: Record<string, unknown> }, subjectRequest: Parameters<typeof subjectOf>[0], instituteId?: string) => {
    const subject = await subjectOf(subjectRequest, db);
    const personal = personalDataSql(subject, scopeColumn('patients.registry_id', dialect), scopeColumn('patients.institute_id', dialect));
    const personalReach = personalDataReach(subject);
    const query = parseListQueryOrThrow(request.query, patientFields(personal, personalReach));
    const seesAll = grantScopes(subject, 'reg_access').all;
    const scope = { visible: visiblePatientsSql(subject, dialect), personal, personalReach, countable: countablePatientsSql(subject), instituteId, seesAll, pairs: registryInstitutePairs(subject) };
    const { items, total } = await listPatients(db, dialect, query, scope);
    return listAnswer(items, total);
  };

  app.get<{ Querystring: Record<string, unknown> }>(
    '/patients',
    {
      onRequest: requireUser,
      schema: { summary: `Patients the caller may see. Filter/sort: ${FIELDS}`, tags: TAGS, querystring: LIST_QUERY_SCHEMA, response: { 200: listAnswerSchema(PATIENT_SCHEMA), ...errorResponses({ extra: [401] }) } },
    },
    (request) => list(request, request),
  );

  app.get<{ Params: { id: string } }>(
    '/patients/:id',
    {
      onRequest: requireUser,
      schema: { summary: 'One patient; 404 "Error loading patient" when unknown or not visible', tags: TAGS, params: ID_PARAMS, response: { 200: single(PATIENT_SCHEMA), ...errorResponses({ extra: [401, 404] }) } },
    },
    async (request) => ({ results: [await patientViewOrThrow(db, await subjectOf(request, db), request.params.id)] }),
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/institutes/:id/patients',
    {
      onRequest: requireUser,
      schema: { summary: `The patients of one institute. Filter/sort: ${FIELDS}`, tags: TAGS, params: ID_PARAMS, querystring: LIST_QUERY_SCHEMA, response: { 200: listAnswerSchema(PATIENT_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) } },
    },
    async (request) => {
      await accessibleInstituteOrThrow(db, await subjectOf(request, db), request.params.id, null);
      return list(request, request, request.params.id);
    },
  );

  app.get<{ Params: { id: string; patientId: string } }>(
    '/institutes/:id/patients/:patientId',
    {
      onRequest: requireUser,
      schema: { summary: 'One patient of an institute', tags: TAGS, params: INSTITUTE_PATIENT_PARAMS, response: { 200: single(PATIENT_SCHEMA), ...errorResponses({ extra: [401, 404] }) } },
    },
    async (request) => ({ results: [await patientViewOrThrow(db, await subjectOf(request, db), request.params.patientId, request.params.id)] }),
  );

  app.post<{ Params: { id: string }; Body: NewPatientInput }>(
    '/institutes/:id/patients',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Creates a patient (frm_create). Same insurance number with the same name and dob: 200 with the existing patient; with other data: 409 patient_exists_different; either for a patient the caller may not see: 409 patient_registered_elsewhere, naming nothing of it',
        tags: TAGS,
        params: ID_PARAMS,
        body: NEW_PATIENT_BODY,
        response: { 200: single(PATIENT_SCHEMA), 201: single(PATIENT_SCHEMA), ...errorResponses({ body: true, extra: [401, 403, 404, 409] }) },
      },
    },
    async (request, reply) => {
      const { created, patient } = await createPatient(db, await subjectOf(request, db), request.params.id, request.body);
      return reply.code(created ? 201 : 200).send({ results: [patient] });
    },
  );

  app.put<{ Params: { id: string }; Body: PatientChanges; Querystring: { mergeInto?: string } }>(
    '/patient/:id',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Edits a patient; ?mergeInto={otherId} merges it into another (attendances move, this one is removed) and answers that one',
        tags: TAGS,
        params: ID_PARAMS,
        querystring: MERGE_QUERY,
        body: EDIT_PATIENT_BODY,
        response: { 200: single(PATIENT_SCHEMA), ...errorResponses({ body: true, extra: [401, 403, 404, 409] }) },
      },
    },
    async (request) => ({ results: [await editPatient(db, await subjectOf(request, db), request.params.id, request.body ?? {}, mergeOf(request, request.query.mergeInto))] }),
  );

  app.delete<{ Params: { id: string }; Querystring: { mergeInto?: string } }>(
    '/patient/:id',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Deletes a patient; one with attendances: 409 patient_has_data unless ?mergeInto={otherId}',
        tags: TAGS,
        params: ID_PARAMS,
        querystring: MERGE_QUERY,
        response: { 204: { type: 'null' }, ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request, reply) => {
      await removePatient(db, await subjectOf(request, db), request.params.id, mergeOf(request, request.query.mergeInto));
      return reply.code(204).send();
    },
  );
}
