// User roles (spec auth §6, business §6), shared by the server's checks and the client's menus.
export const ROLES = [
  'admin',
  'user',
  'local_administrator',
  'local_investigator',
  'monitor_administrator',
  'monitor_investigator',
  'biobank_admin',
  'active_substance_admin',
  'data_exporter',
  'data_importer',
  'impersonator',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when the user holds at least one of `allowed`; an empty `allowed` list means everyone. */
export function hasAnyRole(userRoles: readonly string[], allowed: readonly Role[]): boolean {
  return allowed.length === 0 || allowed.some((role) => userRoles.includes(role));
}
