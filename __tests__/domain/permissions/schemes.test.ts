// The scheme table: every scheme maps to known codes, and the documented choices hold.
import {
  ALL_PERMISSION_CODES,
  BIOBANK_SCHEME_CODES,
  BIO_SAMPLE_CODES,
  IMPLICIT_VARIANT,
  PERMISSION_SCHEMES,
  REGISTRY_SCHEME_CODES,
  approveCode,
  entryCodes,
  isPermissionCode,
  isPermissionScheme,
  type PermissionScheme,
} from '../../../src/domain/permissions';

test('there are 31 codes, 8 schemes, and every code and scheme name is recognised', () => {
  expect(ALL_PERMISSION_CODES).toHaveLength(31);
  expect(new Set(ALL_PERMISSION_CODES).size).toBe(31);
  expect(PERMISSION_SCHEMES).toHaveLength(8);
  for (const code of ALL_PERMISSION_CODES) expect(isPermissionCode(code)).toBe(true);
  expect(isPermissionCode('frm_approve_5')).toBe(false);
  expect(isPermissionScheme('guest')).toBe(true);
  expect(isPermissionScheme('superuser')).toBe(false);
});

test.each(PERMISSION_SCHEMES.map((s) => [s]))('%s grants only known codes, without duplicates', (scheme) => {
  for (const table of [REGISTRY_SCHEME_CODES, BIOBANK_SCHEME_CODES]) {
    const codes = table[scheme as PermissionScheme];
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(isPermissionCode(code)).toBe(true);
  }
  // Biobank entries grant bio-sample codes only.
  for (const code of BIOBANK_SCHEME_CODES[scheme as PermissionScheme]) expect(BIO_SAMPLE_CODES).toContain(code);
});

type SchemeRow = [PermissionScheme, { has: string[]; lacks: string[] }];

test.each<SchemeRow>([
  ['uploader', { has: ['reg_access', 'frm_create', 'frm_edit', 'frm_delete', 'personal_data_access'], lacks: ['frm_approve_1', 'frm_destroy'] }],
  ['physician', { has: ['reg_access', 'frm_create', 'frm_read', 'frm_impl_edit', 'personal_data_access'], lacks: ['frm_edit', 'frm_approve_1'] }],
  ['leadPhysician', { has: ['frm_edit', 'frm_approve_1', 'frm_approve_2', 'personal_data_access'], lacks: ['frm_approve_3', 'frm_reset_approval'] }],
  ['cooperativeLocalAdministrator', { has: ['implicit_access', 'frm_impl_read', 'frm_impl_edit', 'frm_create'], lacks: ['reg_access', 'frm_read'] }],
  ['cooperativeLocalInvestigator', { has: ['implicit_access', 'frm_impl_read', 'frm_impl_edit'], lacks: ['frm_read', 'frm_impl_delete'] }],
  [
    'monitorAdministrator',
    { has: ['frm_read', 'frm_approve_1', 'frm_approve_2', 'frm_approve_3', 'frm_approve_4', 'frm_reset_approval'], lacks: ['personal_data_access', 'frm_create', 'frm_edit'] },
  ],
  ['cooperativeMonitorInvestigator', { has: ['implicit_access', 'frm_impl_approve_1', 'frm_impl_approve_2'], lacks: ['frm_approve_1', 'frm_read'] }],
  ['guest', { has: ['reg_access', 'frm_read'], lacks: ['personal_data_access', 'frm_create', 'frm_edit'] }],
])('registry scheme %s', (scheme, { has, lacks }) => {
  const codes: readonly string[] = REGISTRY_SCHEME_CODES[scheme];
  for (const code of has) expect(codes).toContain(code);
  for (const code of lacks) expect(codes).not.toContain(code);
});

test('implicit variants are known codes and named after their explicit code', () => {
  for (const [explicit, implicit] of Object.entries(IMPLICIT_VARIANT)) {
    expect(isPermissionCode(explicit)).toBe(true);
    expect(isPermissionCode(implicit ?? '')).toBe(true);
  }
  expect(IMPLICIT_VARIANT.reg_access).toBe('implicit_access');
  expect(IMPLICIT_VARIANT.frm_approve_3).toBe('frm_impl_approve_3');
  expect([1, 2, 3, 4].map((level) => approveCode(level as 1 | 2 | 3 | 4))).toEqual(['frm_approve_1', 'frm_approve_2', 'frm_approve_3', 'frm_approve_4']);
});

test('an entry grants its scheme set for its kind, plus attach when flagged', () => {
  expect(entryCodes({ kind: 'registry', scheme: 'guest' })).toEqual(['reg_access', 'frm_read']);
  expect(entryCodes({ kind: 'registry', scheme: 'guest', attachPermission: true })).toEqual(['reg_access', 'frm_read', 'attach_bio_sample_to_form']);
  expect(entryCodes({ kind: 'biobank', scheme: 'guest' })).toEqual(['read_admin_bio_sample']);
  expect(entryCodes({ kind: 'biobank', scheme: 'uploader' })).toContain('bio_manage');
});
