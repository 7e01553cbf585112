// The menus of spec §2. An entry appears only for the roles that may use its screen, and only
// once that screen exists: later issues add main data,
// data export and import, registries, application log, system, statistics
// here, and the sidebar's forms, e-mail list and import jobs.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { hasAnyRole, type Role } from '../domain/permissions/roles';

export type NavPlacement = 'top' | 'user' | 'sidebar';

export interface NavEntry {
  id: string;
  message: MessageDescriptor;
  path: string;
  /** Empty: every signed-in user. */
  roles: readonly Role[];
  placement: NavPlacement;
}

export const ADMIN_AREA_ROLES: readonly Role[] = ['admin', 'local_administrator'];
/** Who works with patients: investigators record, monitors review, local admins keep the data. */
export const PATIENT_ROLES: readonly Role[] = ['admin', 'local_administrator', 'local_investigator', 'monitor_administrator', 'monitor_investigator'];
/** Approving is the monitors' work; admins see it to help out. */
export const APPROVER_ROLES: readonly Role[] = ['admin', 'monitor_administrator', 'monitor_investigator'];
/** Correcting rejected forms is the investigators' work. */
export const CORRECTOR_ROLES: readonly Role[] = ['admin', 'local_administrator', 'local_investigator'];

const labels = defineMessages({
  dashboard: { id: 'app.navigation.dashboard', defaultMessage: 'Dashboard' },
  admin: { id: 'app.navigation.admin', defaultMessage: 'Admin' },
  profileSettings: { id: 'app.navigation.profileSettings', defaultMessage: 'Profile settings' },
  changePassword: { id: 'app.navigation.changePassword', defaultMessage: 'Change password' },
  patients: { id: 'app.navigation.patients', defaultMessage: 'Patients' },
  statusMatrix: { id: 'app.navigation.statusMatrix', defaultMessage: 'Status matrix' },
  approvableForms: { id: 'app.navigation.approvableForms', defaultMessage: 'Approvable forms' },
  correctableForms: { id: 'app.navigation.correctableForms', defaultMessage: 'Correctable forms' },
  users: { id: 'app.navigation.users', defaultMessage: 'Users' },
  userGroups: { id: 'app.navigation.userGroups', defaultMessage: 'User groups' },
  actAs: { id: 'app.navigation.actAs', defaultMessage: 'Act as another user' },
  institutes: { id: 'app.navigation.institutes', defaultMessage: 'Institutes' },
  applicationLog: { id: 'app.navigation.applicationLog', defaultMessage: 'Application log' },
  mailingList: { id: 'app.navigation.mailingList', defaultMessage: 'Update/sync e-mail list' },
  permissions: { id: 'app.navigation.permissions', defaultMessage: 'Permissions' },
  groups: { id: 'app.navigation.groups', defaultMessage: 'Groups' },
  registries: { id: 'app.navigation.registries', defaultMessage: 'Registries' },
  dataExport: { id: 'app.navigation.dataExport', defaultMessage: 'Data export' },
  statistics: { id: 'app.navigation.statistics', defaultMessage: 'Statistics' },
  dataImport: { id: 'app.navigation.dataImport', defaultMessage: 'Data import' },
  dataImportJobs: { id: 'app.navigation.dataImportJobs', defaultMessage: 'Data import jobs' },
  bioSamples: { id: 'app.navigation.bioSamples', defaultMessage: 'Bio samples' },
  centralBiobank: { id: 'app.navigation.centralBiobank', defaultMessage: 'Central biobank' },
});

/** Who administers accounts (src/domain/permissions/administration.ts): admins, and local administrators for their institute. */
export const USER_ADMIN_ROLES: readonly Role[] = ['admin', 'local_administrator'];
/** Groups carry access entries across institutes: central admins only. */
export const GROUP_ADMIN_ROLES: readonly Role[] = ['admin'];
/** The data export (issue 14): the data_exporter role and central admins. */
export const EXPORT_ROLES: readonly Role[] = ['admin', 'data_exporter'];
/**
 * Statistics (issue 15): everyone who works with patients, and data exporters. The server answers
 * every signed-in user, but only over the patients they may see, so the numbers never reach past
 * their scopes; roles without patients would only see empty charts.
 */
