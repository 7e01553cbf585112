// Rules for registry reads: who sees which registry (reg_access, explicit or implicit, in any
// scope of the registry), and the dashboard's per-registry summary.
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { can, codesAt, grantScopes, PERMISSION_CODES, type PermissionCode, type PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { ApiError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { noViewPermission } from '../permissions/permissionErrors';
import { scopeCondition } from '../permissions/scopeSql';
import { todoCountsQuery } from '../forms/forms.todo';
import { countablePatientsSql, visiblePatientsSql } from '../permissions/patientScopes';
import { findRegistry, formTypeCountsQuery, type Registry } from './registries.repository';

export const registryNotFound = (): ApiError =>
  new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.registries.notFound' });

/** Registries the subject may see: reg_access (or implicit_access) somewhere in them. */
export function visibleRegistriesSql(subject: PermissionSubject, column = 'registries.id'): RawBuilder<SqlBool> {
  return scopeCondition(grantScopes(subject, 'reg_access'), { registryId: column });
}

export function canSeeRegistry(subject: PermissionSubject, registryId: string): boolean {
  return can(subject, 'reg_access', { registryId });
}

/**
 * What was read for the registry `registryId`: 404 when nothing was (no registry has the id), then
 * 403 when the subject may not see it (registries are public by name).
 */
export function readForVisibleRegistry<T>(subject: PermissionSubject, registryId: string, found: T | null | undefined): T {
  if (found === null || found === undefined) throw registryNotFound();
  if (!canSeeRegistry(subject, registryId)) throw noViewPermission();
  return found;
}

/** 404 for an unknown id; 403 for a registry the caller may not see (registries are public by name). */
export async function visibleRegistryIdOrThrow(db: Kysely<Database>, subject: PermissionSubject, id: string): Promise<string> {
  // One primary-key probe: calls that only need the registry to exist and be visible (its periods)
  // skip its groups and institutes. The status matrix reads it with its columns instead.
  const row = await db.selectFrom('registries').select('id').where('id', '=', id).executeTakeFirst();
  return readForVisibleRegistry(subject, id, row).id;
}

/** The registry with its details, with the errors of visibleRegistryIdOrThrow. */
export async function visibleRegistryOrThrow(db: Kysely<Database>, subject: PermissionSubject, id: string, locale: Locale): Promise<Registry> {
  return readForVisibleRegistry(subject, id, await findRegistry(db, id, locale));
}

const REGISTRY_LEVEL_CODES: readonly PermissionCode[] = Object.values(PERMISSION_CODES);

/** The codes the subject holds somewhere in the registry, for the client's menus. */
export function registryCodes(subject: PermissionSubject, registryId: string): PermissionCode[] {
  return codesAt(subject, { registryId }, REGISTRY_LEVEL_CODES);
}

/** One count per registry, the shape every member of the dashboard's one statement has. */
interface RegistryCountRow {
  registry_id: string;
  n: number | string | null;
}

/**
 * Visible patients per registry: summed from patient_counts (kept per registry and institute by
 * triggers) unless a scope reaches patients through the caller's own attendances only, which
 * the counters cannot tell; those callers see few patients, counted directly.
 */
function patientCountsQuery(db: Kysely<Database>, subject: PermissionSubject, registryIds: readonly string[]) {
  const countable = countablePatientsSql(subject);
  if (!countable) {
    return db
      .selectFrom('patients')
      .select(['patients.registry_id', sql<number>`count(*)`.as('n')])
      .where('patients.registry_id', 'in', registryIds)
      .where(visiblePatientsSql(subject))
      .groupBy('patients.registry_id');
  }
  return db
    .selectFrom('patient_counts')
    .select(['patient_counts.registry_id', sql<number>`sum(patient_counts.n)`.as('n')])
    .where('patient_counts.registry_id', 'in', registryIds)
    .where(countable)
    .groupBy('patient_counts.registry_id');
}

/** Visible attendances per registry, summed from attendance_counts (kept by triggers). */
function attendanceCountsQuery(db: Kysely<Database>, subject: PermissionSubject, registryIds: readonly string[]) {
  return db
    .selectFrom('attendance_counts')
    .select(['attendance_counts.registry_id', sql<number>`sum(attendance_counts.n)`.as('n')])
    .where('attendance_counts.registry_id', 'in', registryIds)
    .where(
      scopeCondition(grantScopes(subject, 'reg_access'), {
        registryId: 'attendance_counts.registry_id',
        instituteId: 'attendance_counts.institute_id',
        physicianId: 'attendance_counts.physician_id',
      }),
    )
    .groupBy('attendance_counts.registry_id');
}

/** Institutes the subject reaches in the registry (reg_access at that institute), as a SQL condition on registry_institutes. */
export function reachableParticipationSql(subject: PermissionSubject): RawBuilder<SqlBool> {
  return scopeCondition(grantScopes(subject, 'reg_access'), {
    registryId: 'registry_institutes.registry_id',
    instituteId: 'registry_institutes.institute_id',
  });
}

function reachableInstituteCountsQuery(db: Kysely<Database>, subject: PermissionSubject, registryIds: readonly string[]) {
  return db
    .selectFrom('registry_institutes')
    .select(['registry_institutes.registry_id', sql<number>`count(*)`.as('n')])
    .where('registry_institutes.registry_id', 'in', registryIds)
    .where(reachableParticipationSql(subject))
    .groupBy('registry_institutes.registry_id');
}

export interface DashboardCounts {
  patients: number;
  attendances: number;
  formsAwaitingApproval: number;
  formsToCorrect: number;
  formTypeCount: number;
  instituteCount: number;
}

type DashboardCountKind = keyof DashboardCounts;

export const noDashboardCounts = (): DashboardCounts => ({ patients: 0, attendances: 0, formsAwaitingApproval: 0, formsToCorrect: 0, formTypeCount: 0, instituteCount: 0 });

/** The member's rows, each with the count it is. */
function labelled<TB extends keyof Database>(kind: DashboardCountKind, query: SelectQueryBuilder<Database, TB, RegistryCountRow>) {
  return query.select(sql.lit<string>(kind).as('kind'));
}

/**
 * The dashboard's counts per registry within what the subject may see: patients and attendances
 * (reg_access), the to-do counts of /forms/approvable-count and /forms/correctable-count (same
 * SQL conditions), the form types and the institutes it reaches. Six counts in one statement
 * (UNION ALL): on PostgreSQL each statement is a round trip, and the dashboard ran nine.
 */
export async function dashboardCounts(db: Kysely<Database>, subject: PermissionSubject, registryIds: readonly string[]): Promise<Map<string, DashboardCounts>> {
  const counts = new Map(registryIds.map((id) => [id, noDashboardCounts()]));
  if (registryIds.length === 0) return counts;
  const rows = await labelled('patients', patientCountsQuery(db, subject, registryIds))
    .unionAll([
      labelled('attendances', attendanceCountsQuery(db, subject, registryIds)),
      labelled('formsAwaitingApproval', todoCountsQuery(db, subject, 'approvable', registryIds)),
      labelled('formsToCorrect', todoCountsQuery(db, subject, 'correctable', registryIds)),
      labelled('formTypeCount', formTypeCountsQuery(db, registryIds)),
      labelled('instituteCount', reachableInstituteCountsQuery(db, subject, registryIds)),
    ])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.registry_id);
    if (entry) entry[row.kind as DashboardCountKind] = Number(row.n ?? 0);
  }
  return counts;
}
