// Who administers what (issue 12, docs/permissions.md "Administration"): the central admin manages
// every account and every group; a local administrator manages the accounts of their own institute,
// grants only roles they hold themselves (and the basic `user`), and never touches an admin. Pure
// rules: the server asks them on every call, the client to hide what the user may not use.
import { ROLES, type Role } from './roles';

export interface AdminActor {
  id: string;
  roles: readonly string[];
  /** The actor's institute; a local administrator without one manages nobody. */
  instituteId: string | null;
}

export interface AdministeredUser {
  id: string;
  roles: readonly string[];
  instituteId: string | null;
}

/** The basic role of every account: it opens no screen, so anyone who creates accounts may give it. */
export const BASIC_ROLE: Role = 'user';

const isCentralAdmin = (actor: Pick<AdminActor, 'roles'>): boolean => actor.roles.includes('admin');
const isLocalAdmin = (actor: AdminActor): boolean => actor.roles.includes('local_administrator') && actor.instituteId !== null;

/** May the actor open the users screens at all (list, new)? */
export function mayAdministerUsers(actor: AdminActor): boolean {
  return isCentralAdmin(actor) || isLocalAdmin(actor);
}

/** User groups are trustees of access entries across institutes: central admins only. */
export function mayAdministerGroups(actor: Pick<AdminActor, 'roles'>): boolean {
  return isCentralAdmin(actor);
}

/** Access entries grant across institutes (and through groups): central admins only (docs/decisions.md). */
export function mayAdministerAccessLists(actor: Pick<AdminActor, 'roles'>): boolean {
  return isCentralAdmin(actor);
}

/** Institutes are shared master data: central admins only. */
export function mayAdministerInstitutes(actor: Pick<AdminActor, 'roles'>): boolean {
  return isCentralAdmin(actor);
}

/** The application log names users, addresses and every change: central admins only. */
export function mayReadApplicationLog(actor: Pick<AdminActor, 'roles'>): boolean {
  return isCentralAdmin(actor);
}

/** The mailing list holds every user's address: central admins only. */
export function mayManageMailingList(actor: Pick<AdminActor, 'roles'>): boolean {
  return isCentralAdmin(actor);
}

/** May the actor read, edit, activate, deactivate or delete this account? */
export function mayAdministerUser(actor: AdminActor, target: AdministeredUser): boolean {
  if (isCentralAdmin(actor)) return true;
  if (!isLocalAdmin(actor)) return false;
  return target.instituteId === actor.instituteId && !target.roles.includes('admin');
}

/** The institutes the actor may put an account into: `'all'`, or the actor's own. */
export function assignableInstitutes(actor: AdminActor): 'all' | string[] {
  if (isCentralAdmin(actor)) return 'all';
  return isLocalAdmin(actor) && actor.instituteId ? [actor.instituteId] : [];
}

export function mayAssignInstitute(actor: AdminActor, instituteId: string | null): boolean {
  const allowed = assignableInstitutes(actor);
  if (allowed === 'all') return true;
  // A local administrator's accounts always belong to an institute: their own.
  return instituteId !== null && allowed.includes(instituteId);
}

/** The roles the actor may give or take away: all for admins; for local admins their own (never admin) plus `user`. */
export function grantableRoles(actor: AdminActor): Role[] {
  if (isCentralAdmin(actor)) return [...ROLES];
  if (!isLocalAdmin(actor)) return [];
  return ROLES.filter((role) => role !== 'admin' && (role === BASIC_ROLE || actor.roles.includes(role)));
}

/**
 * The roles of a change the actor may not make: every role added or removed must be grantable.
 * Roles the actor cannot grant that the account already holds stay as they are.
 */
export function forbiddenRoleChanges(actor: AdminActor, before: readonly string[], after: readonly string[]): string[] {
  const grantable: readonly string[] = grantableRoles(actor);
  const changed = [...after.filter((role) => !before.includes(role)), ...before.filter((role) => !after.includes(role))];
  return [...new Set(changed.filter((role) => !grantable.includes(role)))].sort();
}

/** Group membership carries access entries: only who administers groups may change it. */
export function mayAssignGroup(actor: AdminActor): boolean {
  return mayAdministerGroups(actor);
}
