// Attendances of the clinical contract (docs/api-clinical.md § Attendances).
import type { FormState } from '../domain/forms/lifecycle';
import type { ApiRequest } from './client';

export type AttendanceState = 'open' | 'completed' | 'disqualified';

export interface FormSummary {
  id: string;
  formTypeId: number;
  formTypeName: string;
  displayId: string;
  state: FormState;
  approvals: number[];
  version: number;
  updatedAt: string;
  physicianId: string | null;
}

export interface AttendancePeriod {
  id: string;
  index: number;
  name: { hu: string; en: string };
  forms: FormSummary[];
}

export interface InpatientDays {
  from: string;
  to: string | null;
}

export interface Attendance {
  id: string;
  displayId: string;
  legacyDisplayId: string | null;
  state: AttendanceState;
  patient: { id: string; internalPatientNumber: string; name: string | null };
  /** hasInpatientDay: whether the registry records inpatient days (absent in older answers: no). */
  registry: { id: string; shortName: string; registryType: 'registry' | 'trial'; hasInpatientDay?: boolean };
  institute: { id: string; shortName: string };
  physician: { id: string; name: string } | null;
  owner: { id: string; name: string } | null;
  startDateTime: string;
  endDateTime: string | null;
  completed: boolean;
  inpatientDays: InpatientDays[];
  randomGroup: string | null;
  formId: string | null;
  createdAt: string;
  /** Which of the list's actions the caller may take here (`frm_edit`, `frm_reset_approval`). */
  permissions?: string[];
  periods: AttendancePeriod[];
}

export interface NewAttendance {
  patientId: string;
  registryId: string;
  instituteId: string;
  physicianId: string;
  /** ISO date-time. */
  startDateTime: string;
}

export const postAttendance = (attendance: NewAttendance): ApiRequest => ({ method: 'POST', path: '/attendances', json: attendance });

export const getAttendance = (id: string): ApiRequest => ({ method: 'GET', path: `/attendances/${encodeURIComponent(id)}` });

/** Every attendance of the patient with its periods and forms (the attendance list screen). */
export const getPatientAttendances = (patientId: string): ApiRequest => ({
  method: 'GET',
  path: `/patients/${encodeURIComponent(patientId)}/attendance_periods`,
});

/** PATCH /attendances/{id}: a field left out stays as it is. */
export interface AttendanceChange {
  /** ISO date-time with a zone; null clears it. */
  endDateTime?: string | null;
  /** Only where the registry records inpatient days. */
  inpatientDays?: { from: string; to: string }[];
  completed?: boolean;
}

export const patchAttendance = (id: string, change: AttendanceChange): ApiRequest => ({
  method: 'PATCH',
  path: `/attendances/${encodeURIComponent(id)}`,
  json: change,
});

/** Every form of the attendance back to draft, its approvals deleted (frm_reset_approval). */
export const deleteAttendanceApprovals = (id: string): ApiRequest => ({ method: 'DELETE', path: `/attendances/${encodeURIComponent(id)}/approvals` });
