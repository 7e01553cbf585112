// User roles (spec auth-and-session §6). Kept on the server for now; the permission model of the
// domain core (src/domain/permissions) is the natural home once the client needs the list too.
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
