// GET/POST /user-groups and GET/PUT/DELETE /user-groups/{id}: central admins only, since a group
// carries access entries across institutes (docs/permissions.md, "Administration").
import type { FastifyInstance } from 'fastify';
import { findGroup, GROUP_LIST_FIELDS, listGroups } from '../groups/groups.repository';
import { createGroup, editGroup, removeGroup, type GroupInput } from '../groups/groups.service';
import { notFoundError } from '../errors/apiError';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requireRoles } from '../plugins/authGuard';
import type { RouteDeps } from './deps';
import { ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';
import { GROUP_BODY, GROUP_SCHEMA, INCLUDE_QUERY } from './userSchemas';

const LIST_QUERY = { ...LIST_QUERY_SCHEMA, properties: { ...LIST_QUERY_SCHEMA.properties, ...INCLUDE_QUERY.properties } };
type Include = { include?: 'members' };

export async function userGroupRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect, services } = deps;
  const guard = requireRoles('admin');
  const single = singleAnswer(GROUP_SCHEMA);
  const groupOrThrow = async (id: string, members: boolean): Promise<unknown> => {
    const group = await findGroup(db, id, members);
    if (!group) throw notFoundError();
    return group;
  };

  app.get<{ Querystring: Record<string, unknown> & Include }>(
    '/user-groups',
    {
      onRequest: guard,
      schema: {
        summary: 'User groups with their member counts; include=members adds the members. Filter/sort: name, groupType, createdAt',
        tags: ['user groups'],
        querystring: LIST_QUERY,
        response: { 200: listAnswerSchema(GROUP_SCHEMA), ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, GROUP_LIST_FIELDS);
      const { items, total } = await listGroups(db, dialect, query, request.query.include === 'members');
      return listAnswer(items, total);
    },
  );

  app.post<{ Body: GroupInput }>(
    '/user-groups',
    {
      onRequest: guard,
      schema: {
        summary: 'Creates a group with its members',
        tags: ['user groups'],
        body: GROUP_BODY,
        response: { 201: single, ...errorResponses({ body: true, extra: [401, 403] }) },
      },
    },
    async (request, reply) => {
      const id = await createGroup(services, request, request.user!, request.body);
      reply.code(201);
      return { results: [await groupOrThrow(id, true)] };
    },
  );

  app.get<{ Params: { id: string }; Querystring: Include }>(
    '/user-groups/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'One group; include=members adds the members',
        tags: ['user groups'],
        params: ID_PARAMS,
        querystring: INCLUDE_QUERY,
        response: { 200: single, ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => ({ results: [await groupOrThrow(request.params.id, request.query.include === 'members')] }),
  );

  app.put<{ Params: { id: string }; Body: GroupInput }>(
    '/user-groups/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Edits a group; memberIds, when sent, become its members',
        tags: ['user groups'],
        params: ID_PARAMS,
        body: GROUP_BODY,
        response: { 200: single, ...errorResponses({ body: true, extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      await editGroup(services, request, request.user!, request.params.id, request.body);
      return { results: [await groupOrThrow(request.params.id, true)] };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/user-groups/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Deletes a group; 409 group_in_use while access entries name it (how many, which registries)',
        tags: ['user groups'],
        params: ID_PARAMS,
        response: { 204: { type: 'null' }, ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request, reply) => {
      await removeGroup(services, request, request.user!, request.params.id);
      return reply.code(204).send();
    },
  );
}
