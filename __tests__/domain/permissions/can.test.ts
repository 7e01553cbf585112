// The permission function over a fixture of users, groups and entries.
import {
  can,
  codesAt,
  effectiveAccess,
  grantScopes,
  hasAnyEntry,
  scopeMatches,
  type AccessEntry,
  type PermissionCode,
  type PermissionSubject,
  type PermissionTarget,
} from '../../../src/domain/permissions';

const REG_A = 'reg-a';
const REG_B = 'reg-b';
const INST_1 = 'inst-1';
const INST_2 = 'inst-2';

const ENTRIES: AccessEntry[] = [
  // Anna: physician at institute 1 of registry A.
  { id: 'e1', kind: 'registry', trustee: { userId: 'anna' }, scheme: 'physician', registryId: REG_A, instituteId: INST_1 },
  // Bela: uploader everywhere in registry B, only for form type 7.
  { id: 'e2', kind: 'registry', trustee: { userId: 'bela' }, scheme: 'uploader', registryId: REG_B, formTypeId: 7 },
  // Monitors (a group): monitorAdministrator everywhere.
  { id: 'e3', kind: 'registry', trustee: { groupId: 'monitors' }, scheme: 'monitorAdministrator' },
  // Cili: cooperative investigator in registry A (implicit codes only).
  { id: 'e4', kind: 'registry', trustee: { userId: 'cili' }, scheme: 'cooperativeLocalInvestigator', registryId: REG_A },
  // Dani: guest limited to the forms of physician anna.
  { id: 'e5', kind: 'registry', trustee: { userId: 'dani' }, scheme: 'guest', physicianId: 'anna' },
  // Emma: biobank entry with the attach flag.
  { id: 'e6', kind: 'biobank', trustee: { userId: 'emma' }, scheme: 'uploader', instituteId: INST_2, attachPermission: true },
  // Cili again, with an implicit scheme limited to another physician: it never reaches her own forms.
  { id: 'e7', kind: 'registry', trustee: { userId: 'cili' }, scheme: 'cooperativeMonitorInvestigator', registryId: REG_B, physicianId: 'anna' },
];

function subject(userId: string, roles: string[] = ['user'], groupIds: string[] = []): PermissionSubject {
  return { userId, roles, groupIds, entries: ENTRIES };
}

const anna = subject('anna');
const bela = subject('bela');
const monitor = subject('mona', ['monitor_administrator'], ['monitors']);
const cili = subject('cili');
const dani = subject('dani');
const emma = subject('emma');
const admin = subject('root', ['admin']);
const nobody = subject('zoe');

type Row = [string, PermissionSubject, PermissionCode, PermissionTarget, boolean];

const full = (registryId: string, instituteId: string, physicianId: string, formTypeId = 1): PermissionTarget => ({
  registryId,
  instituteId,
  physicianId,
  formTypeId,
});

