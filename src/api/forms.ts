// The form lists and counts of the clinical contract (docs/api-clinical.md § Forms). The form page's
// own calls come with it.
import type { ApiRequest } from './client';
import type { FormSummary } from './attendances';

export type FormListKind = 'approvable' | 'correctable';

export interface ListedForm extends FormSummary {
  patient: { id: string; internalPatientNumber: string; name: string | null };
  attendance: { id: string; displayId: string };
  registry: { id: string; shortName: string };
  /** Correctable list only: why the form came back (the first rejected field) and how many fields are rejected. */
  rejection?: FormRejectionSummary | null;
}

export interface FormRejectionSummary {
  level: number;
  /** The monitor's name; null for rejections stored before it was kept. */
  reviewer: string | null;
  at: string | null;
  reason: string;
  count: number;
}

export const getFormList = (kind: FormListKind, params: Record<string, string>): ApiRequest => ({
  method: 'GET',
  path: `/forms/${kind}`,
  query: params,
});

export const getFormCount = (kind: FormListKind): ApiRequest => ({ method: 'GET', path: `/forms/${kind}-count` });

// --- The form page (GET /forms/{id}, the lifecycle writes, the record) ---

// The form (with its reviews and approvals) and its record entries are the types the server answers
// with: src/domain/forms/formRecord.ts.
export type { FormRecord as ClinicalForm, FormHistoryEntry } from '../domain/forms';

export const FORM_VERSION_HEADER = 'x-form-version';

const versioned = (version: number): Record<string, string> => ({ [FORM_VERSION_HEADER]: String(version) });

export const getForm = (id: string): ApiRequest => ({ method: 'GET', path: `/forms/${encodeURIComponent(id)}` });

/** What the form's header shows: display texts for the header values that are ids. */
export interface FormHeaderData {
  headerLabels: Record<string, string>;
  patient: { id: string };
  /** Field ids repeating the patient record: filled by the server, shown read-only (absent in older answers). */
  patientFields?: string[];
  attendance?: { id: string; displayId: string; disqualified: boolean; disqualificationReason: string | null };
}

export const getFormStartData = (id: string): ApiRequest => ({ method: 'GET', path: `/forms/${encodeURIComponent(id)}/form-start-data` });

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

// --- Form-level actions and fixing (docs/form-lifecycle.md) ---

export const deleteForm = (id: string, version: number): ApiRequest => ({ method: 'DELETE', path: `/forms/${encodeURIComponent(id)}`, headers: versioned(version) });

export const destroyForm = (id: string, version: number, reason: string): ApiRequest => ({
  method: 'DELETE',
  path: `/forms/${encodeURIComponent(id)}`,
  query: { destroy: 'true' },
  json: { reason },
  headers: versioned(version),
});

export const resetFormApprovals = (id: string, version: number, reason: string): ApiRequest => ({
  method: 'DELETE',
  path: `/forms/${encodeURIComponent(id)}/approvals`,
  json: { reason },
  headers: versioned(version),
});

export const getFieldHistory = (id: string, fieldId: string): ApiRequest => ({
  method: 'GET',
  path: `/forms/${encodeURIComponent(id)}/field-history/${encodeURIComponent(fieldId)}`,
});

const fixLockPath = (id: string, path: string): string => `/forms/${encodeURIComponent(id)}/fix-locks/${encodeURIComponent(path)}`;

/** Takes or renews the caller's fix lock of one field. */
export const takeFixLock = (id: string, path: string): ApiRequest => ({ method: 'PUT', path: fixLockPath(id, path) });

export const releaseFixLock = (id: string, path: string): ApiRequest => ({ method: 'DELETE', path: fixLockPath(id, path) });

/** Writes one fixed value (the caller holds its lock); the server releases the lock. */
export const fixFormValue = (id: string, version: number, path: string, value: unknown): ApiRequest => ({
  method: 'PUT',
  path: `/forms/${encodeURIComponent(id)}/fix`,
  json: { path, value },
  headers: versioned(version),
});
