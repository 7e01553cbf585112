// The registry and institute reads the dashboard, the new-patient pane and the attendance start
// need (server/routes/registries.ts, institutes.ts, formTypes.ts). They live here until the
// registry and institute screens bring modules of their own.
import type { ApiRequest } from './client';

export type RegistryType = 'registry' | 'trial';

export interface AccessibleRegistry {
  id: string;
  name: string;
  nameEn: string;
  nameHu: string;
  shortName: string;
  registryType: RegistryType;
  /** Permission codes the caller holds somewhere in the registry. */
  permissions: string[];
}

export interface DashboardRegistry extends AccessibleRegistry {
  formTypeCount: number;
  instituteCount: number;
  counts: { patients: number; attendances: number; formsAwaitingApproval: number; formsToCorrect: number };
}

/** The fields of GET /registries/{id} the clinical screens use. */
export interface RegistryDetails {
  id: string;
  name: string;
  shortName: string;
  registryType: RegistryType;
  hasInpatientDay: boolean;
  mandatoryInsuranceNumber: boolean;
  instituteIds: string[];
}

export interface InstituteSummary {
  id: string;
  name: string;
  shortName: string;
  timeZone: string;
}

export interface Physician {
  id: string;
  name: string;
  email: string;
  displayId: string | null;
}

/** Reference lists are short; one generous page avoids paging inside a Select. */
const ALL = { offset: '0', limit: '100' };

export const getDashboardRegistries = (): ApiRequest => ({ method: 'GET', path: '/dashboard/registries', query: { ...ALL, sort: 'name' } });

export const getAccessibleRegistries = (): ApiRequest => ({ method: 'GET', path: '/accessible-registries', query: { ...ALL, sort: 'name' } });

export const getRegistry = (id: string): ApiRequest => ({ method: 'GET', path: `/registries/${encodeURIComponent(id)}` });

export const getAccessibleInstitutes = (): ApiRequest => ({ method: 'GET', path: '/accessible-institutes', query: { ...ALL, sort: 'name' } });

/** The physicians of the institute the caller may record forms for in the registry (the start card offers exactly these). */
export const getAccessiblePhysicians = (instituteId: string, registryId: string): ApiRequest => ({
  method: 'GET',
  path: `/institutes/${encodeURIComponent(instituteId)}/accessible-physicians/${encodeURIComponent(registryId)}`,
  query: { ...ALL, sort: 'name' },
});

/** The attendance-start form types of a registry; without one no attendance can be started there. */
export const getAttendanceStartFormTypes = (registryId: string): ApiRequest => ({
  method: 'GET',
  path: `/form-types/attendance-start/${encodeURIComponent(registryId)}`,
  query: { offset: '0', limit: '1', statistics: 'true' },
});
