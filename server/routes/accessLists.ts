// Access-list reads: registry-level and biobank-level entries (admin only), and who may do what
// on one form type (admin: every entry that can apply; others: their own entries there).
import type { FastifyInstance } from 'fastify';
import { can, entryCodes, isAdmin, isPermissionScheme, type AccessEntryKind } from '../../src/domain/permissions';
import { ApiError } from '../errors/apiError';
import { findFormType } from '../formTypes/formTypes.repository';
import { formTypeNotFound } from '../formTypes/formTypes.service';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requireRoles, requireUser } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import {
  ACCESS_ENTRY_FIELDS,
  findAccessEntryView,
  listAccessEntries,
  listEntriesForFormType,
  type AccessEntryView,
} from '../permissions/accessEntries.repository';
import { noViewPermission } from '../permissions/permissionErrors';
import { subjectOf } from '../permissions/subject';
import type { RouteDeps } from './deps';
import { ACCESS_ENTRY_SCHEMA, FORM_TYPE_ID_PARAMS, ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const FIELDS_TEXT = 'scheme, trusteeUserId, trusteeGroupId, trusteeName, registryId, formTypeId, instituteId, physicianId, createdAt';

const entryNotFound = (): ApiError => new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.permissions.entryNotFound' });

function withCodes(entry: AccessEntryView): AccessEntryView & { permissions: string[] } {
  const scheme = isPermissionScheme(entry.scheme) ? entry.scheme : 'guest';
  return { ...entry, permissions: entryCodes({ kind: entry.kind, scheme, attachPermission: entry.attachPermission }) };
}

export async function accessListRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect } = deps;

  for (const [path, kind] of [
    ['/registry-acl', 'registry'],
    ['/biobank-acl', 'biobank'],
  ] as [string, AccessEntryKind][]) {
    app.get<{ Querystring: Record<string, unknown> }>(
      path,
      {
        onRequest: requireRoles('admin'),
        schema: {
          summary: `${kind === 'registry' ? 'Registry' : 'Biobank'}-level access entries (admin). Filter/sort: ${FIELDS_TEXT}`,
          tags: ['access lists'],
          querystring: LIST_QUERY_SCHEMA,
          response: { 200: listAnswerSchema(ACCESS_ENTRY_SCHEMA), ...errorResponses({ extra: [401, 403] }) },
        },
      },
      async (request) => {
        const query = parseListQueryOrThrow(request.query, ACCESS_ENTRY_FIELDS);
        const { items, total } = await listAccessEntries(db, dialect, kind, query);
        return listAnswer(items.map(withCodes), total);
      },
    );

    app.get<{ Params: { id: string } }>(
      `${path}/:id`,
      {
        onRequest: requireRoles('admin'),
        schema: {
          summary: `One ${kind}-level access entry (admin)`,
          tags: ['access lists'],
          params: ID_PARAMS,
          response: { 200: singleAnswer(ACCESS_ENTRY_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
        },
      },
      async (request) => {
        const entry = await findAccessEntryView(db, kind, request.params.id);
        if (!entry) throw entryNotFound();
        return { results: [withCodes(entry)] };
      },
    );
  }

  app.get<{ Params: { id: number }; Querystring: Record<string, unknown> }>(
    '/form-acl/:id',
    {
      onRequest: requireUser,
      schema: {
        summary: `Registry-level entries that apply to a form type: every one for admins, the caller's own for others with access. Filter/sort: ${FIELDS_TEXT}`,
        tags: ['access lists'],
        params: FORM_TYPE_ID_PARAMS,
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: listAnswerSchema(ACCESS_ENTRY_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, ACCESS_ENTRY_FIELDS);
      const subject = await subjectOf(request, db);
      const formType = await findFormType(db, request.params.id, requestLocale(request));
      if (!formType) throw formTypeNotFound();
      const admin = isAdmin(subject);
      if (!admin && !can(subject, 'reg_access', { registryId: formType.registryId, formTypeId: formType.id })) throw noViewPermission();
      const { items, total } = await listEntriesForFormType(
        db,
        dialect,
        formType,
        query,
        admin ? undefined : { userId: subject.userId, groupIds: subject.groupIds },
      );
      return listAnswer(items.map(withCodes), total);
    },
  );
}
