// The external fields of a form type with the values one patient has for them: each comes from the
// patient's latest final form of the source type, else the latest one (latest = the latest
// attendance start, then the latest created), among the forms the caller may read. Personal fields
// (of the source or the target descriptor) are null without personal data access on that form.
// A field whose source is PATIENT takes the patient record's value (server/forms/patientFields.ts).
import type { Kysely } from 'kysely';
import { getAt, type FieldValue, type FormValues } from '../../src/domain/forms';
import type { ListQuery } from '../../src/domain/lists';
import { can, type PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database, FormRow } from '../db/database';
import { patientFieldValues, PATIENT_SOURCE } from '../forms/patientFields';
import { canSeeForm, descriptorOf, hasPersonalData, mayOnForm } from '../forms/forms.access';
import { listExternalFields, type ExternalField } from '../formTypes/formTypes.repository';
import { formTypeNotFound, visibleFormTypeOrThrow } from '../formTypes/formTypes.service';
import type { Locale } from '../i18n/locale';
import { visiblePatientRecordOrThrow } from './patients.service';

export interface ExternalFieldValue extends ExternalField {
  /** null: no readable source form, no value there, or masked (personalDataHidden). */
  value: FieldValue | null;
  personalDataHidden: boolean;
  /** The form the value comes from. */
  source: { formId: string; displayId: string; state: FormRow['state']; attendanceId: string; updatedAt: string } | null;
}

/** Per source form type display id: the form that wins (see the file comment). */
async function sourceForms(db: Kysely<Database>, subject: PermissionSubject, patientId: string, registryId: string, displayIds: string[]): Promise<Map<string, FormRow>> {
  if (displayIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .selectAll('forms')
    .select('form_types.display_id as type_display_id')
    .where('attendances.patient_id', '=', patientId)
    .where('form_types.registry_id', '=', registryId)
    .where('form_types.display_id', 'in', displayIds)
    .where('forms.deleted_at', 'is', null)
    .orderBy('attendances.start_date_time', 'desc')
    .orderBy('forms.created_at', 'desc')
    .orderBy('forms.id')
    .execute();
  const readable = rows.filter((row) => canSeeForm(subject, row) && mayOnForm(subject, 'frm_read', row));
  const chosen = new Map<string, FormRow>();
  for (const displayId of displayIds) {
    const ofType = readable.filter((row) => row.type_display_id === displayId);
    const winner = ofType.find((row) => row.state === 'final') ?? ofType[0];
    if (winner) chosen.set(displayId, winner);
  }
  return chosen;
}

export async function patientExternalFields(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  input: { patientId: string; formTypeId: number; query: ListQuery; locale: Locale },
): Promise<{ items: ExternalFieldValue[]; total?: number }> {
  const patient = await visiblePatientRecordOrThrow(db, subject, input.patientId);
  const formType = await visibleFormTypeOrThrow(db, subject, input.formTypeId, input.locale);
  if (formType.registryId !== patient.registryId) throw formTypeNotFound();
  const { items, total } = await listExternalFields(db, dialect, formType.id, input.query);
  const sources = await sourceForms(db, subject, patient.id, patient.registryId, [...new Set(items.map((item) => item.sourceDisplayId))]);
  const targetPersonal = new Set((await descriptorOf(db, formType.id, formType.lastVersion)).personalDataFields ?? []);

  const fromPatient = await patientFieldValues(db, formType.id, patient.id);
  // The patient's own data: personal when the target field is, for callers without that access.
  const personalHere = can(subject, 'personal_data_access', { registryId: patient.registryId, instituteId: patient.instituteId, formTypeId: formType.id });
  const answer: ExternalFieldValue[] = [];
  for (const item of items) {
    if (item.sourceDisplayId === PATIENT_SOURCE) {
      const hidden = targetPersonal.has(item.targetField) && !personalHere;
      answer.push({ ...item, value: hidden ? null : (fromPatient[item.targetField] ?? null), personalDataHidden: hidden, source: null });
      continue;
    }
    const row = sources.get(item.sourceDisplayId);
    if (!row) {
      answer.push({ ...item, value: null, personalDataHidden: false, source: null });
      continue;
    }
    const sourcePersonal = (await descriptorOf(db, Number(row.form_type_id), Number(row.descriptor_version))).personalDataFields ?? [];
    const hidden = (sourcePersonal.includes(item.sourceField) || targetPersonal.has(item.targetField)) && !hasPersonalData(subject, row);
    const value = hidden ? null : (getAt(JSON.parse(row.field_values) as FormValues, item.sourceField) ?? null);
    answer.push({
      ...item,
      value,
      personalDataHidden: hidden,
      source: { formId: row.id, displayId: row.display_id, state: row.state, attendanceId: row.attendance_id, updatedAt: row.updated_at },
    });
  }
  return { items: answer, total };
}
