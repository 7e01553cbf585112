// What the clinical write services need from a request: the permission subject and the actor
// recorded in the form history (and in the application log's events).
import type { FastifyRequest } from 'fastify';
import { releaseSamplesOfForm } from '../biobank/bioSampleFormRelease';
import type { WriteDeps } from '../forms/forms.lifecycle';
import type { Actor } from '../forms/history';
import { subjectOf } from '../permissions/subject';
import type { RouteDeps } from './deps';

export async function writeDeps(request: FastifyRequest, deps: RouteDeps): Promise<WriteDeps> {
  const subject = await subjectOf(request, deps.db);
  // A deleted form lets its bio samples go in the delete's transaction.
  return { db: deps.db, dialect: deps.dialect, subject, actor: actorOf(request), recordKey: deps.services.recordKey, onFormGone: releaseSamplesOfForm };
}

/**
 * Who the record names: the signed-in user; while impersonating, the real user (the impersonator)
 * as the actor and the impersonated user, by name, as on-behalf-of (docs/decisions.md "Administration").
 * Permissions stay the impersonated user's (the subject).
 */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  const impersonator = request.authSession?.impersonator;
  if (user && impersonator) return { userId: impersonator.id, userName: impersonator.name, onBehalfOf: user.name, onBehalfOfId: user.id };
  return { userId: user?.id ?? null, userName: user?.name ?? '', onBehalfOf: null, onBehalfOfId: null };
}
