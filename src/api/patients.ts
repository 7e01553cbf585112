// Patients of the clinical contract (docs/api-clinical.md § Patients).
import type { ApiRequest } from './client';

import type { Gender } from '../domain/patients/patient';

export { GENDERS, type Gender, type Patient } from '../domain/patients/patient';

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
