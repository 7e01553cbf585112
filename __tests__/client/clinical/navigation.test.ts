// The clinical menu entries appear for the roles that work with them.
import { navEntriesFor } from '../../../src/app/navigation';

const ids = (roles: string[]): string[] => navEntriesFor(roles, 'top').map((entry) => entry.id);

test('investigators get patients and the correctable forms, monitors the approvable ones', () => {
  expect(ids(['local_investigator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'correctableForms']);
  expect(ids(['monitor_investigator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'approvableForms']);
  expect(ids(['local_administrator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'correctableForms', 'admin', 'users']);
  expect(ids(['admin'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'approvableForms', 'correctableForms', 'admin', 'users', 'institutes', 'registries']);
  expect(ids(['user'])).toEqual(['dashboard']);
});

test('the users entry is for administrators, the user-groups sidebar entry for central admins only', () => {
  const sidebar = (roles: string[]): string[] => navEntriesFor(roles, 'sidebar').map((entry) => entry.id);
  expect(sidebar(['admin'])).toEqual(['userGroups']);
  expect(sidebar(['local_administrator'])).toEqual([]);
  expect(ids(['monitor_administrator'])).not.toContain('users');
});
