// Form fields that repeat the patient record (date of birth, sex): a form type declares them as
// external fields whose source is the patient (source display id PATIENT, source field dob or
// gender). Every write takes their values from the patient, so a form never contradicts the record;
// a sent value that is neither the patient's nor what the form holds is refused (400 naming it).
import type { Kysely } from 'kysely';
import type { FieldValue, FormValues } from '../../src/domain/forms';
import type { Database } from '../db/database';
import type { FieldError } from '../errors/apiError';

/** The source display id of an external field that the patient record fills. */
export const PATIENT_SOURCE = 'PATIENT';
export const FROM_PATIENT = 'api.fromPatient';

const PATIENT_COLUMNS = { dob: 'dob', gender: 'gender' } as const;
type PatientSourceField = keyof typeof PATIENT_COLUMNS;
const isPatientField = (field: string): field is PatientSourceField => field in PATIENT_COLUMNS;

/** The target field ids of the form type that the patient fills. */
export async function patientFieldIds(db: Kysely<Database>, formTypeId: number): Promise<string[]> {
  const rows = await db.selectFrom('form_type_external_fields').select(['target_field', 'source_field']).where('form_type_id', '=', formTypeId).where('source_display_id', '=', PATIENT_SOURCE).execute();
  return rows.filter((row) => isPatientField(row.source_field)).map((row) => row.target_field);
}

/** Target field id → the patient's value (an unknown sex fills nothing: the form may say more). */
export async function patientFieldValues(db: Kysely<Database>, formTypeId: number, patientId: string): Promise<Record<string, FieldValue>> {
  const links = await patientFieldLinks(db, formTypeId);
  if (links.length === 0) return {};
  return patientValuesFrom(links, await patientFieldSources(db, patientId));
}

export interface PatientFieldLink {
  target_field: string;
  source_field: string;
}

/** The form type's fields that the patient fills, and from which column (a bulk writer reads them once per type). */
export async function patientFieldLinks(db: Kysely<Database>, formTypeId: number): Promise<PatientFieldLink[]> {
  return db.selectFrom('form_type_external_fields').select(['target_field', 'source_field']).where('form_type_id', '=', formTypeId).where('source_display_id', '=', PATIENT_SOURCE).execute();
}

export type PatientFieldSources = { dob: string; gender: string } | null;

/** The patient's columns that fill form fields (null: no such patient). */
export async function patientFieldSources(db: Kysely<Database>, patientId: string): Promise<PatientFieldSources> {
  return (await db.selectFrom('patients').select(['dob', 'gender']).where('id', '=', patientId).executeTakeFirst()) ?? null;
}

export function patientValuesFrom(links: readonly PatientFieldLink[], patient: PatientFieldSources): Record<string, FieldValue> {
  if (!patient) return {};
  const values: Record<string, FieldValue> = {};
  for (const row of links) {
    if (!isPatientField(row.source_field)) continue;
    const value = patient[PATIENT_COLUMNS[row.source_field]];
    if (row.source_field === 'gender' && (value === 'unknown' || value === 'other')) continue;
    values[row.target_field] = value;
  }
  return values;
}

/** The values with the patient's fields set; a contradicting sent value is an error (the form's own older value is tolerated and replaced). */
export function pinPatientFields(values: FormValues, stored: FormValues, fromPatient: Record<string, FieldValue>): { values: FormValues; errors: FieldError[] } {
  const pinned: FormValues = { ...values };
  const errors: FieldError[] = [];
  for (const [id, expected] of Object.entries(fromPatient)) {
    const sent = values[id];
    if (sent !== undefined && sent !== null && sent !== '' && sent !== expected && sent !== stored[id]) errors.push({ path: id, key: FROM_PATIENT, context: {} });
    pinned[id] = expected;
  }
  return { values: pinned, errors };
}
