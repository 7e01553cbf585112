// The look-ups biobank staff register and attach samples with (src/api/bioSamples.ts,
// docs/biobank.md "Finding a patient"): patients where a create bio code holds, and the forms a
// sample may be attached to. Both work without registry access.
import type { FastifyInstance } from 'fastify';
import type { BioSamplePatientQuery } from '../../src/api/bioSamples';
import { attachableForms, CREATE_CODES, sampleRegistrationPatients } from '../biobank/bioSamplePatients';
import { mayAny } from '../biobank/bioSampleScopes';
import { readableSampleOrThrow } from '../biobank/bioSamples.service';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requireUser } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { noViewPermission } from '../permissions/permissionErrors';
import { subjectOf } from '../permissions/subject';
import { FORM_SUMMARY_SCHEMA } from './bioSampleSchemas';
import { ID_PARAMS } from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const TAGS = ['bio samples'];
const str = { type: 'string' } as const;

const PATIENT_SCHEMA = {
  type: 'object',
  properties: {
    id: str,
    internalPatientNumber: str,
    registry: { type: 'object', properties: { id: str, shortName: str } },
    institute: { type: 'object', properties: { id: str, name: str } },
    name: { type: ['string', 'null'] },
  },
} as const;

const PATIENT_QUERY = {
  type: 'object',
  properties: {
    offset: LIST_QUERY_SCHEMA.properties.offset,
    limit: LIST_QUERY_SCHEMA.properties.limit,
    statistics: LIST_QUERY_SCHEMA.properties.statistics,
    registryId: { type: 'string', maxLength: 100 },
    search: { type: 'string', maxLength: 100 },
  },
} as const;

type Query = Record<string, unknown> & Pick<BioSamplePatientQuery, 'registryId' | 'search'>;

export async function bioSamplePatientRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;

  app.get<{ Querystring: Query }>(
    '/bio-sample-patients',
    {
      onRequest: requireUser,
      schema: {
        summary:
          'Patients where the caller may register a sample (create_admin_bio_sample, or create_institute_bio_sample at their institute); search: an internal number\'s start or a whole insurance number; the name only with personal_data_access',
        tags: TAGS,
        querystring: PATIENT_QUERY,
        response: { 200: listAnswerSchema(PATIENT_SCHEMA), ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      if (!mayAny(subject, CREATE_CODES, {})) throw noViewPermission();
      const { offset, limit, statistics } = parseListQueryOrThrow({ offset: request.query.offset, limit: request.query.limit, statistics: request.query.statistics }, {});
      const { items, total } = await sampleRegistrationPatients(db, subject, { registryId: request.query.registryId, search: request.query.search, offset, limit });
      return listAnswer(items, statistics ? total : undefined);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bio-samples/:id/attachable-forms',
    {
      onRequest: requireUser,
      schema: {
        summary: "The live forms of the sample's patient and registry, not attached to it yet, that the caller may see for linking (reg_access or a bio read code there)",
        tags: TAGS,
        params: ID_PARAMS,
        response: { 200: listAnswerSchema(FORM_SUMMARY_SCHEMA), ...errorResponses({ extra: [401, 404] }) },
      },
    },
    async (request) => {
      const subject = await subjectOf(request, db);
      const sample = await readableSampleOrThrow(db, { subject, dialect }, 'any', request.params.id);
      return { results: await attachableForms(db, subject, sample, requestLocale(request)) };
    },
  );
}
