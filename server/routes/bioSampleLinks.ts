// Bio samples and forms, and a sample's record (src/api/bioSamples.ts): a sample's forms and custody
// history, the samples and sample types a form can take, attach and detach, and samples created for
// a form. Linking rules: server/biobank/bioSampleLinks.service.ts.
import type { FastifyInstance } from 'fastify';
import { historyView, sampleHistory } from '../biobank/bioSampleHistory';
import { attachableSampleIds, attachSample, createFormSamples, detachSample, sampleFormOrThrow } from '../biobank/bioSampleLinks.service';
import { sampleViews } from '../biobank/bioSamples.repository';
import { readableSampleOrThrow, type SampleInput } from '../biobank/bioSamples.service';
import { sampleTypes } from '../biobank/biobankSetup.service';
import { approvalLevelsColumn, toFormSummary } from '../forms/forms.repository';
import { requireUser } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { subjectOf } from '../permissions/subject';
import { ATTACH_BODY, BIO_SAMPLE_SCHEMA, BIO_SAMPLE_TYPE_SCHEMA, FORM_SAMPLE_PARAMS, FORM_SAMPLES_BODY, FORM_SUMMARY_SCHEMA, HISTORY_SCHEMA, INSTITUTE_FORM_PARAMS } from './bioSampleSchemas';
import { showsNameFor } from './bioSamples';
import { ID_PARAMS, single } from './clinicalSchemas';
import { writeDeps } from './clinicalDeps';
import type { RouteDeps } from './deps';
import { errorResponses, listAnswerSchema } from './schemas';

const TAGS = ['bio samples'];

export async function bioSampleLinkRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;
  const readSchema = (summary: string, item: Record<string, unknown>) => ({
    summary,
    tags: TAGS,
    params: ID_PARAMS,
    response: { 200: listAnswerSchema(item), ...errorResponses({ extra: [401, 404] }) },
  });

  app.get<{ Params: { id: string } }>('/bio-samples/:id/forms', { onRequest: requireUser, schema: readSchema('The live forms a sample is attached to', FORM_SUMMARY_SCHEMA) }, async (request) => {
    await readableSampleOrThrow(db, { subject: await subjectOf(request, db), dialect }, 'any', request.params.id);
    const locale = requestLocale(request);
    const rows = await db
      .selectFrom('bio_sample_forms as l')
      .innerJoin('forms', 'forms.id', 'l.form_id')
      .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
      .select(['forms.id', 'forms.form_type_id', 'forms.display_id', 'forms.state', 'forms.version', 'forms.updated_at', 'forms.physician_id', locale === 'en' ? 'form_types.name_en as form_type_name' : 'form_types.name_hu as form_type_name', approvalLevelsColumn(db)])
      .where('l.bio_sample_id', '=', request.params.id)
      .where('forms.deleted_at', 'is', null)
      .orderBy('l.attached_at')
      .orderBy('forms.id')
      .execute();
    return { results: rows.map((row) => toFormSummary(row)) };
  });

  app.get<{ Params: { id: string } }>('/bio-samples/:id/history', { onRequest: requireUser, schema: readSchema("A sample's chain of custody, oldest first", HISTORY_SCHEMA) }, async (request) => {
    await readableSampleOrThrow(db, { subject: await subjectOf(request, db), dialect }, 'any', request.params.id);
    return { results: (await sampleHistory(db, request.params.id)).map(historyView) };
  });

  app.get<{ Params: { id: string } }>(
    '/forms/:id/attachable-bio-samples',
    { onRequest: requireUser, schema: readSchema("Samples of the form's patient and registry the caller reads, not attached to it yet", BIO_SAMPLE_SCHEMA) },
    async (request) => {
      const subject = await subjectOf(request, db);
      const ids = await attachableSampleIds(db, subject, await sampleFormOrThrow(db, subject, request.params.id));
      return { results: await sampleViews(db, ids, requestLocale(request), showsNameFor(subject)) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/forms/:id/attachable-bio-sample-types',
    { onRequest: requireUser, schema: readSchema("The sample types of the form's registry", BIO_SAMPLE_TYPE_SCHEMA) },
    async (request) => {
      const form = await sampleFormOrThrow(db, await subjectOf(request, db), request.params.id);
      return { results: await sampleTypes(db, form.row.registry_id) };
    },
  );

  const linkSchema = (summary: string, params: unknown, body?: unknown) => ({
    summary,
    tags: TAGS,
    params,
    ...(body ? { body } : {}),
    response: { 200: single(BIO_SAMPLE_SCHEMA), ...errorResponses({ body: Boolean(body), extra: [401, 403, 404, 409] }) },
  });

  app.post<{ Params: { id: string }; Body: { sampleId: string } }>(
    '/forms/:id/attached-bio-samples',
    { onRequest: requireUser, schema: linkSchema('Attaches a sample of the form\'s patient (attach_bio_sample_to_form and the right to edit the form); 409 "There was an error in the linking process!"', ID_PARAMS, ATTACH_BODY) },
    async (request) => {
      const subject = await subjectOf(request, db);
      await attachSample(await writeDeps(request, deps), request.params.id, request.body.sampleId);
      return { results: await sampleViews(db, [request.body.sampleId], requestLocale(request), showsNameFor(subject)) };
    },
  );

  app.post<{ Params: { id: string; sampleId: string } }>(
    '/forms/:id/attached-bio-samples/:sampleId/detach',
    { onRequest: requireUser, schema: linkSchema('Detaches a sample from the form; 409 "There was an error in the linking process!" when it is not attached', FORM_SAMPLE_PARAMS) },
    async (request) => {
      const subject = await subjectOf(request, db);
      await detachSample(await writeDeps(request, deps), request.params.id, request.params.sampleId);
      return { results: await sampleViews(db, [request.params.sampleId], requestLocale(request), showsNameFor(subject)) };
    },
  );

  app.post<{ Params: { id: string; formId: string }; Body: { samples: SampleInput[] } }>(
    '/institutes/:id/forms/:formId/bio-samples',
    {
      onRequest: requireUser,
      schema: {
        summary: "Creates samples of the form's patient at the institute and attaches them to the form, all or none (create_institute_bio_sample and the linking rights)",
        tags: TAGS,
        params: INSTITUTE_FORM_PARAMS,
        body: FORM_SAMPLES_BODY,
        response: { 201: listAnswerSchema(BIO_SAMPLE_SCHEMA), ...errorResponses({ body: true, extra: [401, 403, 404, 409] }) },
      },
    },
    async (request, reply) => {
      const subject = await subjectOf(request, db);
      const ids = await createFormSamples(await writeDeps(request, deps), request.params.id, request.params.formId, request.body.samples);
      return reply.code(201).send({ results: await sampleViews(db, ids, requestLocale(request), showsNameFor(subject)) });
    },
  );
}
