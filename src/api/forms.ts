// The form lists and counts of the clinical contract (docs/api-clinical.md § Forms). The form page's
// own calls come with it.
import type { ApiRequest } from './client';
import type { FormSummary } from './attendances';
import type { TransitionRequest } from '../domain/forms/lifecycle';

export type FormListKind = 'approvable' | 'correctable';

export interface ListedForm extends FormSummary {
  patient: { id: string; internalPatientNumber: string; name: string | null };
  attendance: { id: string; displayId: string };
  registry: { id: string; shortName: string };
}

export const getFormList = (kind: FormListKind, params: Record<string, string>): ApiRequest => ({
  method: 'GET',
  path: `/forms/${kind}`,
  query: params,
});

export const getFormCount = (kind: FormListKind): ApiRequest => ({ method: 'GET', path: `/forms/${kind}-count` });

// --- The form page (GET /forms/{id}, the lifecycle writes, the record) ---

/** A review as the server stores it: the domain's model plus the monitor's level and the owner's note. */
export interface ServerFormReview {
  reason: string;
  rejectedValue: unknown;
  level?: number;
  note?: string;
}

export interface FormApproval {
  level: number;
  userId: string;
  userName: string;
  at: string;
}

export interface ClinicalForm {
  id: string;
  attendanceId: string;
  attendancePeriodId: string;
  formTypeId: number;
  descriptorVersion: number;
  displayId: string;
  state: string;
  approvals: FormApproval[];
  values: Record<string, unknown> | null;
  reviews: Record<string, ServerFormReview>;
  physicianId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  censored: boolean;
  /** What the user may do with the form now, as the server works it out (lifecycle × codes). */
  operations: TransitionRequest[];
}

export interface FormHistoryEntry {
  id: string;
  at: string;
  userId: string | null;
  userName: string;
  onBehalfOf: string | null;
  operation: string;
  level: number | null;
  changes: { path: string; old?: unknown; new?: unknown }[];
  reasons: Record<string, unknown>;
  notes: Record<string, unknown>;
}

export const FORM_VERSION_HEADER = 'x-form-version';

const versioned = (version: number): Record<string, string> => ({ [FORM_VERSION_HEADER]: String(version) });

export const getForm = (id: string): ApiRequest => ({ method: 'GET', path: `/forms/${encodeURIComponent(id)}` });

export const getFormHistory = (id: string): ApiRequest => ({ method: 'GET', path: `/forms/${encodeURIComponent(id)}/history` });

export const getFormDescriptor = (formTypeId: number, version: number | 'latest', locale: string): ApiRequest => ({
  method: 'GET',
  path: `/form-types/${formTypeId}/form-descriptors/${version}`,
  query: { locale },
});

export const updateForm = (id: string, version: number, values: Record<string, unknown>, submit: boolean): ApiRequest => ({
  method: 'PUT',
  path: `/forms/${encodeURIComponent(id)}`,
  json: { values, submit },
  headers: versioned(version),
});

export const approveForm = (id: string, version: number, level: number): ApiRequest => ({
  method: 'PUT',
  path: `/forms/${encodeURIComponent(id)}/approve`,
  json: { level },
  headers: versioned(version),
});

export const rejectForm = (id: string, version: number, level: number, rejections: { path: string; reason: string }[]): ApiRequest => ({
  method: 'PUT',
  path: `/forms/${encodeURIComponent(id)}/reject`,
  json: { level, rejections },
  headers: versioned(version),
});

export const correctForm = (id: string, version: number, finalized: boolean, values: Record<string, unknown>, notes: Record<string, string>): ApiRequest => ({
  method: 'PUT',
  path: `/forms/${encodeURIComponent(id)}/${finalized ? 'correct-finalized' : 'correct-draft'}`,
  json: { values, notes },
  headers: versioned(version),
});
