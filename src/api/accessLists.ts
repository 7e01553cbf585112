// Access lists and effective access (spec business-data §7 "Access lists"; docs: /api/docs, tag "access lists").
import type { AccessEntryKind } from '../domain/permissions/entries';
import type { ApiRequest } from './client';

export interface AccessEntry {
  id: string;
  kind: AccessEntryKind;
  trustee: { userId?: string; groupId?: string; name: string };
  scheme: string;
  permissions: string[];
  registryId: string | null;
  formTypeId: number | null;
  instituteId: string | null;
  physicianId: string | null;
  attachPermission: boolean;
  /** Short names of the conditions; null where unset ("all"). */
  names: { registry: string | null; formType: string | null; institute: string | null; physician: string | null };
  createdAt: string;
  updatedAt: string;
}

/** What new and edit send (PUT replaces the entry); an unset condition means "all". */
export interface AccessEntryInput {
  trusteeUserId: string | null;
  trusteeGroupId: string | null;
  scheme: string;
  registryId: string | null;
  formTypeId: number | null;
  instituteId: string | null;
  physicianId: string | null;
  attachPermission: boolean;
}

type Named = { id: string; name: string } | null;

export interface EffectiveGrantView {
  code: string;
  implicit: boolean;
  entryId: string;
  kind: AccessEntryKind;
  scheme: string;
  via: { userId?: string; groupId?: string; name: string };
  registry: Named;
  formType: { id: number; name: string } | null;
  institute: Named;
  physician: Named;
}

export interface EffectiveAccessView {
  userId: string;
  admin: boolean;
  grants: EffectiveGrantView[];
}

const base = (kind: AccessEntryKind): string => (kind === 'registry' ? '/registry-acl' : '/biobank-acl');
const entryPath = (kind: AccessEntryKind, id: string): string => `${base(kind)}/${encodeURIComponent(id)}`;

export const getAccessEntries = (kind: AccessEntryKind, params: Record<string, string>): ApiRequest => ({ method: 'GET', path: base(kind), query: params });
export const getAccessEntry = (kind: AccessEntryKind, id: string): ApiRequest => ({ method: 'GET', path: entryPath(kind, id) });
export const postAccessEntry = (kind: AccessEntryKind, entry: AccessEntryInput): ApiRequest => ({ method: 'POST', path: base(kind), json: entry });
export const putAccessEntry = (kind: AccessEntryKind, id: string, entry: AccessEntryInput): ApiRequest => ({ method: 'PUT', path: entryPath(kind, id), json: entry });
export const deleteAccessEntry = (kind: AccessEntryKind, id: string): ApiRequest => ({ method: 'DELETE', path: entryPath(kind, id) });
export const getEffectiveAccess = (userId: string): ApiRequest => ({ method: 'GET', path: `/users/${encodeURIComponent(userId)}/effective-access` });
export const getRegistryFormTypes = (registryId: string): ApiRequest => ({
  method: 'GET',
  path: `/registries/${encodeURIComponent(registryId)}/form-types`,
  query: { offset: '0', limit: '1000' },
});
