// The clinical menu entries appear for the roles that work with them.
import { navEntriesFor } from '../../../src/app/navigation';

const ids = (roles: string[]): string[] => navEntriesFor(roles, 'top').map((entry) => entry.id);

test('investigators get patients and the correctable forms, monitors the approvable ones', () => {
  expect(ids(['local_investigator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'correctableForms']);
  expect(ids(['monitor_investigator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'approvableForms']);
  expect(ids(['local_administrator'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'correctableForms', 'admin']);
  expect(ids(['admin'])).toEqual(['dashboard', 'patients', 'statusMatrix', 'approvableForms', 'correctableForms', 'admin']);
  expect(ids(['user'])).toEqual(['dashboard']);
});
