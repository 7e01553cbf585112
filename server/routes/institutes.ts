// Institute routes: the public list the registration page offers (no sign-in needed), the reads
// of signed-in users (institutes are master data every user may read; physicians and the
// accessible list follow the caller's access entries), and the admin's edit.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import {
  findInstitute,
  instituteFields,
  listInstitutes,
  listPhysicians,
  listPublicInstitutes,
  PHYSICIAN_FIELDS,
  publicInstituteFields,
} from '../institutes/institutes.repository';
import { listAccessiblePhysicians, recordingTargetOrThrow } from '../institutes/accessiblePhysicians';
import { accessibleInstituteOrThrow, accessibleInstitutesSql, instituteNotFound } from '../institutes/institutes.service';
import { updateInstitute, type InstituteInput } from '../institutes/institutes.update';
import type { Locale } from '../i18n/locale';
import { listAnswer, parseListQueryOrThrow, type ListAnswer } from '../lists/listQuery';
import { requireRoles, requireUser } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { subjectOf } from '../permissions/subject';
import { writeDeps } from './clinicalDeps';
import { throwInstituteSchemaErrors } from './institutesAdmin';
import { INSTITUTE_BODY, REGENERATED_SCHEMA } from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { ID_PARAMS, INSTITUTE_NAME_SCHEMA, INSTITUTE_SCHEMA, PHYSICIAN_SCHEMA, singleAnswer } from './registrySchemas';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const SHOULD_LOCALIZE = { type: 'boolean', default: true, description: 'false answers the main name instead of the localized one' } as const;
const LOCALIZED_LIST_QUERY = { ...LIST_QUERY_SCHEMA, properties: { ...LIST_QUERY_SCHEMA.properties, shouldLocalize: SHOULD_LOCALIZE } };
const EVERYONE = sql<SqlBool>`1 = 1`;
type LocalizedList = { Querystring: Record<string, unknown> & { shouldLocalize?: boolean } };

const PUBLIC_INSTITUTE_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'shortName', 'city'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string', description: 'In the language of Accept-Language' },
    shortName: { type: 'string' },
    city: { type: ['string', 'null'] },
  },
};

