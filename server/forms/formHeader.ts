// The header of a form as people read it: display texts for the header fields whose values are ids
// (patient, physician, institute), so that no client shows a raw UUID, and the patient, physician
// and attendance behind the form. The patient's name only with personal data access.
import type { Kysely } from 'kysely';
import { userNames } from '../attendances/attendances.repository';
import type { AttendanceRow, Database } from '../db/database';
import type { HeaderField } from '../formTypes/formStartData';
import type { Locale } from '../i18n/locale';
import { findInstitute, type Institute } from '../institutes/institutes.repository';

export interface HeaderExtras {
  /** Display texts by header field id; a field without a value (or with an id we may not name) has none. */
  headerLabels: Record<string, string>;
  patient: { id: string; internalPatientNumber: string; name: string | null };
  physician: { id: string; name: string };
  /** disqualified: its forms take no writes (the form page says so in its header). */
  attendance: { id: string; displayId: string; disqualified: boolean; disqualificationReason: string | null };
}

export interface HeaderContext {
  attendance: AttendanceRow;
  /** The physician of the form (or of the attendance, for a new form). */
  physicianId: string;
  institute: Institute;
  /** personal_data_access on the form, and the form not censored. */
  personal: boolean;
  locale: Locale;
}

export async function headerExtras(
  db: Kysely<Database>,
  context: HeaderContext,
  fields: readonly HeaderField[],
  values: Readonly<Record<string, string | null>>,
): Promise<HeaderExtras> {
  const { attendance, institute } = context;
  const patientRow = await db.selectFrom('patients').select(['internal_patient_number', 'name']).where('id', '=', attendance.patient_id).executeTakeFirst();
  const patient = {
    id: attendance.patient_id,
    internalPatientNumber: patientRow?.internal_patient_number ?? '',
    name: context.personal ? (patientRow?.name ?? null) : null,
  };
  const valueOf = (field: HeaderField): string | null => values[field.id] ?? null;
  const physicianIds = fields.filter((f) => f.role === 'physician').map(valueOf).filter((v): v is string => Boolean(v));
  const names = await userNames(db, [context.physicianId, ...physicianIds]);

  const headerLabels: Record<string, string> = {};
  for (const field of fields) {
    const value = valueOf(field);
    if (!value) continue;
    let label: string | undefined;
    // Only the attendance's own patient is named: another id in the field must not reveal whose it is.
    if (field.role === 'patient' && value === patient.id) label = patient.name ? `${patient.internalPatientNumber} · ${patient.name}` : patient.internalPatientNumber;
    else if (field.role === 'physician') label = names.get(value);
    else if (field.role === 'institute') label = value === institute.id ? institute.name : (await findInstitute(db, value, context.locale))?.name;
    if (label) headerLabels[field.id] = label;
  }
  return {
    headerLabels,
    patient,
    physician: { id: context.physicianId, name: names.get(context.physicianId) ?? '' },
    attendance: { id: attendance.id, displayId: attendance.display_id, disqualified: attendance.state === 'disqualified', disqualificationReason: attendance.disqualification_reason },
  };
}
