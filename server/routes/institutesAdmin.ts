// The central admin's institute writes (spec §7): create, delete, and the usage counts the client
// shows before a delete or a time-zone change ("this changes the identifiers of N forms"). The edit
// (PUT) lives with the reads in institutes.ts. Bad input of create and edit answers "Can not add
// this institutes check your input!" naming the fields, also for what the schema itself rejects.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { schemaErrorsToFieldErrors, type AjvLikeError } from '../errors/schemaErrors';
import { createInstitute, deleteInstitute, instituteUsage } from '../institutes/institutes.admin';
import { findInstitute } from '../institutes/institutes.repository';
import { instituteInputError, instituteNotFound } from '../institutes/institutes.service';
import type { InstituteInput } from '../institutes/institutes.update';
import { requireRoles } from '../plugins/authGuard';
import { requestLocale } from '../plugins/errorHandler';
import { writeDeps } from './clinicalDeps';
import { INSTITUTE_BODY } from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { ID_PARAMS, INSTITUTE_SCHEMA, singleAnswer } from './registrySchemas';
import { errorResponses } from './schemas';

const USAGE_SCHEMA = {
  type: 'object',
  required: ['patients', 'users', 'attendances', 'forms'],
  properties: { patients: { type: 'integer' }, users: { type: 'integer' }, attendances: { type: 'integer' }, forms: { type: 'integer' } },
} as const;

/** With attachValidation, a schema rejection reaches the handler, which answers it with the institute message. */
export function throwInstituteSchemaErrors(request: FastifyRequest): void {
  const failure = request.validationError as (Error & { validation?: AjvLikeError[]; validationContext?: string }) | undefined;
  if (!failure?.validation) return;
  const part = failure.validationContext === 'params' ? 'params' : 'body';
  throw instituteInputError(schemaErrorsToFieldErrors(failure.validation, part, part === 'params' ? request.params : request.body));
}

export async function instituteAdminRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.post<{ Body: InstituteInput }>(
    '/institutes',
    {
      onRequest: requireRoles('admin'),
      attachValidation: true,
      schema: {
        summary: 'Adds an institute (admin): names in hu and en, an IANA time zone, coordinates',
        tags: ['institutes'],
        body: INSTITUTE_BODY,
        response: { 201: singleAnswer(INSTITUTE_SCHEMA), ...errorResponses({ body: true, extra: [401, 403] }) },
      },
    },
    async (request, reply) => {
      throwInstituteSchemaErrors(request);
      const id = await createInstitute(await writeDeps(request, deps), request.body, request.id);
      const institute = await findInstitute(deps.db, id, requestLocale(request));
      return reply.code(201).send({ results: [institute] });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/institutes/:id',
    {
      onRequest: requireRoles('admin'),
      schema: {
        summary: 'Deletes an institute (admin) that no patient, user, attendance or form belongs to; else 409',
        tags: ['institutes'],
        params: ID_PARAMS,
        response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses({ extra: [401, 403, 404, 409] }) },
      },
    },
    async (request, reply) => {
      await deleteInstitute(await writeDeps(request, deps), request.params.id, request.id);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/institutes/:id/usage',
    {
      onRequest: requireRoles('admin'),
      schema: {
        summary: 'How many patients, users, attendances and forms belong to the institute (admin): what a delete or a time-zone change touches',
        tags: ['institutes'],
        params: ID_PARAMS,
        response: { 200: singleAnswer(USAGE_SCHEMA), ...errorResponses({ extra: [401, 403, 404] }) },
      },
    },
    async (request) => {
      if (!(await findInstitute(deps.db, request.params.id, null))) throw instituteNotFound();
      return { results: [await instituteUsage(deps.db, request.params.id)] };
    },
  );
}
