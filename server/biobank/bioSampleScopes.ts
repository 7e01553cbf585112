// Where a bio code holds, as SQL and for one sample: the biobank equivalent of patientScopes.ts.
// A sample has a registry and an institute only, so a scope limited to a form type or a physician
// (a registry entry narrowed to some forms) reaches no sample: a narrowing never widens access.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { grantScopes, type PermissionCode, type PermissionScope, type PermissionSubject } from '../../src/domain/permissions';
import { scopeCondition } from '../permissions/scopeSql';

export type BioCode = Extract<PermissionCode, `${string}bio_sample${string}` | 'bio_manage'>;

export interface SampleTarget {
  registryId?: string;
  instituteId?: string;
}

/** The scopes of `code` that can reach samples (no form type or physician condition). */
export function sampleScopes(subject: PermissionSubject, code: BioCode): { all: boolean; scopes: PermissionScope[] } {
  const grant = grantScopes(subject, code);
  if (grant.all) return grant;
  return { all: false, scopes: grant.scopes.filter((scope) => scope.formTypeId === undefined && scope.physicianId === undefined) };
}

/** May the subject use `code` on the target? A target key left out matches any value ("somewhere"). */
export function mayOnSamples(subject: PermissionSubject, code: BioCode, target: SampleTarget): boolean {
  return sampleScopes(subject, code).scopes.some(
    (scope) =>
      (scope.registryId === undefined || target.registryId === undefined || scope.registryId === target.registryId) &&
      (scope.instituteId === undefined || target.instituteId === undefined || scope.instituteId === target.instituteId),
  );
}

/** Any of the codes holds on the target. */
export function mayAny(subject: PermissionSubject, codes: readonly BioCode[], target: SampleTarget): boolean {
  return codes.some((code) => mayOnSamples(subject, code, target));
}

/** The rows of `bio_samples` (or another table with the two columns) where `code` holds. */
export function sampleScopeSql(subject: PermissionSubject, code: BioCode, table = 'bio_samples'): RawBuilder<SqlBool> {
  return scopeCondition(sampleScopes(subject, code), { registryId: `${table}.registry_id`, instituteId: `${table}.institute_id` });
}

/** Both read codes: the biobank pages that are neither institute nor central (a patient's, a form's samples). */
export const READ_CODES: readonly BioCode[] = ['read_institute_bio_sample', 'read_admin_bio_sample'];

/** Rows either read code reaches (a patient's or a form's samples). */
export function readableSamplesSql(subject: PermissionSubject, table = 'bio_samples'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sampleScopeSql(subject, 'read_institute_bio_sample', table)} or ${sampleScopeSql(subject, 'read_admin_bio_sample', table)})`;
}
