// The permission subject of a request (user, roles, groups, entries), loaded once per request:
// by the request guard with the session (authGuard), else here on first use.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccessEntry, PermissionSubject } from '../../src/domain/permissions';
import { tokenExpired } from '../auth/authErrors';
import type { Database } from '../db/database';
import { findCallerEntries } from './accessEntries.repository';

const cache = new WeakMap<FastifyRequest, Promise<PermissionSubject>>();

/** What the permission function knows of a caller besides who they are. */
export interface CallerAccess {
  groupIds: string[];
  entries: AccessEntry[];
}

/** The request guard read the caller's entries with the session: the request's subject is known. */
export function rememberSubject(request: FastifyRequest, user: { id: string; roles: readonly string[] }, access: CallerAccess): void {
  cache.set(request, Promise.resolve({ userId: user.id, roles: user.roles, ...access }));
}

async function load(db: Kysely<Database>, userId: string, roles: readonly string[]): Promise<PermissionSubject> {
  const { groupIds, entries } = await findCallerEntries(db, userId);
  return { userId, roles, groupIds, entries };
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