test.each<Row>([
  // Conditions set: registry and institute must both match.
  ['anna reads in her registry and institute', anna, 'frm_read', full(REG_A, INST_1, 'x'), true],
  ['anna may not read at another institute', anna, 'frm_read', full(REG_A, INST_2, 'x'), false],
  ['anna may not read in another registry', anna, 'frm_read', full(REG_B, INST_1, 'x'), false],
  ['anna creates forms', anna, 'frm_create', full(REG_A, INST_1, 'anna'), true],
  ['anna sees personal data', anna, 'personal_data_access', full(REG_A, INST_1, 'x'), true],
  // Implicit codes: physician edits only her own forms.
  ['anna edits her own form', anna, 'frm_edit', full(REG_A, INST_1, 'anna'), true],
  ["anna may not edit a colleague's form", anna, 'frm_edit', full(REG_A, INST_1, 'x'), false],
  ['anna deletes her own form', anna, 'frm_delete', full(REG_A, INST_1, 'anna'), true],
  ['anna never approves', anna, 'frm_approve_1', full(REG_A, INST_1, 'anna'), false],
  // Open dimensions mean "somewhere".
  ['anna has registry access somewhere in A', anna, 'reg_access', { registryId: REG_A }, true],
  ['anna has no registry access in B', anna, 'reg_access', { registryId: REG_B }, false],
  ['anna may edit something in A (her own forms)', anna, 'frm_edit', { registryId: REG_A }, true],
  // Form type condition.
  ['bela edits form type 7 anywhere in B', bela, 'frm_edit', full(REG_B, INST_2, 'x', 7), true],
  ['bela may not edit form type 8', bela, 'frm_edit', full(REG_B, INST_2, 'x', 8), false],
  ['bela deletes but never destroys', bela, 'frm_destroy', full(REG_B, INST_2, 'x', 7), false],
  // Groups.
  ['the monitor group approves level 4 anywhere', monitor, 'frm_approve_4', full(REG_B, INST_2, 'x'), true],
  ['monitors reset approvals', monitor, 'frm_reset_approval', full(REG_A, INST_1, 'x'), true],
  ['monitors see no personal data', monitor, 'personal_data_access', full(REG_A, INST_1, 'x'), false],
  ['monitors do not create forms', monitor, 'frm_create', full(REG_A, INST_1, 'x'), false],
  ['group entries reach only members', subject('mona', ['monitor_administrator'], []), 'frm_read', full(REG_A, INST_1, 'x'), false],
  // Cooperative (implicit) schemes.
  ['cili reads forms of her own patients', cili, 'frm_read', full(REG_A, INST_2, 'cili'), true],
  ["cili may not read another physician's form", cili, 'frm_read', full(REG_A, INST_2, 'anna'), false],
  ['implicit_access gives registry access to her own patients', cili, 'reg_access', full(REG_A, INST_2, 'cili'), true],
  ['cili has no registry access to others', cili, 'reg_access', full(REG_A, INST_2, 'anna'), false],
  ['an implicit grant for another physician gives cili nothing', cili, 'frm_read', full(REG_B, INST_1, 'cili'), false],
  ['nor on that physician forms', cili, 'frm_read', full(REG_B, INST_1, 'anna'), false],
  ['the raw implicit code is answered as held', cili, 'frm_impl_read', { registryId: REG_A }, true],
  // Physician condition.
  ["dani reads anna's forms in any registry", dani, 'frm_read', full(REG_B, INST_2, 'anna'), true],
  ['dani reads no other forms', dani, 'frm_read', full(REG_B, INST_2, 'x'), false],
  ['a guest never sees personal data', dani, 'personal_data_access', full(REG_B, INST_2, 'anna'), false],
  // Biobank entries grant bio-sample codes only.
  ['emma manages admin samples at institute 2', emma, 'create_admin_bio_sample', { instituteId: INST_2 }, true],
  ['emma attaches samples (attach flag)', emma, 'attach_bio_sample_to_form', { instituteId: INST_2 }, true],
  ['emma has no registry access from a biobank entry', emma, 'reg_access', { instituteId: INST_2 }, false],
  ['emma has nothing at institute 1', emma, 'read_admin_bio_sample', { instituteId: INST_1 }, false],
  // Admin and no entries.
  ['admin may do anything', admin, 'frm_destroy', full(REG_B, INST_2, 'x'), true],
  ['admin sees personal data', admin, 'personal_data_access', {}, true],
  ['no entries: nothing', nobody, 'reg_access', {}, false],
  ['no entries: not even reading', nobody, 'frm_read', full(REG_A, INST_1, 'zoe'), false],
])('%s', (_name, who, code, target, expected) => {
  expect(can(who, code, target)).toBe(expected);
});

test('an entry of another user never applies', () => {
  const mixed: PermissionSubject = { ...anna, userId: 'someone-else' };
  expect(can(mixed, 'frm_read', full(REG_A, INST_1, 'x'))).toBe(false);
});

test('grant scopes: admin and unconditioned entries are "all", conditions become scopes, implicit adds the physician', () => {
  expect(grantScopes(admin, 'frm_read')).toEqual({ all: true, scopes: [{}] });
  expect(grantScopes(monitor, 'frm_read')).toEqual({ all: true, scopes: [{}] });
  expect(grantScopes(anna, 'frm_read')).toEqual({ all: false, scopes: [{ registryId: REG_A, instituteId: INST_1 }] });
  expect(grantScopes(anna, 'frm_edit')).toEqual({ all: false, scopes: [{ registryId: REG_A, instituteId: INST_1, physicianId: 'anna' }] });
  expect(grantScopes(cili, 'reg_access')).toEqual({ all: false, scopes: [{ registryId: REG_A, physicianId: 'cili' }] });
  expect(grantScopes(nobody, 'frm_read')).toEqual({ all: false, scopes: [] });
  expect(grantScopes(emma, 'frm_read')).toEqual({ all: false, scopes: [] });
});

