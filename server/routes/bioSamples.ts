// Bio samples (spec business-data §7 Bio samples, src/api/bioSamples.ts, docs/biobank.md): the
// institute calls under the *_institute_bio_sample codes, the central ones under *_admin_bio_sample,
// and a patient's samples. Lists filter in SQL; one sample the caller may not read answers 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { can, type PermissionSubject } from '../../src/domain/permissions';
import { mayAny, mayOnSamples, READ_CODES, readableSamplesSql, sampleScopeSql } from '../biobank/bioSampleScopes';
import { listSamples, sampleViews, SAMPLE_FIELDS, type BioSampleView, type SampleFilters, type SampleScope, type ShowsName } from '../biobank/bioSamples.repository';
import { createSample, deleteSample, readableSampleOrThrow, updateSample, type Channel, type SampleInput } from '../biobank/bioSamples.service';
import { instituteNotFound } from '../institutes/institutes.service';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { patientNotFound, visiblePatientRecordOrThrow } from '../patients/patients.service';
import { requireUser } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { noViewPermission } from '../permissions/permissionErrors';
import { subjectOf } from '../permissions/subject';
import { BIO_SAMPLE_SCHEMA, EDIT_SAMPLE_BODY, NEW_SAMPLE_BODY, SAMPLE_LIST_QUERY, SAMPLE_PARAMS } from './bioSampleSchemas';
import { ID_PARAMS, single } from './clinicalSchemas';
import { writeDeps } from './clinicalDeps';
import type { RouteDeps } from './deps';
import { errorResponses, listAnswerSchema } from './schemas';

const TAGS = ['bio samples'];
const FIELDS = Object.keys(SAMPLE_FIELDS).join(', ');
type Query = Record<string, unknown> & SampleFilters;

export const showsNameFor =
  (subject: PermissionSubject): ShowsName =>
  (registryId, instituteId) =>
    can(subject, 'personal_data_access', { registryId, instituteId });

