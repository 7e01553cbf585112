// The patient-level permission scopes as SQL, in one place beside scopeSql.ts: which patients a
// subject may see (reg_access, or implicitly through an attendance they are the physician of) and
// where they may see personal data. Lists, to-do counts and dashboards of every area use these.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { grantScopes, type PermissionSubject } from '../../src/domain/permissions';
import { scopeCondition } from './scopeSql';

/** Patients the subject may see, as SQL on `patients` (implicit access: an attendance of theirs). */
export function visiblePatientsSql(subject: PermissionSubject): RawBuilder<SqlBool> {
  const grant = grantScopes(subject, 'reg_access');
  if (grant.all) return sql<SqlBool>`1 = 1`;
  const alternatives = grant.scopes.map((scope) => {
    const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`1 = 1`];
    if (scope.registryId !== undefined) parts.push(sql<SqlBool>`patients.registry_id = ${scope.registryId}`);
    if (scope.instituteId !== undefined) parts.push(sql<SqlBool>`patients.institute_id = ${scope.instituteId}`);
    if (scope.physicianId !== undefined) {
      parts.push(sql<SqlBool>`exists (select 1 from attendances pa where pa.patient_id = patients.id and pa.physician_id = ${scope.physicianId})`);
    }
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  });
  return alternatives.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

export function personalDataSql(subject: PermissionSubject, registryColumn = 'patients.registry_id', instituteColumn = 'patients.institute_id'): RawBuilder<SqlBool> {
  return scopeCondition(grantScopes(subject, 'personal_data_access'), { registryId: registryColumn, instituteId: instituteColumn });
}