export async function instituteRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get(
    '/institutes/public',
    {
      schema: {
        summary: 'Institutes anyone may see (registration). Filter and sort on name, shortName, city',
        tags: ['institutes'],
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(PUBLIC_INSTITUTE_SCHEMA), ...errorResponses() },
      },
    },
    async (request): Promise<ListAnswer<unknown>> => {
      const locale = requestLocale(request);
      const query = parseListQueryOrThrow(request.query as Record<string, unknown>, publicInstituteFields(locale));
      const { items, total } = await listPublicInstitutes(deps.db, deps.dialect, locale, query);
      return listAnswer(items, total);
    },
  );

  const { db, dialect } = deps;
  const nameOf = (request: FastifyRequest, shouldLocalize: boolean | undefined): Locale | null =>
    shouldLocalize === false ? null : requestLocale(request);

  app.get<LocalizedList>(
    '/institutes',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Every institute. Filter/sort: name, shortName, city, country, region, timeZone, createdAt',
        tags: ['institutes'],
        querystring: LOCALIZED_LIST_QUERY,
        response: { 200: listAnswerSchema(INSTITUTE_SCHEMA), ...errorResponses({ extra: [401] }) },
      },
    },
    async (request) => {
      const locale = nameOf(request, request.query.shouldLocalize);
      const query = parseListQueryOrThrow(request.query, instituteFields(locale));
      const { items, total } = await listInstitutes(db, dialect, locale, query, EVERYONE);
      return listAnswer(items, total);
    },
  );

  app.get<LocalizedList>(
    '/accessible-institutes',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Institutes where the caller has reg_access in a registry they take part in (admin: all)',
        tags: ['institutes'],
        querystring: LOCALIZED_LIST_QUERY,
        response: { 200: listAnswerSchema(INSTITUTE_SCHEMA), ...errorResponses({ extra: [401] }) },
      },
    },
    async (request) => {
      const locale = nameOf(request, request.query.shouldLocalize);
      const query = parseListQueryOrThrow(request.query, instituteFields(locale));
      const subject = await subjectOf(request, db);
      const { items, total } = await listInstitutes(db, dialect, locale, query, accessibleInstitutesSql(subject));
      return listAnswer(items, total);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { shouldLocalize?: boolean } }>(
    '/institutes/:id',
    {
      onRequest: requireUser,
      schema: {
        summary: 'One institute',
        tags: ['institutes'],
        params: ID_PARAMS,
        querystring: { type: 'object', properties: { shouldLocalize: SHOULD_LOCALIZE } },
        response: { 200: singleAnswer(INSTITUTE_SCHEMA), ...errorResponses({ extra: [401, 404] }) },
      },
    },
    async (request) => {
      const institute = await findInstitute(db, request.params.id, nameOf(request, request.query.shouldLocalize));
      if (!institute) throw instituteNotFound();
      return { results: [institute] };
    },
  );

  const UPDATED_ANSWER = singleAnswer(INSTITUTE_SCHEMA);
  app.put<{ Params: { id: string }; Body: InstituteInput }>(
    '/institutes/:id',
    {
      // Central admins only: a new time zone or short name rewrites ids across every registry of the institute.
      onRequest: requireRoles('admin'),
      attachValidation: true,
      schema: {
        summary: 'Edits an institute (admin). A new timeZone (IANA) or shortName regenerates the display ids of its attendances and forms in the same transaction',
        tags: ['institutes'],
        params: ID_PARAMS,
        body: INSTITUTE_BODY,
        response: {
          200: { ...UPDATED_ANSWER, required: ['results', 'regenerated'], properties: { ...(UPDATED_ANSWER.properties as Record<string, unknown>), regenerated: REGENERATED_SCHEMA } },
          ...errorResponses({ body: true, extra: [401, 403, 404] }),
        },
      },
    },
    async (request) => {
      throwInstituteSchemaErrors(request);
      const regenerated = await updateInstitute(await writeDeps(request, deps), request.params.id, request.body, request.id);
      const institute = await findInstitute(db, request.params.id, requestLocale(request));
      if (!institute) throw instituteNotFound();
      return { results: [institute], regenerated };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/institutes/:id/name',
    {
      onRequest: requireUser,
      schema: {
        summary: 'The names of one institute (name localized)',
        tags: ['institutes'],
        params: ID_PARAMS,
        response: { 200: singleAnswer(INSTITUTE_NAME_SCHEMA), ...errorResponses({ extra: [401, 404] }) },
      },
    },
    async (request) => {
      const institute = await findInstitute(db, request.params.id, requestLocale(request));
      if (!institute) throw instituteNotFound();
      const { id, name, nameHu, nameEn, shortName } = institute;
      return { results: [{ id, name, nameHu, nameEn, shortName }] };
    },
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/institutes/:id/physicians',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Active users with the doctor flag at the institute; the caller needs access there. Filter/sort: name, email, displayId',
        tags: ['institutes'],
        params: ID_PARAMS,
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(PHYSICIAN_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, PHYSICIAN_FIELDS);
      const subject = await subjectOf(request, db);
      const institute = await accessibleInstituteOrThrow(db, subject, request.params.id, null);
      const { items, total } = await listPhysicians(db, dialect, institute.id, query);
      return listAnswer(items, total);
    },
  );

  app.get<{ Params: { id: string; registryId: string }; Querystring: Record<string, unknown> }>(
    '/institutes/:id/accessible-physicians/:registryId',
    {
      onRequest: requireUser,
      schema: {
        summary:
          'Physicians of the institute the caller may record forms for in the registry (frm_create within the entry\'s physician condition; none: an empty list). Filter/sort: name, email, displayId',
        tags: ['institutes'],
        params: { type: 'object', required: ['id', 'registryId'], properties: { id: { type: 'string', maxLength: 100 }, registryId: { type: 'string', maxLength: 100 } } },
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(PHYSICIAN_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, PHYSICIAN_FIELDS);
      const subject = await subjectOf(request, db);
      const target = await recordingTargetOrThrow(db, request.params.id, request.params.registryId);
      const { items, total } = await listAccessiblePhysicians(db, dialect, subject, target, query);
      return listAnswer(items, total);
    },
  );
}
