// GET/POST /users and GET/PUT/DELETE /users/{id}: central admins manage every account, local
// administrators those of their own institute (docs/permissions.md, "Administration").
import type { FastifyInstance } from 'fastify';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requireRoles } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { findAdminUser, hasClinicalRecords, listAdminUsers, USER_LIST_FIELDS } from '../users/userAdmin.repository';
import { actorOf, administeredUsersSql, createUser, deleteUser, findAdministeredUser, updateUser, type UserInput } from '../users/userAdmin.service';
import type { RouteDeps } from './deps';
import { ID_PARAMS, singleAnswer } from './registrySchemas';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';
import { DELETE_USER_ANSWER, EDIT_USER_BODY, NEW_USER_BODY, USER_QUERY, USER_SCHEMA } from './userSchemas';

const LIST_QUERY = { ...LIST_QUERY_SCHEMA, properties: { ...LIST_QUERY_SCHEMA.properties, ...USER_QUERY.properties } };

export async function userRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, dialect, services } = deps;
  const guard = requireRoles('admin', 'local_administrator');
  const single = singleAnswer(USER_SCHEMA);

  app.get<{ Querystring: Record<string, unknown> & { withInstitute?: boolean } }>(
    '/users',
    {
      onRequest: guard,
      schema: {
        summary: 'The accounts the caller administers. Filter: name, email, state, role (== / !=), instituteId, displayId, doctor, mfaPolicy, createdAt, lastLoginAt; sort: the same but role',
        tags: ['users'],
        querystring: LIST_QUERY,
        response: { 200: listAnswerSchema(USER_SCHEMA), ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => {
      const query = parseListQueryOrThrow(request.query, USER_LIST_FIELDS);
      const visible = administeredUsersSql(actorOf(request.user!));
      const { items, total } = await listAdminUsers(db, dialect, { query, withInstitute: request.query.withInstitute === true, visible });
      return listAnswer(items, total);
    },
  );

  app.post<{ Body: UserInput }>(
    '/users',
    {
      onRequest: guard,
      schema: {
        summary: 'Creates an account and e-mails the user a link to choose a password (never a password)',
        tags: ['users'],
        body: NEW_USER_BODY,
        response: { 201: single, ...errorResponses({ body: true, extra: [401, 403] }) },
      },
    },
    async (request, reply) => {
      const id = await createUser(services, request, request.user!, request.body, requestLocale(request));
      reply.code(201);
      return { results: [await findAdminUser(db, id, true)] };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { withInstitute?: boolean } }>(
    '/users/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'One account the caller administers, with hasClinicalRecords',
        tags: ['users'],
        params: ID_PARAMS,
        querystring: USER_QUERY,
        response: { 200: single, ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      const user = await findAdministeredUser(services, request.user!, request.params.id, request.query.withInstitute === true);
      return { results: [{ ...user, hasClinicalRecords: await hasClinicalRecords(db, user.id) }] };
    },
  );

  app.put<{ Params: { id: string }; Body: UserInput }>(
    '/users/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Edits an account. A new state runs the activation (mail) or deactivation (every session ends); resetMfa forgets the authenticator',
        tags: ['users'],
        params: ID_PARAMS,
        body: EDIT_USER_BODY,
        response: { 200: single, ...errorResponses({ body: true, extra: [401, 403, 404, 409] }) },
      },
    },
    async (request) => {
      await updateUser(services, request, request.user!, request.params.id, request.body);
      return { results: [await findAdminUser(db, request.params.id, true)] };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/users/:id',
    {
      onRequest: guard,
      schema: {
        summary: 'Deletes an account; one that clinical data names is deactivated instead (records keep their author)',
        tags: ['users'],
        params: ID_PARAMS,
        response: { 200: DELETE_USER_ANSWER, ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request) => ({ outcome: await deleteUser(services, request, request.user!, request.params.id) }),
  );
}
