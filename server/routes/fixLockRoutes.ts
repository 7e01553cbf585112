// Fix locks of a form's fields (docs/form-lifecycle.md "Fixing"): a monitor takes the lock of one
// value path before fixing it (PUT, also renews it) and releases it when done without a fix
// (DELETE); PUT /forms/{id}/fix (./forms.ts) writes the fix and releases the lock.
import type { FastifyInstance } from 'fastify';
import { lockForFix, unlockForFix } from '../forms/fixLocks.service';
import { requireUser } from '../plugins/authGuard';
import { writeDeps } from './clinicalDeps';
import { FIX_LOCK_SCHEMA, single } from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

const PARAMS = {
  type: 'object',
  required: ['id', 'fieldId'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 }, fieldId: { type: 'string', minLength: 1, maxLength: 300, description: "The field's value path, e.g. esr or meds[2].dose" } },
} as const;
const ERRORS = errorResponses({ extra: [401, 403, 404, 409] });

export async function fixLockRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.put<{ Params: { id: string; fieldId: string } }>(
    '/forms/:id/fix-locks/:fieldId',
    {
      onRequest: requireUser,
      schema: { summary: "Takes or renews the caller's fix lock of one field (a monitor who may fix the form); 409 field_locked names the holder", tags: ['forms'], params: PARAMS, response: { 200: single(FIX_LOCK_SCHEMA), ...ERRORS } },
    },
    async (request) => ({ results: [await lockForFix(await writeDeps(request, deps), request.params.id, request.params.fieldId)] }),
  );
  app.delete<{ Params: { id: string; fieldId: string } }>(
    '/forms/:id/fix-locks/:fieldId',
    { onRequest: requireUser, schema: { summary: "Releases the caller's own fix lock of one field (204, also when none is held)", tags: ['forms'], params: PARAMS, response: { 204: { type: 'null' }, ...ERRORS } } },
    async (request, reply) => {
      await unlockForFix(await writeDeps(request, deps), request.params.id, request.params.fieldId);
      return reply.code(204).send();
    },
  );
}
