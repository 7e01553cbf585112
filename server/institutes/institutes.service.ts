// Rules for institute reads: an institute is accessible when the caller has reg_access (explicit
// or implicit) in a registry the institute takes part in, at that institute.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { can, grantScopes, type PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { ApiError, type FieldError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { noViewPermission } from '../permissions/permissionErrors';
import { scopeCondition } from '../permissions/scopeSql';
import { findInstitute, type Institute } from './institutes.repository';

export const instituteNotFound = (): ApiError =>
  new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.institutes.notFound' });

/** A bad institute write; the message names every field problem (spec §8: "Can not add this institutes check your input!"). */
export const instituteInputError = (errors: FieldError[]): ApiError =>
  new ApiError({ statusCode: 400, code: 'validation_failed', messageId: 'server.institutes.addFailed', errors });

export function accessibleInstitutesSql(subject: PermissionSubject): RawBuilder<SqlBool> {
  const grant = grantScopes(subject, 'reg_access');
  // Admins and unconditioned entries reach every institute, also one in no registry yet.
  if (grant.all) return sql<SqlBool>`1 = 1`;
  const reach = scopeCondition(grant, { registryId: 'ri.registry_id', instituteId: 'ri.institute_id' });
  return sql<SqlBool>`exists (select 1 from registry_institutes ri where ri.institute_id = institutes.id and ${reach})`;
}

export async function canAccessInstitute(db: Kysely<Database>, subject: PermissionSubject, instituteId: string): Promise<boolean> {
  if (grantScopes(subject, 'reg_access').all) return true;
  const rows = await db.selectFrom('registry_institutes').select('registry_id').where('institute_id', '=', instituteId).execute();
  return rows.some((row) => can(subject, 'reg_access', { registryId: row.registry_id, instituteId }));
}

/** 404 for an unknown id, 403 when the caller has no access there (institutes are public by name). */
export async function accessibleInstituteOrThrow(
  db: Kysely<Database>,
  subject: PermissionSubject,
  id: string,
  locale: Locale | null,
): Promise<Institute> {
  const institute = await findInstitute(db, id, locale);
  if (!institute) throw instituteNotFound();
  if (!(await canAccessInstitute(db, subject, id))) throw noViewPermission();
  return institute;
}
