// Effective access (issue 13): for one user, where they hold each code and through which entry
// (their own or a group's). Built on entryGrants, the function grantScopes (and so every server
// check and list filter) uses, so what this shows is what the server enforces.
import { ALL_PERMISSION_CODES, type PermissionCode } from './codes';
import { entryGrants, isAdmin, type PermissionScope, type PermissionSubject } from './can';
import type { AccessEntryKind, Trustee } from './entries';
import type { PermissionScheme } from './schemes';

export interface EffectiveGrant {
  code: PermissionCode;
  /** Where the code holds; a missing key means "every". */
  scope: PermissionScope;
  /** Only on forms and patients whose physician is the user. */
  implicit: boolean;
  entryId: string;
  kind: AccessEntryKind;
  scheme: PermissionScheme;
  /** The entry's trustee: the user themselves, or one of their groups. */
  via: Trustee;
}

export interface EffectiveAccess {
  /** The admin role: every code everywhere, without entries. */
  admin: boolean;
  grants: EffectiveGrant[];
}

export function effectiveAccess(subject: PermissionSubject, codes: readonly PermissionCode[] = ALL_PERMISSION_CODES): EffectiveAccess {
  const grants: EffectiveGrant[] = [];
  for (const code of codes) {
    for (const { entry, scope, implicit } of entryGrants(subject, code)) {
      grants.push({ code, scope, implicit, entryId: entry.id, kind: entry.kind, scheme: entry.scheme, via: entry.trustee });
    }
  }
  return { admin: isAdmin(subject), grants };
}
