// The institutes administration calls (server/routes/institutes.ts, institutesAdmin.ts).
import type { ApiRequest } from './client';

export interface Institute {
  id: string;
  /** Localized unless asked with shouldLocalize=false. */
  name: string;
  nameHu: string | null;
  nameEn: string | null;
  shortName: string;
  country: string | null;
  city: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  notes: string | null;
  timeZone: string;
  postCode: string | null;
  region: string | null;
  address: string | null;
  lat: number | null;
  lon: number | null;
  createdAt: string;
  updatedAt: string;
}

/** What the edit form sends: every editable field, the main name unlocalized. */
export type InstituteInput = Omit<Institute, 'id' | 'createdAt' | 'updatedAt'>;

export interface InstituteUsage {
  patients: number;
  users: number;
  attendances: number;
  forms: number;
}

const path = (id: string): string => `/institutes/${encodeURIComponent(id)}`;

export const getInstitutes = (params: Record<string, string>): ApiRequest => ({ method: 'GET', path: '/institutes', query: params });
/** The main name (shouldLocalize=false), as the edit form needs it. */
export const getInstitute = (id: string): ApiRequest => ({ method: 'GET', path: path(id), query: { shouldLocalize: false } });
export const getInstituteUsage = (id: string): ApiRequest => ({ method: 'GET', path: `${path(id)}/usage` });
export const postInstitute = (body: InstituteInput): ApiRequest => ({ method: 'POST', path: '/institutes', json: body });
export const putInstitute = (id: string, body: InstituteInput): ApiRequest => ({ method: 'PUT', path: path(id), json: body });
export const deleteInstitute = (id: string): ApiRequest => ({ method: 'DELETE', path: path(id) });

/** Every physician of the institute (access entries may name any of them), by name, up to 100. */
export const getPhysicians = (instituteId: string): ApiRequest => ({
  method: 'GET',
  path: `/institutes/${encodeURIComponent(instituteId)}/physicians`,
  query: { offset: '0', limit: '100', sort: 'name' },
});
