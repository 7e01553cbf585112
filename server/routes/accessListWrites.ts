// POST /registry-acl, PUT/DELETE /registry-acl/{id}, and the same for /biobank-acl: central admins
// only (docs/decisions.md, "Access lists and effective access"). Bad input answers 400 naming the
// field and writes nothing; every change is an application-log event.
import type { FastifyInstance } from 'fastify';
import { entryCodes, isPermissionScheme, type AccessEntryKind } from '../../src/domain/permissions';
import { ApiError } from '../errors/apiError';
import type { AccessEntryView } from '../permissions/accessEntries.repository';
import { createAccessEntry, editAccessEntry, removeAccessEntry, type AccessEntryInput } from '../permissions/accessEntries.service';
import { requireRoles } from '../plugins/authGuard';
import { ACCESS_ENTRY_BODY } from './accessListSchemas';
import type { RouteDeps } from './deps';
import { ACCESS_ENTRY_SCHEMA, ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses } from './schemas';

const entryNotFound = (): ApiError => new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.permissions.entryNotFound' });

function answer(entry: AccessEntryView): { results: unknown[] } {
  const scheme = isPermissionScheme(entry.scheme) ? entry.scheme : 'guest';
  return { results: [{ ...entry, permissions: entryCodes({ kind: entry.kind, scheme, attachPermission: entry.attachPermission }) }] };
}

export async function accessListWriteRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;
  const guard = requireRoles('admin');
  const single = singleAnswer(ACCESS_ENTRY_SCHEMA);

  for (const [path, kind] of [
    ['/registry-acl', 'registry'],
    ['/biobank-acl', 'biobank'],
  ] as [string, AccessEntryKind][]) {
    const tags = ['access lists'];

    app.post<{ Body: AccessEntryInput }>(
      path,
      {
        onRequest: guard,
        schema: {
          summary: `Grants a scheme as a ${kind}-level entry (admin); 400 names an unknown trustee or a condition that does not fit`,
          tags,
          body: ACCESS_ENTRY_BODY,
          response: { 201: single, ...errorResponses({ body: true, extra: [401, 403] }) },
        },
      },
      async (request, reply) => {
        const created = await createAccessEntry(services, request, request.user!, kind, request.body);
        reply.code(201);
        return answer(created);
      },
    );

    app.put<{ Params: { id: string }; Body: AccessEntryInput }>(
      `${path}/:id`,
      {
        onRequest: guard,
        schema: {
          summary: `Replaces a ${kind}-level entry's trustee, scheme and conditions (admin)`,
          tags,
          params: ID_PARAMS,
          body: ACCESS_ENTRY_BODY,
          response: { 200: single, ...errorResponses({ body: true, extra: [401, 403, 404] }) },
        },
      },
      async (request) => {
        const edited = await editAccessEntry(services, request, request.user!, kind, request.params.id, request.body);
        if (!edited) throw entryNotFound();
        return answer(edited);
      },
    );

    app.delete<{ Params: { id: string } }>(
      `${path}/:id`,
      {
        onRequest: guard,
        schema: {
          summary: `Removes a ${kind}-level entry (admin); its trustee loses what it granted with the next call`,
          tags,
          params: ID_PARAMS,
          response: { 204: { type: 'null' }, ...errorResponses({ extra: [401, 403, 404] }) },
        },
      },
      async (request, reply) => {
        if (!(await removeAccessEntry(services, request, request.user!, kind, request.params.id))) throw entryNotFound();
        return reply.code(204).send();
      },
    );
  }
}
