// The patient-level permission scopes as SQL, in one place beside scopeSql.ts: which patients a
// subject may see (reg_access, or implicitly through an attendance they are the physician of) and
// where they may see personal data. Lists, to-do counts and dashboards of every area use these.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../config';
import { grantScopes, type PermissionSubject } from '../../src/domain/permissions';
import { scopeCondition } from './scopeSql';

/**
 * A scope column as SQLite should compare it: as a value (`x || ''`), never as an index key (see
 * visiblePatientsSql). PostgreSQL keeps the plain column: its planner weighs the scopes with
 * column statistics and walks the sort index by itself, while it would misjudge the expression.
 */
export function scopeColumn(column: string, dialect: DatabaseDialect | undefined): Expression<string> {
  return dialect === 'sqlite' ? sql<string>`${sql.ref(column)} || ''` : sql.ref<string>(column);
}

/**
 * Patients the subject may see, as SQL on `patients` (implicit access: an attendance of theirs).
 * The scope columns are compared as values (`x || ''`), not index keys: an OR of scopes would
 * otherwise gather every visible patient from the scope index and sort them all for one page;
 * this way the list walks its sort index (patients_created_idx, which covers the scope columns)
 * and stops at the page. Lists pass their dialect (scopeColumn); counts leave it out.
 */
export function visiblePatientsSql(subject: PermissionSubject, dialect?: DatabaseDialect): RawBuilder<SqlBool> {
  const grant = grantScopes(subject, 'reg_access');
  if (grant.all) return sql<SqlBool>`1 = 1`;
  const alternatives = grant.scopes.map((scope) => {
    const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`1 = 1`];
    if (scope.registryId !== undefined) parts.push(sql<SqlBool>`${scopeColumn('patients.registry_id', dialect)} = ${scope.registryId}`);
    if (scope.instituteId !== undefined) parts.push(sql<SqlBool>`${scopeColumn('patients.institute_id', dialect)} = ${scope.instituteId}`);
    if (scope.physicianId !== undefined) {
      // Not a correlated EXISTS: the database gathers the physician's patients once per statement
      // (attendances_physician_idx) instead of probing every patient's attendances.
      parts.push(sql<SqlBool>`patients.id in (select pa.patient_id from attendances pa where pa.physician_id = ${scope.physicianId})`);
    }
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  });
  return alternatives.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

/** Where the subject may see personal data (columns as scopeColumn gives them, for lists). */
export function personalDataSql(
  subject: PermissionSubject,
  registryColumn: string | Expression<string> = 'patients.registry_id',
  instituteColumn: string | Expression<string> = 'patients.institute_id',
): RawBuilder<SqlBool> {
  return scopeCondition(grantScopes(subject, 'personal_data_access'), { registryId: registryColumn, instituteId: instituteColumn });
}

/**
 * The visible patients as a condition on patient_counts (counted per registry and institute), or
 * undefined when a scope reaches patients only through the subject's own attendances, which the
 * counters cannot tell: then totals are counted over the patients.
 */
export function countablePatientsSql(subject: PermissionSubject): RawBuilder<SqlBool> | undefined {
  const grant = grantScopes(subject, 'reg_access');
  if (grant.scopes.some((scope) => scope.physicianId !== undefined)) return undefined;
  return scopeCondition(grant, { registryId: 'patient_counts.registry_id', instituteId: 'patient_counts.institute_id' });
}

export interface RegistryInstitutePair {
  registryId: string;
  instituteId: string;
}

/**
 * The visible patients as (registry, institute) pairs, each once, when every reg_access scope
 * names both and none reaches patients through a physician; else undefined (also for reg_access
 * everywhere). A patient has one registry and one institute, so the pairs' patients never overlap.
 */
export function registryInstitutePairs(subject: PermissionSubject): RegistryInstitutePair[] | undefined {
  const grant = grantScopes(subject, 'reg_access');
  if (grant.all) return undefined;
  const pairs = new Map<string, RegistryInstitutePair>();
  for (const { registryId, instituteId, physicianId } of grant.scopes) {
    if (registryId === undefined || instituteId === undefined || physicianId !== undefined) return undefined;
    pairs.set(JSON.stringify([registryId, instituteId]), { registryId, instituteId });
  }
  return [...pairs.values()];
}

export type PersonalDataReach = 'all' | 'none' | 'some';

/**
 * Whether every patient the subject sees shows its personal data ('all'), none does ('none'), or
 * it depends on the patient ('some'). With 'all' and 'none' lists sort and filter on the plain
 * columns (index order) instead of a per-row CASE. Implicit access (a physician's attendances)
 * is never counted as covered: which patients it reaches is only known row by row.
 */
export function personalDataReach(subject: PermissionSubject): PersonalDataReach {
  const personal = grantScopes(subject, 'personal_data_access');
  if (personal.all) return 'all';
  if (personal.scopes.length === 0) return 'none';
  const visible = grantScopes(subject, 'reg_access');
  if (visible.all) return 'some';
  const covered = visible.scopes.every(
    (scope) =>
      scope.physicianId === undefined &&
      personal.scopes.some(
        (p) =>
          Object.keys(p).every((key) => key === 'registryId' || key === 'instituteId') &&
          (p.registryId ?? scope.registryId) === scope.registryId &&
          (p.instituteId ?? scope.instituteId) === scope.instituteId,
      ),
  );
  return covered ? 'all' : 'some';
}
