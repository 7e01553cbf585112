// Access entries (spec business-data §3 "Permission"): a scheme granted to a user or a group under
// optional conditions. An unset (null or missing) condition means "every".
import type { PermissionCode } from './codes';
import { BIOBANK_SCHEME_CODES, REGISTRY_SCHEME_CODES, type PermissionScheme } from './schemes';

export const ACCESS_ENTRY_KINDS = ['registry', 'biobank'] as const;
export type AccessEntryKind = (typeof ACCESS_ENTRY_KINDS)[number];

export type Trustee = { userId: string } | { groupId: string };

/** The dimensions an entry may be limited to, and that a target names. */
export interface PermissionConditions {
  registryId?: string | null;
  /** Form type ids are integers: they are also written in every form descriptor. */
  formTypeId?: number | null;
  instituteId?: string | null;
  /** The physician of the form (or of the patient's attendance). */
  physicianId?: string | null;
}

export const CONDITION_KEYS = ['registryId', 'formTypeId', 'instituteId', 'physicianId'] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

export interface AccessEntry extends PermissionConditions {
  id: string;
  kind: AccessEntryKind;
  trustee: Trustee;
  scheme: PermissionScheme;
  /** Also grants attach_bio_sample_to_form. */
  attachPermission?: boolean;
}

/** The codes one entry grants: its scheme's set for the entry's kind, plus the attach flag. */
export function entryCodes(entry: Pick<AccessEntry, 'kind' | 'scheme' | 'attachPermission'>): PermissionCode[] {
  const table = entry.kind === 'biobank' ? BIOBANK_SCHEME_CODES : REGISTRY_SCHEME_CODES;
  const codes = [...table[entry.scheme]];
  if (entry.attachPermission && !codes.includes('attach_bio_sample_to_form')) codes.push('attach_bio_sample_to_form');
  return codes;
}

export function trusteeMatches(trustee: Trustee, userId: string, groupIds: readonly string[]): boolean {
  return 'userId' in trustee ? trustee.userId === userId : groupIds.includes(trustee.groupId);
}
