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

/** A form type a period allows; `addable`: the caller may add one now ("Add form" offers exactly those). */
export interface PeriodFormType {
  formTypeId: number;
  displayId: string;
  name: string;
  maxPerPeriod: number | null;
  count: number;
  addable: boolean;
}

export interface AttendancePeriod {
  id: string;
  index: number;
  name: { hu: string; en: string };
  /** The name in the caller's language. */
  displayName?: string;
  forms: FormSummary[];
  /** Absent in older answers: nothing offered. */
  formTypes?: PeriodFormType[];
}

export interface Disqualification {
  at: string;
  by: { id: string; name: string } | null;
  reason: string;
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
  /** Which of the list's actions the caller may take here (`frm_edit`, `frm_reset_approval`, `att_disqualify`). */
  permissions?: string[];
  /** Who disqualified the attendance, when and why; null (or absent) while it counts. */
  disqualification?: Disqualification | null;
  periods: AttendancePeriod[];
}

export interface NewAttendance {
  patientId: string;
  registryId: string;
  instituteId: string;
  physicianId: string;
  /** ISO date-time. */
  startDateTime: string;
  /** The user confirmed a second attendance of the patient on the same day (409 attendance_same_day otherwise). */
  confirmSameDay?: boolean;
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

/** A new, empty form of an allowed type in a period; answers the form (201). */
export const postPeriodForm = (periodId: string, formTypeId: number): ApiRequest => ({
  method: 'POST',
  path: `/attendance-periods/${encodeURIComponent(periodId)}/forms`,
  json: { formTypeId, values: {}, submit: false },
});

/** att_disqualify: the attendance and its forms leave the work (reason required). */
export const putDisqualification = (id: string, reason: string): ApiRequest => ({
  method: 'PUT',
  path: `/attendances/${encodeURIComponent(id)}/disqualification`,
  json: { reason },
});

/** Administrators only: the attendance counts again (reason required). */
export const deleteDisqualification = (id: string, reason: string): ApiRequest => ({
  method: 'DELETE',
  path: `/attendances/${encodeURIComponent(id)}/disqualification`,
  json: { reason },
});