export async function bioSampleRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;

  const one = async (request: FastifyRequest, id: string): Promise<{ results: BioSampleView[] }> => {
    const subject = await subjectOf(request, db);
    return { results: await sampleViews(db, [id], requestLocale(request), showsNameFor(subject)) };
  };

  const instituteOrThrow = async (instituteId: string): Promise<void> => {
    if (!(await db.selectFrom('institutes').select('id').where('id', '=', instituteId).executeTakeFirst())) throw instituteNotFound();
  };

  const list = async (request: FastifyRequest<{ Querystring: Query }>, channel: Channel) => {
    const subject = await subjectOf(request, db);
    const query = parseListQueryOrThrow(request.query, SAMPLE_FIELDS);
    const scope: SampleScope = (table) =>
      channel
        ? sql<SqlBool>`(${sql.ref(`${table}.institute_id`)} = ${channel.instituteId} and ${sampleScopeSql(subject, 'read_institute_bio_sample', table)})`
        : sampleScopeSql(subject, 'read_admin_bio_sample', table);
    const { items, total } = await listSamples(db, dialect, requestLocale(request), query, scope, request.query, showsNameFor(subject));
    return listAnswer(items, total);
  };

  const listSchema = (summary: string, params?: unknown) => ({
    summary: `${summary} Filter/sort: ${FIELDS}; named filters: search (sample number first), bioSampleTypeId, state, registryId, patientId, boxId, collectedFrom, collectedTo`,
    tags: TAGS,
    ...(params ? { params } : {}),
    querystring: SAMPLE_LIST_QUERY,
    response: { 200: listAnswerSchema(BIO_SAMPLE_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
  });

  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/institutes/:id/bio-samples',
    { onRequest: requireUser, schema: listSchema("One institute's samples the caller reads (read_institute_bio_sample).", ID_PARAMS) },
    async (request) => {
      await instituteOrThrow(request.params.id);
      if (!mayOnSamples(await subjectOf(request, db), 'read_institute_bio_sample', { instituteId: request.params.id })) throw noViewPermission();
      return list(request, { instituteId: request.params.id });
    },
  );

  app.get<{ Querystring: Query }>('/bio-samples', { onRequest: requireUser, schema: listSchema('Every institute\'s samples the caller reads (read_admin_bio_sample).') }, async (request) => {
    if (!mayOnSamples(await subjectOf(request, db), 'read_admin_bio_sample', {})) throw noViewPermission();
    return list(request, null);
  });

  const createSchema = (summary: string, params?: unknown) => ({
    summary,
    tags: TAGS,
    ...(params ? { params } : {}),
    body: NEW_SAMPLE_BODY,
    response: { 201: single(BIO_SAMPLE_SCHEMA), ...errorResponses({ body: true, extra: [401, 403, 404, 409] }) },
  });

  app.post<{ Params: { id: string }; Body: SampleInput }>(
    '/institutes/:id/bio-samples',
    { onRequest: requireUser, schema: createSchema('Registers a sample at the institute (create_institute_bio_sample); its number comes from the registry\'s bioSampleCode', ID_PARAMS) },
    async (request, reply) => {
      await instituteOrThrow(request.params.id);
      const id = await createSample(await writeDeps(request, deps), { instituteId: request.params.id }, request.body);
      return reply.code(201).send(await one(request, id));
    },
  );

  app.post<{ Body: SampleInput }>(
    '/bio-samples',
    { onRequest: requireUser, schema: createSchema("Registers a sample at the patient's institute (create_admin_bio_sample)") },
    async (request, reply) => {
      const id = await createSample(await writeDeps(request, deps), null, request.body);
      return reply.code(201).send(await one(request, id));
    },
  );

  const oneSchema = (summary: string, params: unknown, body?: unknown) => ({
    summary,
    tags: TAGS,
    params,
    ...(body ? { body } : {}),
    response: { 200: single(BIO_SAMPLE_SCHEMA), ...errorResponses({ body: Boolean(body), extra: [401, 403, 404, 409] }) },
  });

  app.get<{ Params: { id: string; sampleId: string } }>(
    '/institutes/:id/bio-samples/:sampleId',
    { onRequest: requireUser, schema: oneSchema('One sample of the institute; 404 when unknown or not readable', SAMPLE_PARAMS) },
    async (request) => {
      await readableSampleOrThrow(db, { subject: await subjectOf(request, db), dialect }, { instituteId: request.params.id }, request.params.sampleId);
      return one(request, request.params.sampleId);
    },
  );

  app.put<{ Params: { id: string; sampleId: string }; Body: SampleInput }>(
    '/institutes/:id/bio-samples/:sampleId',
    { onRequest: requireUser, schema: oneSchema('Changes a sample of the institute (update_institute_bio_sample); a stale version answers 409', SAMPLE_PARAMS, EDIT_SAMPLE_BODY) },
    async (request) => {
      await updateSample(await writeDeps(request, deps), { instituteId: request.params.id }, request.params.sampleId, request.body);
      return one(request, request.params.sampleId);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bio-samples/:id',
    { onRequest: requireUser, schema: oneSchema('One sample (read_admin_bio_sample); 404 when unknown or not readable', ID_PARAMS) },
    async (request) => {
      await readableSampleOrThrow(db, { subject: await subjectOf(request, db), dialect }, null, request.params.id);
      return one(request, request.params.id);
    },
  );

  app.put<{ Params: { id: string }; Body: SampleInput }>(
    '/bio-samples/:id',
    { onRequest: requireUser, schema: oneSchema('Changes a sample (update_admin_bio_sample); a stale version answers 409', ID_PARAMS, EDIT_SAMPLE_BODY) },
    async (request) => {
      await updateSample(await writeDeps(request, deps), null, request.params.id, request.body);
      return one(request, request.params.id);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/bio-samples/:id',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Deletes a sample (delete_admin_bio_sample); with descendants or forms: 409 "Can not delete this bio sample!"',
        tags: TAGS,
        params: ID_PARAMS,
        response: { 204: { type: 'null' }, ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request, reply) => {
      await deleteSample(await writeDeps(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/patients/:id/bio-samples',
    {
      onRequest: requireUser,
      schema: { summary: "A patient's samples the caller reads (institute or admin codes)", tags: TAGS, params: ID_PARAMS, response: { 200: listAnswerSchema(BIO_SAMPLE_SCHEMA), ...errorResponses({ extra: [401, 404] }) } },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      const patient = await db.selectFrom('patients').select(['id', 'registry_id', 'institute_id']).where('id', '=', request.params.id).executeTakeFirst();
      if (!patient) throw patientNotFound();
      // Biobank staff reach a patient through the samples; everyone else needs to see the patient.
      if (!mayAny(subject, READ_CODES, { registryId: patient.registry_id })) await visiblePatientRecordOrThrow(db, subject, patient.id);
      const rows = await db
        .selectFrom('bio_samples')
        .select('id')
        .where('patient_id', '=', patient.id)
        .where('deleted_at', 'is', null)
        .where(readableSamplesSql(subject))
        .execute();
      return { results: await sampleViews(db, rows.map((row) => row.id), requestLocale(request), showsNameFor(subject)) };
    },
  );
}
