// Form-start data of an existing form (its header as it is) and of a new form in an attendance
// period (the header filled from the attendance). Both answer the institute variant's fields
// (server/formTypes/formStartData.ts) plus the header's display texts (./formHeader.ts).
import type { Kysely } from 'kysely';
import type { FieldValue, FormValues } from '../../src/domain/forms';
import { can, type PermissionSubject } from '../../src/domain/permissions';
import { findAttendanceRow, findPeriod } from '../attendances/attendances.repository';
import { attendanceNotFound, visibleAttendanceOrThrow } from '../attendances/attendances.service';
import { localParts } from '../attendances/displayIds';
import type { DatabaseDialect } from '../config';
import type { AttendanceRow, Database } from '../db/database';
import { buildStartData, type FormStartData } from '../formTypes/formStartData';
import { findFormType, type FormType } from '../formTypes/formTypes.repository';
import { formTypeNotFound } from '../formTypes/formTypes.service';
import type { Locale } from '../i18n/locale';
import { findInstitute } from '../institutes/institutes.repository';
import { noViewPermission } from '../permissions/permissionErrors';
import { patientFieldIds } from './patientFields';
import { assertPeriodTakes } from './periodRules';
import { headerExtras, type HeaderExtras } from './formHeader';
import { descriptorOf, formNotFound, formTarget, hasPersonalData, maskPersonal, mayOnForm, visibleFormRowOrThrow } from './forms.access';

export type FormHeaderData = FormStartData & HeaderExtras & { patientFields: string[] };

/** A header value as text: ids and date-times are strings; anything else is not a header value. */
function headerText(value: FieldValue | undefined): string | null {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
}

function localTime(instant: string | null, timeZone: string): string | null {
  return instant ? localParts(new Date(instant), timeZone).local : null;
}

/** GET /forms/{id}/form-start-data: visible as GET /forms/{id}; a censored form has no header values. */
export async function startDataOfForm(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, formId: string, locale: Locale): Promise<FormHeaderData> {
  const row = await visibleFormRowOrThrow(db, subject, formId);
  const [formType, institute, attendance] = await Promise.all([
    findFormType(db, Number(row.form_type_id), locale),
    findInstitute(db, row.institute_id, locale),
    findAttendanceRow(db, row.attendance_id),
  ]);
  if (!formType || !institute || !attendance) throw formNotFound();
  const censored = !mayOnForm(subject, 'frm_read', row);
  const personal = !censored && hasPersonalData(subject, row);
  let values: FormValues | null = null;
  if (!censored) {
    values = JSON.parse(row.field_values) as FormValues;
    if (!personal) values = maskPersonal(values, await descriptorOf(db, Number(row.form_type_id), Number(row.descriptor_version)));
  }
  const { data, fields } = await buildStartData(db, dialect, subject, {
    formType,
    institute,
    descriptorVersion: Number(row.descriptor_version),
    locale,
    physicianId: row.physician_id,
    target: formTarget(row),
    header: (field) => headerText(values?.[field.id]),
  });
  const extras = await headerExtras(db, { attendance, physicianId: row.physician_id, institute, personal, locale }, fields, data.headerValues);
  return { ...data, ...extras, patientFields: await patientFieldIds(db, formType.id) };
}

async function periodFormTypeOrThrow(db: Kysely<Database>, attendance: AttendanceRow, formTypeId: number, locale: Locale): Promise<FormType> {
  const formType = await findFormType(db, formTypeId, locale);
  if (!formType || formType.registryId !== attendance.registry_id) throw formTypeNotFound();
  return formType;
}

/** GET /attendance-periods/{id}/form-types/{typeId}/form-start-data: needs frm_create on the attendance. */
export async function startDataInPeriod(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  periodId: string,
  formTypeId: number,
  locale: Locale,
): Promise<FormHeaderData> {
  const period = await findPeriod(db, periodId);
  if (!period) throw attendanceNotFound();
  const attendance = await visibleAttendanceOrThrow(db, subject, period.attendanceId);
  const formType = await periodFormTypeOrThrow(db, attendance, formTypeId, locale);
  // The target a create in this period is checked against (createFormIn): the attendance's physician included.
  const target = { registryId: attendance.registry_id, formTypeId: formType.id, instituteId: attendance.institute_id, physicianId: attendance.physician_id };
  if (!can(subject, 'frm_create', target)) throw noViewPermission();
  await assertPeriodTakes(db, null, attendance.id, period, formType);
  const institute = await findInstitute(db, attendance.institute_id, locale);
  if (!institute) throw attendanceNotFound();
  // Local times of the institute, as the attendance-start form holds them (YYYY-MM-DDTHH:mm).
  const byRole: Record<string, string | null> = {
    patient: attendance.patient_id,
    physician: attendance.physician_id,
    institute: institute.id,
    startDatetime: localTime(attendance.start_date_time, institute.timeZone),
    endDatetime: localTime(attendance.end_date_time, institute.timeZone),
  };
  const { data, fields } = await buildStartData(db, dialect, subject, {
    formType,
    institute,
    descriptorVersion: formType.lastVersion,
    locale,
    physicianId: attendance.physician_id,
    target,
    header: (field) => (field.role ? (byRole[field.role] ?? null) : null),
  });
  const personal = hasPersonalData(subject, attendance);
  const extras = await headerExtras(db, { attendance, physicianId: attendance.physician_id, institute, personal, locale }, fields, data.headerValues);
  return { ...data, ...extras, patientFields: await patientFieldIds(db, formType.id) };
}
