// Registry reads: the management list, one registry (verbose adds its form types), the public
// names, the caller's accessible registries, and the dashboard's summary of them.
import type { FastifyInstance } from 'fastify';
import { hasAnyEntry } from '../../src/domain/permissions';
import { formTypesOfRegistries, listFormTypes } from '../formTypes/formTypes.repository';
import { visibleFormTypesSql } from '../formTypes/formTypes.service';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requestLocale } from '../plugins/errorHandler';
import { requireUser } from '../plugins/authGuard';
import { noAccessEntries } from '../permissions/permissionErrors';
import { subjectOf } from '../permissions/subject';
import { listPublicRegistries, listRegistries, PUBLIC_REGISTRY_FIELDS, registryFields } from '../registries/registries.repository';
import {
  dashboardCounts,
  noDashboardCounts,
  registryCodes,
  visibleRegistriesSql,
  visibleRegistryOrThrow,
} from '../registries/registries.service';
import { formTypeFields } from '../formTypes/formTypes.repository';
import { registryPeriods } from '../registries/registryPeriods';
import type { RouteDeps } from './deps';
import {
  ACCESSIBLE_REGISTRY_SCHEMA,
  DASHBOARD_REGISTRY_SCHEMA,
  FORM_TYPE_SCHEMA,
  ID_PARAMS,
  PUBLIC_REGISTRY_SCHEMA,
  REGISTRY_SCHEMA,
  singleAnswer,
} from './registrySchemas';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const VERBOSE = { type: 'boolean', default: false, description: 'true adds formTypes' } as const;
const LIST_WITH_VERBOSE = { ...LIST_QUERY_SCHEMA, properties: { ...LIST_QUERY_SCHEMA.properties, verbose: VERBOSE } };
const SIGNED_IN = errorResponses({ extra: [401] });

type ListRequest = { Querystring: Record<string, unknown> & { verbose?: boolean } };

export async function registryRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;

  app.get<ListRequest>(
    '/registries',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Registries the caller may see (admin: all). Filter/sort: name, nameEn, nameHu, shortName, registryType, hasInpatientDay, mandatoryInsuranceNumber, createdAt, updatedAt',
        tags: ['registries'],
        querystring: LIST_WITH_VERBOSE,
        response: { 200: listAnswerSchema(REGISTRY_SCHEMA), ...SIGNED_IN },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const query = parseListQueryOrThrow(request.query, registryFields(locale));
      const subject = await subjectOf(request, db);
      const { items, total } = await listRegistries(db, dialect, locale, query, visibleRegistriesSql(subject));
      if (!request.query.verbose) return listAnswer(items, total);
      const ids = items.map((r) => r.id);
      const [formTypes, periods] = await Promise.all([formTypesOfRegistries(db, ids, locale, visibleFormTypesSql(subject)), registryPeriods(db, ids, locale)]);
      return listAnswer(
        items.map((r) => ({ ...r, formTypes: formTypes.filter((t) => t.registryId === r.id), periods: periods.filter((p) => p.registryId === r.id) })),
        total,
      );
    },
  );

  app.get(
    '/registries/public',
    {
      schema: {
        summary: 'Every registry by name (no sign-in needed). Filter/sort: nameEn, nameHu, shortName',
        tags: ['registries'],
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(PUBLIC_REGISTRY_SCHEMA), ...errorResponses() },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query as Record<string, unknown>, PUBLIC_REGISTRY_FIELDS);
      const { items, total } = await listPublicRegistries(db, dialect, query);
      return listAnswer(items, total);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { verbose?: boolean } }>(
    '/registries/:id',
    {
      onRequest: requireUser,
      schema: {
        summary: 'One registry; verbose=true adds the form types the caller may see and the attendance periods with the form types each allows',
        tags: ['registries'],
        params: ID_PARAMS,
        querystring: { type: 'object', properties: { verbose: VERBOSE } },
        response: { 200: singleAnswer(REGISTRY_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const subject = await subjectOf(request, db);
      const registry = await visibleRegistryOrThrow(db, subject, request.params.id, locale);
      if (!request.query.verbose) return { results: [registry] };
      const [formTypes, periods] = await Promise.all([formTypesOfRegistries(db, [registry.id], locale, visibleFormTypesSql(subject)), registryPeriods(db, [registry.id], locale)]);
      return { results: [{ ...registry, formTypes, periods }] };
    },
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/registries/:id/form-types',
    {
      onRequest: requireUser,
      schema: {
        summary: 'The form types of a registry the caller may see. Filter/sort: name, shortName, displayId, behaviorType, lastVersion, position, createdAt, updatedAt',
        tags: ['form types'],
        params: ID_PARAMS,
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(FORM_TYPE_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const query = parseListQueryOrThrow(request.query, formTypeFields(locale));
      const subject = await subjectOf(request, db);
      const registry = await visibleRegistryOrThrow(db, subject, request.params.id, locale);
      const { items, total } = await listFormTypes(db, dialect, locale, query, { registryId: registry.id, visible: visibleFormTypesSql(subject) });
      return listAnswer(items, total);
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    '/accessible-registries',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Registries where the caller has reg_access (explicit or implicit), with the codes held there',
        tags: ['registries'],
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(ACCESSIBLE_REGISTRY_SCHEMA), ...SIGNED_IN },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const query = parseListQueryOrThrow(request.query, registryFields(locale));
      const subject = await subjectOf(request, db);
      const { items, total } = await listRegistries(db, dialect, locale, query, visibleRegistriesSql(subject));
      return listAnswer(
        items.map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn, nameHu: r.nameHu, shortName: r.shortName, registryType: r.registryType, permissions: registryCodes(subject, r.id) })),
        total,
      );
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    '/dashboard/registries',
    {
      onRequest: requireUser,
      schema: {
        summary: 'The dashboard card: accessible registries with their counts; 403 no_access_entries without any access entry',
        tags: ['registries'],
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(DASHBOARD_REGISTRY_SCHEMA), ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const query = parseListQueryOrThrow(request.query, registryFields(locale));
      const subject = await subjectOf(request, db);
      if (!hasAnyEntry(subject)) throw noAccessEntries();
      const { items, total } = await listRegistries(db, dialect, locale, query, visibleRegistriesSql(subject));
      const ids = items.map((r) => r.id);
      const counts = await dashboardCounts(db, subject, ids);
      return listAnswer(
        items.map((r) => {
          const { formTypeCount, instituteCount, ...registryCounts } = counts.get(r.id) ?? noDashboardCounts();
          return {
            id: r.id,
            name: r.name,
            nameEn: r.nameEn,
            nameHu: r.nameHu,
            shortName: r.shortName,
            registryType: r.registryType,
            permissions: registryCodes(subject, r.id),
            formTypeCount,
            instituteCount,
            counts: registryCounts,
          };
        }),
        total,
      );
    },
  );
}
