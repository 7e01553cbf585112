// The permission subject of a request (user, roles, groups, entries), loaded once per request.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PermissionSubject } from '../../src/domain/permissions';
import { tokenExpired } from '../auth/authErrors';
import type { Database } from '../db/database';
import { findCallerEntries, type CallerAccess } from './accessEntries.repository';

const cache = new WeakMap<FastifyRequest, Promise<PermissionSubject>>();

async function load(db: Kysely<Database>, userId: string, roles: readonly string[]): Promise<PermissionSubject> {
  const { groupIds, entries } = await findCallerEntries(db, userId);
  return { userId, roles, groupIds, entries };
}

/**
 * The request guard read the caller's entries with the session (findSessionWithCaller): the
 * subject is built from them instead of a statement of its own.
 */
export function rememberCallerAccess(request: FastifyRequest, access: CallerAccess): void {
  const user = request.user;
  if (user) cache.set(request, Promise.resolve({ userId: user.id, roles: user.roles, ...access }));
}

/** Routes behind requireUser only: the signed-in caller as the permission function sees them. */
export function subjectOf(request: FastifyRequest, db: Kysely<Database>): Promise<PermissionSubject> {
  const user = request.user;
  if (!user) return Promise.reject(tokenExpired());
  let subject = cache.get(request);
  if (!subject) {
    subject = load(db, user.id, user.roles);
    cache.set(request, subject);
  }
  return subject;
}
