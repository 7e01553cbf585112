// Registries and form types for the administration screens (server/routes/registries.ts,
// formTypes.ts, formTypeVersions.ts).
import type { ApiRequest } from './client';

export interface ExternalField {
  sourceDisplayId: string;
  sourceField: string;
  targetField: string;
}

export interface FormType {
  id: number;
  registryId: string;
  displayId: string;
  name: string;
  nameHu: string;
  nameEn: string;
  shortName: string;
  locales: string[];
  behaviorType: 'attendance_start' | 'any';
  startDatetimeFieldId: string | null;
  endDatetimeFieldId: string | null;
  patientNameFieldId: string | null;
  lastVersion: number;
  externalFields: ExternalField[];
}

export interface RegistryPeriod {
  index: number;
  name: { hu: string; en: string };
  displayName: string;
  formTypes: { formTypeId: number; displayId: string; name: string; maxPerPeriod: number | null }[];
}

/** A registry as the verbose read answers it; the optional parts are shown when present. */
export interface Registry {
  id: string;
  name: string;
  nameHu: string;
  nameEn: string;
  shortName: string;
  registryType: string;
  [more: string]: unknown;
  formTypes?: FormType[];
  periods?: RegistryPeriod[];
}

export interface DescriptorVersion {
  version: number;
  locales: string[];
  createdAt: string;
}

export interface RedcapReportEntry {
  row: number;
  variable: string;
  code: string;
  message: string;
}

export interface RedcapImportAnswer {
  version: number;
  saved: boolean;
  descriptor: Record<string, unknown>;
  report: RedcapReportEntry[];
}

const formTypePath = (id: number): string => `/form-types/${id}`;

export const getRegistries = (): ApiRequest => ({ method: 'GET', path: '/registries', query: { verbose: true, limit: 100 } });
export const getRegistry = (id: string): ApiRequest => ({ method: 'GET', path: `/registries/${encodeURIComponent(id)}`, query: { verbose: true } });
export const getFormType = (id: number): ApiRequest => ({ method: 'GET', path: formTypePath(id) });
export const getFormTypeVersions = (id: number): ApiRequest => ({ method: 'GET', path: `${formTypePath(id)}/form-descriptors` });
export const postFormVersion = (id: number, descriptors: unknown[]): ApiRequest => ({ method: 'POST', path: `${formTypePath(id)}/form-descriptors`, json: { descriptors } });
export const postRedcapImport = (id: number, csv: string, confirm: boolean): ApiRequest => ({ method: 'POST', path: `${formTypePath(id)}/redcap-import`, json: { csv, confirm } });
