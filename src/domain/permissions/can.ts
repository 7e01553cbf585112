// The one permission function, and the scopes lists are filtered by. Pure: the caller loads the
// subject's entries (own and through groups) and passes them in.
import { IMPLICIT_VARIANT, type PermissionCode } from './codes';
import { CONDITION_KEYS, entryCodes, trusteeMatches, type AccessEntry, type ConditionKey, type PermissionConditions } from './entries';

export interface PermissionSubject {
  userId: string;
  roles: readonly string[];
  groupIds: readonly string[];
  entries: readonly AccessEntry[];
}

/**
 * What is being acted on. A key that is missing (or null) means "some value": the question is
 * then "is there a target of this shape" (e.g. `{ registryId }`: may the user do it anywhere in
 * the registry). Checks of one item always name every dimension the item has.
 */
export type PermissionTarget = PermissionConditions;

/** A conjunction of equalities; a missing key is not limited. `{}` means everywhere. */
export type PermissionScope = { [K in ConditionKey]?: NonNullable<PermissionConditions[K]> };

export interface GrantScopes {
  /** True for the admin role or an entry without conditions: no filter at all. */
  all: boolean;
  /** Where the code holds (one of them suffices); empty with `all` false means nowhere. */
  scopes: PermissionScope[];
}

/** The central admin may do everything, everywhere, without entries. */
export function isAdmin(subject: Pick<PermissionSubject, 'roles'>): boolean {
  return subject.roles.includes('admin');
}

/** The entries granted to the subject directly or through one of its groups. */
export function subjectEntries(subject: PermissionSubject): AccessEntry[] {
  return subject.entries.filter((entry) => trusteeMatches(entry.trustee, subject.userId, subject.groupIds));
}

function scopeOf(entry: AccessEntry): PermissionScope {
  const scope: PermissionScope = {};
  for (const key of CONDITION_KEYS) {
    const value = entry[key];
    if (value !== null && value !== undefined) (scope as Record<string, unknown>)[key] = value;
  }
  return scope;
}

function sameScope(a: PermissionScope, b: PermissionScope): boolean {
  return CONDITION_KEYS.every((key) => a[key] === b[key]);
}

/** Every condition of `general` is also a condition of `specific`: `specific` adds nothing. */
function covers(general: PermissionScope, specific: PermissionScope): boolean {
  return CONDITION_KEYS.every((key) => general[key] === undefined || general[key] === specific[key]);
}

/** One entry's contribution to a code: where it grants it, and whether through the implicit variant. */
export interface EntryGrant {
  entry: AccessEntry;
  scope: PermissionScope;
  /** Granted through the implicit variant: only where the physician is the user. */
  implicit: boolean;
}

/**
 * Every entry of the subject that grants `code`, with the scope it grants it in: an entry granting
 * the code contributes its conditions; one granting the implicit variant its conditions plus "the
 * physician is the user". The one source of both enforcement (grantScopes) and the effective-access
 * read, so the two cannot disagree.
 */
export function entryGrants(subject: PermissionSubject, code: PermissionCode): EntryGrant[] {
  const implicit = IMPLICIT_VARIANT[code];
  const grants: EntryGrant[] = [];
  for (const entry of subjectEntries(subject)) {
    const codes = entryCodes(entry);
    const scope = scopeOf(entry);
    if (codes.includes(code)) grants.push({ entry, scope, implicit: false });
    else if (implicit && codes.includes(implicit)) {
      // An entry for another physician, granted implicitly, never reaches the user's own forms.
      if (scope.physicianId === undefined || scope.physicianId === subject.userId) {
        grants.push({ entry, scope: { ...scope, physicianId: subject.userId }, implicit: true });
      }
    }
  }
  return grants;
}

/**
 * Where the subject holds `code` (see entryGrants). Scopes covered by broader ones are dropped, so
 * the SQL stays small.
 */
export function grantScopes(subject: PermissionSubject, code: PermissionCode): GrantScopes {
  if (isAdmin(subject)) return { all: true, scopes: [{}] };
  const found = entryGrants(subject, code).map((grant) => grant.scope);
  const scopes = found.filter(
    (scope, index) => !found.some((other, otherIndex) => otherIndex !== index && covers(other, scope) && (!sameScope(other, scope) || otherIndex < index)),
  );
  return { all: scopes.some((scope) => Object.keys(scope).length === 0), scopes };
}

/** The target lies inside the scope; a dimension the target leaves open matches any value. */
export function scopeMatches(scope: PermissionScope, target: PermissionTarget): boolean {
  return CONDITION_KEYS.every((key) => {
    const wanted = scope[key];
    const actual = target[key];
    return wanted === undefined || actual === undefined || actual === null || wanted === actual;
  });
}

/** May the subject do `code` on the target? */
export function can(subject: PermissionSubject, code: PermissionCode, target: PermissionTarget = {}): boolean {
  return grantScopes(subject, code).scopes.some((scope) => scopeMatches(scope, target));
}

/** Every code the subject holds on the target (explicitly or implicitly), in a stable order. */
export function codesAt(subject: PermissionSubject, target: PermissionTarget, codes: readonly PermissionCode[]): PermissionCode[] {
  return codes.filter((code) => can(subject, code, target));
}

/** The user has at least one entry (the dashboard's "You do not have the corresponding permissions!"). */
export function hasAnyEntry(subject: PermissionSubject): boolean {
  return isAdmin(subject) || subjectEntries(subject).length > 0;
}
