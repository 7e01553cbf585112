// What biobank staff need to register and attach a sample without registry access (issue 16):
// the patients where the caller may create samples (pseudonymous unless personal_data_access holds
// there) and the forms of a sample's patient it may be attached to.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { FormSummary } from '../../src/api/attendances';
import type { BioSamplePatient } from '../../src/api/bioSamples';
import type { PermissionSubject } from '../../src/domain/permissions';
import { normalizeInsuranceNumber } from '../../src/domain/patients/insuranceNumber';
import type { Database } from '../db/database';
import { canSeeForm } from '../forms/forms.access';
import { approvalLevelsColumn, toFormSummary } from '../forms/forms.repository';
import { personalDataSql, visiblePatientsSql } from '../permissions/patientScopes';
import { mayAny, READ_CODES, sampleScopeSql, type BioCode } from './bioSampleScopes';

/** The codes that let a caller register a sample: the central one or an institute's. */
export const CREATE_CODES: readonly BioCode[] = ['create_admin_bio_sample', 'create_institute_bio_sample'];

export interface PatientLookup {
  registryId?: string;
  search?: string;
  offset: number;
  limit: number;
}

/** A LIKE pattern that matches the text as a prefix (its own % and _ taken literally). */
const prefixPattern = (text: string): string => `${text.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Patients where the caller may register a sample, ordered by internal number: where the central
 * code holds (biobank staff, pseudonymous, no registry access needed), and where an institute code
 * holds on a patient the caller also sees (institute staff register for the patients they treat).
 * The name only with personal_data_access on a visible patient, as the patient list shows it. The
 * search matches an internal number's start or a whole insurance number, never a name.
 */
export async function sampleRegistrationPatients(db: Kysely<Database>, subject: PermissionSubject, lookup: PatientLookup): Promise<{ items: BioSamplePatient[]; total: number }> {
  const visible = visiblePatientsSql(subject);
  const reach = sql<SqlBool>`(${sampleScopeSql(subject, 'create_admin_bio_sample', 'patients')} or (${sampleScopeSql(subject, 'create_institute_bio_sample', 'patients')} and ${visible}))`;
  const name = sql<string | null>`case when ${personalDataSql(subject)} and ${visible} then patients.name else null end`;
  let query = db
    .selectFrom('patients')
    .innerJoin('registries', 'registries.id', 'patients.registry_id')
    .innerJoin('institutes', 'institutes.id', 'patients.institute_id')
    .where(reach);
  if (lookup.registryId) query = query.where('patients.registry_id', '=', lookup.registryId);
  const search = lookup.search?.trim() ?? '';
  if (search) {
    const insurance = normalizeInsuranceNumber(search);
    query = query.where((eb) =>
      eb.or([
        eb(sql`upper(patients.internal_patient_number)`, 'like', sql`${prefixPattern(search)} escape '\\'`),
        ...(insurance ? [eb('patients.insurance_number', '=', insurance)] : []),
      ]),
    );
  }
  const counted = await query.select(sql<number | string>`count(*)`.as('total')).executeTakeFirst();
  const rows = await query
    .select(name.as('shown_name'))
    .select(['patients.id', 'patients.internal_patient_number', 'patients.registry_id', 'patients.institute_id', 'registries.short_name', 'institutes.name as institute_name'])
    .orderBy('patients.internal_patient_number')
    .orderBy('patients.id')
    .offset(lookup.offset)
    .limit(lookup.limit)
    .execute();
  const items = rows.map((row) => ({
    id: row.id,
    internalPatientNumber: row.internal_patient_number,
    registry: { id: row.registry_id, shortName: row.short_name },
    institute: { id: row.institute_id, name: row.institute_name },
    name: row.shown_name,
  }));
  return { items, total: Number(counted?.total ?? 0) };
}

/**
 * The live forms of the sample's patient in its registry that are not attached to it yet and that the
 * linking calls would accept (visible through reg_access or a bio read code where the form is).
 */
export async function attachableForms(db: Kysely<Database>, subject: PermissionSubject, sample: { id: string; patient_id: string; registry_id: string }, locale: string): Promise<FormSummary[]> {
  const rows = await db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .selectAll('forms')
    .select([locale === 'en' ? 'form_types.name_en as form_type_name' : 'form_types.name_hu as form_type_name', approvalLevelsColumn(db)])
    .where('attendances.patient_id', '=', sample.patient_id)
    .where('forms.registry_id', '=', sample.registry_id)
    .where('forms.deleted_at', 'is', null)
    .where('forms.id', 'not in', db.selectFrom('bio_sample_forms').select('form_id').where('bio_sample_id', '=', sample.id))
    .orderBy('forms.created_at')
    .orderBy('forms.id')
    .execute();
  const visible = rows.filter((row) => canSeeForm(subject, row) || mayAny(subject, READ_CODES, { registryId: row.registry_id, instituteId: row.institute_id }));
  return visible.map((row) => toFormSummary(row));
}
