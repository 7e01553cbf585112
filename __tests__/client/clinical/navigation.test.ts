// The clinical menu entries appear for the roles that work with them.
import { navEntriesFor } from '../../../src/app/navigation';
import { ADMIN_SECTIONS } from '../../../src/features/admin/adminSections';
import { ROLES } from '../../../src/domain/permissions/roles';

const ids = (roles: string[]): string[] => navEntriesFor(roles, 'top').map((entry) => entry.id);

test('investigators get patients and the correctable forms, monitors the approvable ones', () => {
  expect(ids(['local_investigator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'correctableForms', 'statistics', 'bioSamples']);
  expect(ids(['monitor_investigator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'approvableForms', 'statistics']);
  expect(ids(['local_administrator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'correctableForms', 'admin', 'users', 'statistics', 'bioSamples']);
  expect(ids(['admin'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'approvableForms', 'correctableForms', 'admin', 'users', 'groups', 'institutes', 'applicationLog', 'permissions', 'registries', 'dataExport', 'statistics', 'dataImport', 'centralBiobank']);
  expect(ids(['user'])).toEqual(['dashboard']);
});

test('the users entry is for administrators, the user-groups sidebar entry for central admins only', () => {
  const sidebar = (roles: string[]): string[] => navEntriesFor(roles, 'sidebar').map((entry) => entry.id);
  expect(sidebar(['admin'])).toEqual(['adminSidebar', 'userGroups', 'mailingList', 'dataImportJobs']);
  expect(sidebar(['local_administrator'])).toEqual(['adminSidebar']);
  expect(sidebar(['local_investigator'])).toEqual([]);
  expect(ids(['monitor_administrator'])).not.toContain('users');
});

test('biobank administrators get the bio samples and the central biobank, central admins the central biobank only', () => {
  expect(ids(['biobank_admin'])).toEqual(['dashboard', 'bioSamples', 'centralBiobank']);
  for (const role of ['local_administrator', 'monitor_administrator', 'local_investigator', 'data_exporter', 'user']) expect(ids([role])).not.toContain('centralBiobank');
});

test('the data export entry is for data exporters and central admins', () => {
  expect(ids(['data_exporter'])).toEqual(['dashboard', 'dataExport', 'statistics']);
  for (const role of ['local_administrator', 'monitor_administrator', 'local_investigator', 'data_importer', 'user']) expect(ids([role])).not.toContain('dataExport');
});

test('the statistics entry is for everyone who works with patients and for data exporters', () => {
  for (const role of ['admin', 'local_administrator', 'local_investigator', 'monitor_administrator', 'monitor_investigator', 'data_exporter']) expect(ids([role])).toContain('statistics');
  for (const role of ['user', 'biobank_admin', 'data_importer', 'impersonator']) expect(ids([role])).not.toContain('statistics');
});

test('the data import entries (new job on top, the jobs in the sidebar) are for data importers and central admins', () => {
  const sidebar = (roles: string[]): string[] => navEntriesFor(roles, 'sidebar').map((entry) => entry.id);
  expect(ids(['data_importer'])).toEqual(['dashboard', 'dataImport']);
  expect(sidebar(['data_importer'])).toEqual(['dataImportJobs']);
  for (const role of ['local_administrator', 'monitor_administrator', 'local_investigator', 'data_exporter', 'user']) {
    expect(ids([role])).not.toContain('dataImport');
    expect(sidebar([role])).not.toContain('dataImportJobs');
  }
});

test('the permissions entry (access lists, schemes) is for central admins only', () => {
  expect(ids(['admin'])).toContain('permissions');
  for (const role of ['local_administrator', 'monitor_administrator', 'local_investigator', 'biobank_admin', 'user']) expect(ids([role])).not.toContain('permissions');
});

// Item 7 of issue 13: a menu entry of an admin area is there for exactly the roles its section
// (and the server's rule behind it) admits, so nobody is shown a screen that refuses them.
test.each(ADMIN_SECTIONS.map((section) => [section.id, section] as const))('the menu entry of the %s section follows its rule, role by role', (_id, section) => {
  const entry = [...navEntriesFor(['admin'], 'top'), ...navEntriesFor(['admin'], 'sidebar')].find((e) => e.path === `/admin/${section.path}`);
  expect(entry).toBeDefined();
  for (const role of ROLES) {
    const shown = navEntriesFor([role], entry!.placement).some((e) => e.id === entry!.id);
    expect([role, shown]).toEqual([role, section.may({ id: 'x', roles: [role], instituteId: 'i-1' })]);
  }
});
