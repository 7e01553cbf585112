// The physicians of an institute the caller may record forms for: frm_create there, within the
// physician condition of the entry (an entry may be limited to one physician). Used by
// GET /institutes/{id}/accessible-physicians/{registryId} and by every form-start data answer.
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import { grantScopes, scopeMatches, type GrantScopes, type PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { instituteNotInRegistry } from '../permissions/permissionErrors';
import { scopeCondition } from '../permissions/scopeSql';
import { findRegistry, registryTakesPart } from '../registries/registries.repository';
import { registryNotFound } from '../registries/registries.service';
import { findInstitute, listPhysicians, type Physician } from './institutes.repository';
import { instituteNotFound } from './institutes.service';

export interface RecordingTarget {
  registryId: string;
  instituteId: string;
  /** Left out: some form type of the registry (an entry limited to a form type counts). */
  formTypeId?: number;
}

/**
 * frm_create at the target as a condition on `users.id`. Registry, institute and form type are
 * known values, so they are matched here; only the physician dimension goes to SQL (a comparison
 * of two bound values would leave PostgreSQL without a type for either).
 */
export function mayRecordForSql(subject: PermissionSubject, target: RecordingTarget): RawBuilder<SqlBool> {
  const grant = grantScopes(subject, 'frm_create');
  const scopes = grant.scopes.filter((scope) => scopeMatches(scope, target)).map((scope) => (scope.physicianId === undefined ? {} : { physicianId: scope.physicianId }));
  const reduced: GrantScopes = { all: grant.all, scopes };
  return scopeCondition(reduced, { physicianId: 'users.id' });
}

export function listAccessiblePhysicians(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  target: RecordingTarget,
  query: ListQuery,
): Promise<{ items: Physician[]; total?: number }> {
  return listPhysicians(db, dialect, target.instituteId, query, mayRecordForSql(subject, target));
}

/** Every one of them (a start-data answer carries the whole list). */
export const ALL_PHYSICIANS: ListQuery = { offset: 0, limit: 1000, filter: [], sort: [], statistics: false };

/**
 * The institute and registry of GET /institutes/{id}/accessible-physicians/{registryId}: unknown
 * ids 404, an institute outside the registry 403. Both are configuration, not secret; whether the
 * caller may record there at all shows as the (maybe empty) list.
 */
export async function recordingTargetOrThrow(db: Kysely<Database>, instituteId: string, registryId: string): Promise<RecordingTarget> {
  if (!(await findInstitute(db, instituteId, null))) throw instituteNotFound();
  if (!(await findRegistry(db, registryId, 'en'))) throw registryNotFound();
  if (!(await registryTakesPart(db, registryId, instituteId))) throw instituteNotInRegistry();
  return { registryId, instituteId };
}

/** Whether the physician is among the accessible physicians of the target for the caller (POST /attendances). */
export async function isAccessiblePhysician(db: Kysely<Database>, subject: PermissionSubject, target: RecordingTarget, physicianId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '=', physicianId)
    .where('users.institute_id', '=', target.instituteId)
    .where('users.doctor', '=', true)
    .where('users.state', '=', 'active')
    .where(mayRecordForSql(subject, target))
    .executeTakeFirst();
  return row !== undefined;
}
