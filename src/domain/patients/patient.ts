// A patient as the API shows it (docs/api-clinical.md § Patients), shared by server and client.

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
  personalDataHidden: boolean;
}
