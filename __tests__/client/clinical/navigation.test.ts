// The clinical menu entries appear for the roles that work with them.
import { navEntriesFor } from '../../../src/app/navigation';

const ids = (roles: string[]): string[] => navEntriesFor(roles, 'top').map((entry) => entry.id);

test('investigators get patients and the correctable forms, monitors the approvable ones', () => {
  expect(ids(['local_investigator'])).toEqual(['dashboard', 'patients', 'correctableForms']);
  expect(ids(['monitor_investigator'])).toEqual(['dashboard', 'patients', 'approvableForms']);
  expect(ids(['local_administrator'])).toEqual(['dashboard', 'patients', 'correctableForms', 'admin']);
  expect(ids(['admin'])).toEqual(['dashboard', 'patients', 'approvableForms', 'correctableForms', 'admin', 'institutes']);
  expect(ids(['user'])).toEqual(['dashboard']);
});
