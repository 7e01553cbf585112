// What the biobank screens are built from (src/api/bioSamples.ts): sample types, an institute's
// permitted registries, its boxes (bio_manage creates them) and its biobank card summary.
import type { FastifyInstance } from 'fastify';
import { mayOnSamples } from '../biobank/bioSampleScopes';
import { sampleViews } from '../biobank/bioSamples.repository';
import { assertBoxReader, assertSomeBioReader, createBox, instituteBoxes, instituteSummary, oneBox, permittedRegistries, sampleTypes, type NewBox } from '../biobank/biobankSetup.service';
import { instituteNotFound } from '../institutes/institutes.service';
import { requireUser } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { noViewPermission } from '../permissions/permissionErrors';
import { subjectOf } from '../permissions/subject';
import { registryNotFound } from '../registries/registries.service';
import { BIO_SAMPLE_TYPE_SCHEMA, BOX_PARAMS, BOX_SCHEMA, NEW_BOX_BODY, PERMITTED_REGISTRY_SCHEMA, SUMMARY_SCHEMA } from './bioSampleSchemas';
import { showsNameFor } from './bioSamples';
import { ID_PARAMS, single } from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { errorResponses, listAnswerSchema } from './schemas';

const TAGS = ['bio samples'];

export async function biobankSetupRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  const instituteOrThrow = async (id: string): Promise<void> => {
    if (!(await db.selectFrom('institutes').select('id').where('id', '=', id).executeTakeFirst())) throw instituteNotFound();
  };
  const listSchema = (summary: string, item: Record<string, unknown>, params?: unknown) => ({
    summary,
    tags: TAGS,
    ...(params ? { params } : {}),
    response: { 200: listAnswerSchema(item), ...errorResponses({ extra: [401, 403, 404] }) },
  });

  app.get('/bio-sample-types', { onRequest: requireUser, schema: listSchema('Every sample type, with the registries that use it (readers of some biobank)', BIO_SAMPLE_TYPE_SCHEMA) }, async (request) => {
    assertSomeBioReader(await subjectOf(request, db));
    return { results: await sampleTypes(db) };
  });

  app.get<{ Params: { id: string } }>(
    '/registries/:id/bio-sample-types',
    { onRequest: requireUser, schema: listSchema('The sample types a registry allows', BIO_SAMPLE_TYPE_SCHEMA, ID_PARAMS) },
    async (request) => {
      if (!(await db.selectFrom('registries').select('id').where('id', '=', request.params.id).executeTakeFirst())) throw registryNotFound();
      assertSomeBioReader(await subjectOf(request, db), { registryId: request.params.id });
      return { results: await sampleTypes(db, request.params.id) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/institutes/:id/permitted-bio-sample-registries',
    { onRequest: requireUser, schema: listSchema("The institute's registries where the caller holds bio codes, with those codes", PERMITTED_REGISTRY_SCHEMA, ID_PARAMS) },
    async (request) => {
      await instituteOrThrow(request.params.id);
      return { results: await permittedRegistries(db, await subjectOf(request, db), request.params.id, requestLocale(request)) };
    },
  );

  app.get<{ Params: { id: string } }>('/institutes/:id/bio-sample-boxes', { onRequest: requireUser, schema: listSchema("The institute's boxes with their free positions", BOX_SCHEMA, ID_PARAMS) }, async (request) => {
    await instituteOrThrow(request.params.id);
    assertBoxReader(await subjectOf(request, db), request.params.id);
    return { results: await instituteBoxes(db, request.params.id) };
  });

  app.get<{ Params: { id: string; boxId: string } }>(
    '/institutes/:id/bio-sample-boxes/:boxId',
    {
      onRequest: requireUser,
      schema: { summary: 'One box with its occupied positions', tags: TAGS, params: BOX_PARAMS, response: { 200: single(BOX_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) } },
    },
    async (request) => {
      await instituteOrThrow(request.params.id);
      assertBoxReader(await subjectOf(request, db), request.params.id);
      return { results: [await oneBox(db, request.params.id, request.params.boxId)] };
    },
  );

  app.post<{ Params: { id: string }; Body: NewBox }>(
    '/institutes/:id/bio-sample-boxes',
    {
      onRequest: requireUser,
      schema: {
        summary: 'A new box in a fridge compartment (bio_manage); a name taken in that compartment answers 409',
        tags: TAGS,
        params: ID_PARAMS,
        body: NEW_BOX_BODY,
        response: { 201: single(BOX_SCHEMA), ...errorResponses({ body: true, extra: [401, 403, 404, 409] }) },
      },
    },
    async (request, reply) => {
      await instituteOrThrow(request.params.id);
      const box = await createBox(db, await subjectOf(request, db), request.params.id, request.body);
      return reply.code(201).send({ results: [box] });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/institutes/:id/bio-samples-summary',
    {
      onRequest: requireUser,
      schema: { summary: 'The institute biobank card: counts by state and arrived samples awaiting a position', tags: TAGS, params: ID_PARAMS, response: { 200: single(SUMMARY_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) } },
    },
    async (request) => {
      await instituteOrThrow(request.params.id);
      const subject = await subjectOf(request, db);
      if (!mayOnSamples(subject, 'read_institute_bio_sample', { instituteId: request.params.id })) throw noViewPermission();
      const { counts, awaitingIds } = await instituteSummary(db, subject, request.params.id);
      return { results: [{ counts, awaitingLocalization: await sampleViews(db, awaitingIds, requestLocale(request), showsNameFor(subject)) }] };
    },
  );
}
