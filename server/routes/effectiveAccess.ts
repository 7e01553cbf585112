// GET /users/{id}/effective-access: where a user holds each permission code and through which
// entry (their own or a group's), computed by effectiveAccess() over entryGrants(), the function
// the server's own checks use. Central admins only, like the access lists it explains.
import type { FastifyInstance } from 'fastify';
import { effectiveAccess } from '../../src/domain/permissions';
import { notFoundError } from '../errors/apiError';
import { findEntriesOf, findGroupIds } from '../permissions/accessEntries.repository';
import { namesFor } from '../permissions/effectiveAccess.repository';
import { requireRoles } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { findAuthUser } from '../users/users.repository';
import { EFFECTIVE_ACCESS_SCHEMA } from './accessListSchemas';
import type { RouteDeps } from './deps';
import { ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses } from './schemas';

export async function effectiveAccessRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  app.get<{ Params: { id: string } }>(
    '/users/:id/effective-access',
    {
      onRequest: requireRoles('admin'),
      schema: {
        summary: 'Where the user holds each permission code, and through which access entry or group (admin)',
        tags: ['access lists'],
        params: ID_PARAMS,
        response: { 200: singleAnswer(EFFECTIVE_ACCESS_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const user = await findAuthUser(db, request.params.id);
      if (!user) throw notFoundError();
      const groupIds = await findGroupIds(db, user.id);
      const subject = { userId: user.id, roles: user.roles, groupIds, entries: await findEntriesOf(db, user.id, groupIds) };
      const access = effectiveAccess(subject);
      const names = await namesFor(db, access.grants, requestLocale(request));
      const named = <K>(map: Map<K, string>, key: K | undefined): { id: K; name: string } | null =>
        key === undefined ? null : { id: key, name: map.get(key) ?? String(key) };
      const grants = access.grants.map(({ scope, via, ...grant }) => ({
        ...grant,
        via: 'userId' in via ? { userId: via.userId, name: names.users.get(via.userId) ?? '' } : { groupId: via.groupId, name: names.groups.get(via.groupId) ?? '' },
        registry: named(names.registries, scope.registryId),
        formType: named(names.formTypes, scope.formTypeId),
        institute: named(names.institutes, scope.instituteId),
        physician: named(names.users, scope.physicianId),
      }));
      return { results: [{ userId: user.id, admin: access.admin, grants }] };
    },
  );
}
