import {
  assignableInstitutes,
  forbiddenRoleChanges,
  grantableRoles,
  mayAdministerGroups,
  mayAdministerUser,
  mayAdministerUsers,
  mayAssignInstitute,
  ROLES,
  type AdminActor,
} from '../../../src/domain/permissions';

const admin: AdminActor = { id: 'a', roles: ['admin'], instituteId: null };
const localAdmin: AdminActor = { id: 'l', roles: ['local_administrator'], instituteId: 'i1' };
const localAdminWithoutInstitute: AdminActor = { id: 'l0', roles: ['local_administrator'], instituteId: null };
const investigator: AdminActor = { id: 'v', roles: ['local_investigator'], instituteId: 'i1' };

describe('mayAdministerUser', () => {
  test.each([
    ['admin, anyone', admin, { id: 'x', roles: ['admin'], instituteId: 'i2' }, true],
    ['admin, an account without institute', admin, { id: 'x', roles: [], instituteId: null }, true],
    ['local admin, own institute', localAdmin, { id: 'x', roles: ['local_investigator'], instituteId: 'i1' }, true],
    ['local admin, foreign institute', localAdmin, { id: 'x', roles: ['user'], instituteId: 'i2' }, false],
    ['local admin, no institute', localAdmin, { id: 'x', roles: ['user'], instituteId: null }, false],
    ['local admin, an admin of the own institute', localAdmin, { id: 'x', roles: ['admin'], instituteId: 'i1' }, false],
    ['local admin without institute', localAdminWithoutInstitute, { id: 'x', roles: [], instituteId: null }, false],
    ['investigator', investigator, { id: 'x', roles: [], instituteId: 'i1' }, false],
  ])('%s', (_name, actor, target, expected) => {
    expect(mayAdministerUser(actor, target)).toBe(expected);
  });
});

test('who opens the users and groups screens', () => {
  expect([admin, localAdmin, localAdminWithoutInstitute, investigator].map(mayAdministerUsers)).toEqual([true, true, false, false]);
  expect([admin, localAdmin, investigator].map(mayAdministerGroups)).toEqual([true, false, false]);
});

test('grantable roles: every role for admins; for local admins their own plus user, never admin', () => {
  expect(grantableRoles(admin)).toEqual([...ROLES]);
  expect(grantableRoles(localAdmin)).toEqual(['user', 'local_administrator']);
  expect(grantableRoles({ ...localAdmin, roles: ['local_administrator', 'admin_like', 'data_exporter'] })).toEqual(['user', 'local_administrator', 'data_exporter']);
  expect(grantableRoles(investigator)).toEqual([]);
});

test('forbidden role changes name every role added or removed beyond the grantable ones', () => {
  expect(forbiddenRoleChanges(localAdmin, ['user'], ['user', 'local_administrator'])).toEqual([]);
  expect(forbiddenRoleChanges(localAdmin, ['user'], ['admin', 'monitor_administrator'])).toEqual(['admin', 'monitor_administrator']);
  // An ungrantable role the account already has may stay, but not be taken away.
  expect(forbiddenRoleChanges(localAdmin, ['data_exporter'], ['data_exporter', 'user'])).toEqual([]);
  expect(forbiddenRoleChanges(localAdmin, ['data_exporter'], ['user'])).toEqual(['data_exporter']);
  expect(forbiddenRoleChanges(admin, [], ['admin', 'impersonator'])).toEqual([]);
});

test('institutes an actor may put accounts into', () => {
  expect(assignableInstitutes(admin)).toBe('all');
  expect(assignableInstitutes(localAdmin)).toEqual(['i1']);
  expect(assignableInstitutes(investigator)).toEqual([]);
  expect([mayAssignInstitute(admin, null), mayAssignInstitute(localAdmin, 'i1'), mayAssignInstitute(localAdmin, 'i2'), mayAssignInstitute(localAdmin, null)]).toEqual([
    true,
    true,
    false,
    false,
  ]);
});
