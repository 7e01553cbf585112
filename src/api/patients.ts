// Patients of the clinical contract (docs/api-clinical.md § Patients).
import type { ApiRequest } from './client';

export const GENDERS = ['female', 'male', 'other', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];

export interface Patient {
  id: string;
  internalPatientNumber: string;
  registryPatientNumber: string | null;
  /** null without personal_data_access on the patient's registry and institute. */
  insuranceNumber: string | null;
  name: string | null;
  /** YYYY-MM-DD */
  dob: string | null;
  gender: Gender;
  country: string | null;
  registry: { id: string; shortName: string };
  institute: { id: string; shortName: string; name: string };
  instituteCount: number;
  attendanceCount: number;
  bioSampleCount: number;
  createdAt: string;
  personalDataHidden?: boolean;
}

export interface NewPatient {
  registryId: string;
  name: string;
  insuranceNumber?: string;
  dob: string;
  gender: Gender;
  registryPatientNumber?: string;
  country?: string;
}

export type PatientChange = Partial<Omit<NewPatient, 'registryId'>>;

export const getPatients = (params: Record<string, string>): ApiRequest => ({ method: 'GET', path: '/patients', query: params });

export const getPatient = (id: string): ApiRequest => ({ method: 'GET', path: `/patients/${encodeURIComponent(id)}` });

export const postPatient = (instituteId: string, patient: NewPatient): ApiRequest => ({
  method: 'POST',
  path: `/institutes/${encodeURIComponent(instituteId)}/patients`,
  json: patient,
});

/** With `mergeInto` the patient `id` is merged into the other one and then removed. */
export const putPatient = (id: string, change: PatientChange, mergeInto?: string): ApiRequest => ({
  method: 'PUT',
  path: `/patient/${encodeURIComponent(id)}`,
  query: { mergeInto },
  json: change,
});

export const deletePatient = (id: string, mergeInto?: string): ApiRequest => ({
  method: 'DELETE',
  path: `/patient/${encodeURIComponent(id)}`,
  query: { mergeInto },
});