test('grant scopes drop duplicates and scopes covered by broader ones', () => {
  const entries: AccessEntry[] = [
    { id: '1', kind: 'registry', trustee: { userId: 'u' }, scheme: 'guest', registryId: REG_A, instituteId: INST_1 },
    { id: '2', kind: 'registry', trustee: { userId: 'u' }, scheme: 'guest', registryId: REG_A },
    { id: '3', kind: 'registry', trustee: { groupId: 'g' }, scheme: 'guest', registryId: REG_A },
    { id: '4', kind: 'registry', trustee: { userId: 'u' }, scheme: 'guest', registryId: REG_B, formTypeId: 3 },
  ];
  const who: PermissionSubject = { userId: 'u', roles: [], groupIds: ['g'], entries };
  expect(grantScopes(who, 'frm_read')).toEqual({ all: false, scopes: [{ registryId: REG_A }, { registryId: REG_B, formTypeId: 3 }] });
});

test('scopeMatches treats open target dimensions as "some value"', () => {
  expect(scopeMatches({ registryId: REG_A, instituteId: INST_1 }, { registryId: REG_A })).toBe(true);
  expect(scopeMatches({ registryId: REG_A }, { registryId: REG_B, instituteId: INST_1 })).toBe(false);
  expect(scopeMatches({}, {})).toBe(true);
  expect(scopeMatches({ formTypeId: 3 }, { formTypeId: null })).toBe(true);
});

test('codesAt lists what a user holds at a target', () => {
  expect(codesAt(anna, { registryId: REG_A }, ['reg_access', 'frm_read', 'frm_edit', 'frm_approve_1', 'personal_data_access'])).toEqual([
    'reg_access',
    'frm_read',
    'frm_edit',
    'personal_data_access',
  ]);
  expect(codesAt(nobody, {}, ['reg_access'])).toEqual([]);
});

test('hasAnyEntry: the dashboard message for users without entries', () => {
  expect(hasAnyEntry(nobody)).toBe(false);
  expect(hasAnyEntry(anna)).toBe(true);
  expect(hasAnyEntry(monitor)).toBe(true);
  expect(hasAnyEntry(subject('mona', [], []))).toBe(false);
  expect(hasAnyEntry(admin)).toBe(true);
});

describe('effectiveAccess', () => {
  const entries: AccessEntry[] = [
    { id: 'e1', kind: 'registry', trustee: { userId: 'u1' }, scheme: 'physician', registryId: 'r1', instituteId: 'i1' },
    { id: 'e2', kind: 'registry', trustee: { groupId: 'g1' }, scheme: 'guest', registryId: 'r2' },
    { id: 'e3', kind: 'registry', trustee: { userId: 'someone else' }, scheme: 'uploader' },
  ];
  const subject: PermissionSubject = { userId: 'u1', roles: ['user'], groupIds: ['g1'], entries };

  test('names the entry and the trustee (own or group) of every grant, implicit ones scoped to the user', () => {
    const { admin, grants } = effectiveAccess(subject, ['frm_read', 'frm_edit']);
    expect(admin).toBe(false);
    expect(grants).toEqual([
      { code: 'frm_read', scope: { registryId: 'r1', instituteId: 'i1' }, implicit: false, entryId: 'e1', kind: 'registry', scheme: 'physician', via: { userId: 'u1' } },
      { code: 'frm_read', scope: { registryId: 'r2' }, implicit: false, entryId: 'e2', kind: 'registry', scheme: 'guest', via: { groupId: 'g1' } },
      { code: 'frm_edit', scope: { registryId: 'r1', instituteId: 'i1', physicianId: 'u1' }, implicit: true, entryId: 'e1', kind: 'registry', scheme: 'physician', via: { userId: 'u1' } },
    ]);
  });

  test('agrees with can() on every code: a grant exists exactly where the server allows', () => {
    for (const { code, scope } of effectiveAccess(subject).grants) expect(can(subject, code, scope)).toBe(true);
    expect(effectiveAccess(subject, ['frm_destroy']).grants).toEqual([]);
    expect(can(subject, 'frm_destroy')).toBe(false);
  });

  test('an admin holds everything without entries', () => {
    expect(effectiveAccess({ ...subject, roles: ['admin'], entries: [] }).admin).toBe(true);
  });
});
