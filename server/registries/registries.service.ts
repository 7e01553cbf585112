// Rules for registry reads: who sees which registry (reg_access, explicit or implicit, in any
// scope of the registry), and the dashboard's per-registry summary.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { can, codesAt, grantScopes, PERMISSION_CODES, type PermissionCode, type PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { ApiError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { noViewPermission } from '../permissions/permissionErrors';
import { scopeCondition } from '../permissions/scopeSql';
import { findRegistry, type Registry } from './registries.repository';

export const registryNotFound = (): ApiError =>
  new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.registries.notFound' });

/** Registries the subject may see: reg_access (or implicit_access) somewhere in them. */
export function visibleRegistriesSql(subject: PermissionSubject, column = 'registries.id'): RawBuilder<SqlBool> {
  return scopeCondition(grantScopes(subject, 'reg_access'), { registryId: column });
}

export function canSeeRegistry(subject: PermissionSubject, registryId: string): boolean {
  return can(subject, 'reg_access', { registryId });
}

/** 404 for an unknown id; 403 for a registry the caller may not see (registries are public by name). */
export async function visibleRegistryOrThrow(db: Kysely<Database>, subject: PermissionSubject, id: string, locale: Locale): Promise<Registry> {
  const registry = await findRegistry(db, id, locale);
  if (!registry) throw registryNotFound();
  if (!canSeeRegistry(subject, registry.id)) throw noViewPermission();
  return registry;
}

const REGISTRY_LEVEL_CODES: readonly PermissionCode[] = Object.values(PERMISSION_CODES);

/** The codes the subject holds somewhere in the registry, for the client's menus. */
export function registryCodes(subject: PermissionSubject, registryId: string): PermissionCode[] {
  return codesAt(subject, { registryId }, REGISTRY_LEVEL_CODES);
}

export interface DashboardCounts {
  patients: number;
  attendances: number;
  formsAwaitingApproval: number;
  formsToCorrect: number;
}

/**
 * Hook for the patients/forms slice: counts per registry within what the subject may see. Until
 * those tables exist every count is 0; the answer shape stays the same when they arrive.
 */
export async function dashboardCounts(
  _db: Kysely<Database>,
  _subject: PermissionSubject,
  registryIds: readonly string[],
): Promise<Map<string, DashboardCounts>> {
  return new Map(registryIds.map((id) => [id, { patients: 0, attendances: 0, formsAwaitingApproval: 0, formsToCorrect: 0 }]));
}

/** Institutes the subject reaches in the registry (reg_access at that institute), as a SQL condition on registry_institutes. */
export function reachableParticipationSql(subject: PermissionSubject): RawBuilder<SqlBool> {
  return scopeCondition(grantScopes(subject, 'reg_access'), {
    registryId: 'registry_institutes.registry_id',
    instituteId: 'registry_institutes.institute_id',
  });
}

export async function countReachableInstitutes(db: Kysely<Database>, subject: PermissionSubject, registryIds: readonly string[]): Promise<Map<string, number>> {
  if (registryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('registry_institutes')
    .select(['registry_institutes.registry_id', sql<number>`count(*)`.as('n')])
    .where('registry_institutes.registry_id', 'in', registryIds)
    .where(reachableParticipationSql(subject))
    .groupBy('registry_institutes.registry_id')
    .execute();
  return new Map(rows.map((row) => [row.registry_id, Number(row.n)]));
}