export const STATISTICS_ROLES: readonly Role[] = [...PATIENT_ROLES, 'data_exporter'];
/** The data import (issue 15): the data_importer role and central admins. */
export const IMPORT_ROLES: readonly Role[] = ['admin', 'data_importer'];
/**
 * The institute's bio samples (issue 16): biobank administrators, and the clinical roles that
 * biobank access entries may grant sample codes to; the screen says so when none is granted.
 */
export const BIOBANK_ROLES: readonly Role[] = ['biobank_admin', 'local_administrator', 'local_investigator'];
/** Every institute's samples (the *_admin_bio_sample codes): biobank administrators and central admins. */
export const CENTRAL_BIOBANK_ROLES: readonly Role[] = ['admin', 'biobank_admin'];
/** Access lists and permission schemes: central admins only. */
export const ACCESS_ADMIN_ROLES: readonly Role[] = ['admin'];

export const NAV_ENTRIES: readonly NavEntry[] = [
  { id: 'dashboard', message: labels.dashboard, path: '/', roles: [], placement: 'top' },
  { id: 'patients', message: labels.patients, path: '/patients', roles: PATIENT_ROLES, placement: 'top' },
  // Where a monitor starts their day: every attendance and its forms' states in one grid.
  { id: 'statusMatrix', message: labels.statusMatrix, path: '/status-matrix', roles: PATIENT_ROLES, placement: 'top' },
  { id: 'approvableForms', message: labels.approvableForms, path: '/forms/approvable', roles: APPROVER_ROLES, placement: 'top' },
  { id: 'correctableForms', message: labels.correctableForms, path: '/forms/correctable', roles: CORRECTOR_ROLES, placement: 'top' },
  { id: 'admin', message: labels.admin, path: '/admin', roles: ADMIN_AREA_ROLES, placement: 'top' },
  { id: 'users', message: labels.users, path: '/admin/users', roles: USER_ADMIN_ROLES, placement: 'top' },
  { id: 'groups', message: labels.groups, path: '/admin/groups', roles: GROUP_ADMIN_ROLES, placement: 'top' },
  { id: 'institutes', message: labels.institutes, path: '/admin/institutes', roles: ['admin'], placement: 'top' },
  { id: 'applicationLog', message: labels.applicationLog, path: '/admin/application-log', roles: ['admin'], placement: 'top' },
  // Access entries grant across institutes: central admins only (mayAdministerAccessLists).
  { id: 'permissions', message: labels.permissions, path: '/admin/access', roles: ACCESS_ADMIN_ROLES, placement: 'top' },
  // The sidebar of spec §2: admin, user groups, the e-mail list and the import jobs exist now (forms join later).
  { id: 'adminSidebar', message: labels.admin, path: '/admin', roles: ADMIN_AREA_ROLES, placement: 'sidebar' },
  { id: 'userGroups', message: labels.userGroups, path: '/admin/groups', roles: GROUP_ADMIN_ROLES, placement: 'sidebar' },
  { id: 'mailingList', message: labels.mailingList, path: '/admin/mailing-list', roles: ['admin'], placement: 'sidebar' },
  { id: 'registries', message: labels.registries, path: '/admin/registries', roles: ['admin'], placement: 'top' },
  { id: 'dataExport', message: labels.dataExport, path: '/data-export', roles: EXPORT_ROLES, placement: 'top' },
  { id: 'statistics', message: labels.statistics, path: '/statistics', roles: STATISTICS_ROLES, placement: 'top' },
  { id: 'dataImport', message: labels.dataImport, path: '/data-import/new', roles: IMPORT_ROLES, placement: 'top' },
  { id: 'dataImportJobs', message: labels.dataImportJobs, path: '/data-import/jobs', roles: IMPORT_ROLES, placement: 'sidebar' },
  { id: 'bioSamples', message: labels.bioSamples, path: '/biobank', roles: BIOBANK_ROLES, placement: 'top' },
  { id: 'centralBiobank', message: labels.centralBiobank, path: '/central-biobank', roles: CENTRAL_BIOBANK_ROLES, placement: 'top' },
  { id: 'profileSettings', message: labels.profileSettings, path: '/profile', roles: [], placement: 'user' },
  { id: 'changePassword', message: labels.changePassword, path: '/profile/password', roles: [], placement: 'user' },
  { id: 'actAs', message: labels.actAs, path: '/impersonation', roles: ['impersonator'], placement: 'user' },
];

export function navEntriesFor(roles: readonly string[], placement: NavPlacement): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => entry.placement === placement && hasAnyRole(roles, entry.roles));
}
