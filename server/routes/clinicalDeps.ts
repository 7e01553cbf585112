// What the clinical write services need from a request: the permission subject and the actor
// recorded in the form history.
import type { FastifyRequest } from 'fastify';
import type { WriteDeps } from '../forms/forms.lifecycle';
import { subjectOf } from '../permissions/subject';
import type { RouteDeps } from './deps';

export async function writeDeps(request: FastifyRequest, deps: RouteDeps): Promise<WriteDeps> {
  const subject = await subjectOf(request, deps.db);
  const user = request.user;
  // Impersonation is not part of sessions yet; on_behalf_of stays null until it is.
  return { db: deps.db, dialect: deps.dialect, subject, actor: { userId: user?.id ?? null, userName: user?.name ?? '', onBehalfOf: null }, recordKey: deps.services.recordKey };
}
