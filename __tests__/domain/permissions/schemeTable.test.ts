// The scheme table is written once, in the model: the page shows schemeTable(), and the document
// must carry exactly its markdown between the markers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY_SCHEME_CODES, schemeTable, schemeTableMarkdown, type AccessEntryKind } from '../../../src/domain/permissions';

const doc = readFileSync(join(__dirname, '../../../docs/permissions.md'), 'utf8');

function documented(kind: AccessEntryKind): string {
  const match = new RegExp(`<!-- scheme-table:${kind}[^>]*-->\\n([\\s\\S]*?)\\n<!-- /scheme-table:${kind} -->`).exec(doc);
  if (!match) throw new Error(`docs/permissions.md has no scheme-table:${kind} block`);
  return match[1];
}

test.each(['registry', 'biobank'] as const)('docs/permissions.md carries the generated %s table', (kind) => {
  expect(documented(kind)).toBe(schemeTableMarkdown(kind));
});

test('marks explicit codes, implicit variants and absent codes', () => {
  const rows = new Map(schemeTable('registry').map((row) => [row.code, row.marks]));
  expect(rows.get('frm_edit')).toMatchObject({ uploader: 'explicit', physician: 'implicit', monitorAdministrator: null });
  expect(rows.get('reg_access')?.cooperativeLocalInvestigator).toBe('implicit');
  // Implicit codes fold into their explicit code: they have no row of their own.
  expect(rows.has('frm_impl_edit')).toBe(false);
  expect(REGISTRY_SCHEME_CODES.physician).toContain('frm_impl_edit');
});
