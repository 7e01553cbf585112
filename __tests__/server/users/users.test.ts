// GET/POST /users, GET/PUT/DELETE /users/{id} for the central admin, the local administrator of
// SZLK (own and foreign institute) and a plain user, over the demo seed (docs/permissions.md,
// "Administration").
import { linkToken, mailsTo, postJson, signIn, STRONG_PASSWORD } from '../auth/authTestKit';
import { createUsersWorld, usersDigest, type UsersWorld } from './userKit';

let world: UsersWorld;
let szlk: string;
let dek: string;
beforeAll(async () => {
  world = await createUsersWorld();
  szlk = await world.instituteId('SZLK');
  dek = await world.instituteId('DEK');
});
afterAll(() => world.server.close());

const emails = (response: { json: () => { results: { email: string }[] } }): string[] => response.json().results.map((u) => u.email).sort();

describe('the list', () => {
  test('the admin sees every account; the local administrator the non-admin accounts of SZLK; a plain user nothing', async () => {
    const all = await world.call('admin', 'GET', '/users?limit=100&statistics=true');
    expect(all.statusCode).toBe(200);
    expect(emails(all)).toEqual(expect.arrayContaining(['admin@example.org', 'investigator2@example.org', 'local.admin@example.org']));
    expect(all.json().statistics.total).toBe(all.json().results.length);
    const local = await world.call('localAdmin', 'GET', '/users?limit=100');
    expect(emails(local)).toEqual(['investigator@example.org', 'local.admin@example.org']);
    expect((await world.call('investigator', 'GET', '/users')).statusCode).toBe(403);
    expect((await world.server.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
  });

  test('filters by name, e-mail, role, institute and state; sorts; pages; withInstitute names the institute', async () => {
    const byRole = await world.call('admin', 'GET', '/users?filter=role==local_investigator&sort=-email&withInstitute=true');
    expect(byRole.json().results.map((u: { email: string }) => u.email)).toEqual(['investigator@example.org', 'investigator2@example.org']);
    expect(byRole.json().results[0].institute).toEqual({ id: szlk, name: 'Szent Lukács Kórház', shortName: 'SZLK' });
    expect(byRole.json().results[0].roles).toEqual(['local_investigator']);
    const notRole = await world.call('admin', 'GET', '/users?limit=100&filter=role!=admin');
    expect(emails(notRole)).not.toContain('admin@example.org');
    expect(emails(await world.call('admin', 'GET', `/users?filter=instituteId==${dek}`))).toEqual(['investigator2@example.org']);
    expect(emails(await world.call('admin', 'GET', '/users?filter=name=@tóth'))).toEqual(['investigator2@example.org']);
    expect(emails(await world.call('admin', 'GET', '/users?filter=email=@biobank'))).toEqual(['biobank@example.org']);
    expect((await world.call('admin', 'GET', '/users?filter=state==unconfirmed')).json().results).toEqual([]);
    const page = await world.call('admin', 'GET', '/users?sort=email&limit=2&offset=1&statistics=true');
    expect(page.json().results).toHaveLength(2);
    expect(page.json().statistics.total).toBeGreaterThan(5);
  });

  test('unknown fields and a role "contains" are a 400 naming the problem', async () => {
    const unknown = await world.call('admin', 'GET', '/users?filter=password==x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ key: 'list.unknownFilterField', context: { field: 'password' } });
    const contains = await world.call('admin', 'GET', '/users?filter=role=@adm');
    expect(contains.statusCode).toBe(400);
    expect(contains.json().errors[0]).toMatchObject({ key: 'list.filterOperator', context: { field: 'role' } });
    expect((await world.call('admin', 'GET', '/users?sort=role')).statusCode).toBe(400);
  });
});

describe('one user', () => {
  test('the admin reads anyone; the local administrator own-institute non-admins; 404 for no such user', async () => {
    const investigator = await world.userId('investigator@example.org');
    const foreign = await world.userId('investigator2@example.org');
    const admin = await world.userId('admin@example.org');
    const own = await world.call('localAdmin', 'GET', `/users/${investigator}?withInstitute=true`);
    expect(own.statusCode).toBe(200);
    expect(own.json().results[0]).toMatchObject({ email: 'investigator@example.org', doctor: true, state: 'active', mfaPolicy: 'user', institute: { shortName: 'SZLK' } });
    expect(own.json().results[0]).not.toHaveProperty('passwordHash');
    expect((await world.call('localAdmin', 'GET', `/users/${foreign}`)).statusCode).toBe(403);
    expect((await world.call('localAdmin', 'GET', `/users/${admin}`)).statusCode).toBe(403);
    expect((await world.call('investigator', 'GET', `/users/${investigator}`)).statusCode).toBe(403);
    expect((await world.call('admin', 'GET', `/users/${foreign}`)).json().results[0].hasClinicalRecords).toBe(true);
    expect((await world.call('admin', 'GET', '/users/no-such-user')).statusCode).toBe(404);
  });
});

describe('creating a user', () => {
  test('the admin creates an account; the user gets a set-password link (never a password), sets it and signs in', async () => {
    const response = await world.call('admin', 'POST', '/users', {
      name: 'Dr. Új Felhasználó',
      email: 'New.Person@Example.org',
      instituteId: dek,
      roles: ['local_investigator', 'data_exporter'],
      doctor: true,
      phone: '+36 1 555 0100',
      mfaPolicy: 'enforced',
      preventAutomaticInactivation: true,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().results[0];
    expect(created).toMatchObject({ email: 'new.person@example.org', state: 'active', roles: ['data_exporter', 'local_investigator'], institute: { shortName: 'DEK' }, mfaPolicy: 'enforced', preventAutomaticInactivation: true });
    const [mail] = await mailsTo(world.server, 'new.person@example.org');
    expect(mail.subject).toBe('An account has been created for you');
    expect(mail.text).toMatch(/https:\/\/registry\.example\.org\/login\/reset-password#token=[A-Za-z0-9_-]{43}\n/);
    expect(mail.text).not.toMatch(/password:/i);
    const reset = await postJson(world.server, '/api/v1/auth/reset-password', { token: linkToken(mail), password: STRONG_PASSWORD, passwordConfirmation: STRONG_PASSWORD });
    expect(reset.statusCode).toBe(200);
    // MFA is enforced for this account: the password opens the MFA setup step.
    const signedIn = await signIn(world.server, 'new.person@example.org', STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(world.server.logLines.join('\n')).not.toContain(linkToken(mail));
  });

  test('an e-mail in use (any case) is a 400 api.unique on email, nothing written', async () => {
    const before = await usersDigest(world.server);
    const response = await world.call('admin', 'POST', '/users', { name: 'Copy', email: 'INVESTIGATOR@example.org' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'email', key: 'api.unique', context: {} }]);
    expect(response.json().message).toContain('already exists');
    expect(await usersDigest(world.server)).toBe(before);
  });

  test('unknown institute, registry or group and a bad e-mail are 400s naming the fields', async () => {
    const response = await world.call('admin', 'POST', '/users', { name: 'X', email: 'not-an-address', instituteId: 'nope', registryId: 'nope', userGroupId: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string; key: string }) => `${e.path}:${e.key}`)).toEqual([
      'email:string.email',
      'instituteId:api.notFound',
      'registryId:api.notFound',
      'userGroupId:api.notFound',
    ]);
  });

  test('the local administrator creates accounts of SZLK with the roles they hold, and nothing else', async () => {
    const own = await world.call('localAdmin', 'POST', '/users', { name: 'Helyi Munkatárs', email: 'local.staff@example.org', roles: ['user'] });
    expect(own.statusCode).toBe(201);
    expect(own.json().results[0]).toMatchObject({ instituteId: szlk, roles: ['user'] });
    const before = await usersDigest(world.server);
    const foreign = await world.call('localAdmin', 'POST', '/users', { name: 'X', email: 'x1@example.org', instituteId: dek });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('You may only manage the accounts of your own institute.');
    const role = await world.call('localAdmin', 'POST', '/users', { name: 'X', email: 'x2@example.org', roles: ['admin', 'monitor_administrator'] });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe('You may not grant or take away these roles: admin, monitor_administrator.');
    const group = await world.server.db.selectFrom('user_groups').select('id').executeTakeFirstOrThrow();
    expect((await world.call('localAdmin', 'POST', '/users', { name: 'X', email: 'x3@example.org', userGroupId: group.id })).statusCode).toBe(403);
    expect((await world.call('investigator', 'POST', '/users', { name: 'X', email: 'x4@example.org' })).statusCode).toBe(403);
    expect(await usersDigest(world.server)).toBe(before);
  });
});

describe('editing a user', () => {
  test('the admin edits every legend; a left-out field stays; the group is also a membership', async () => {
    const id = await world.userId('exporter@example.org');
    const group = await world.server.db.selectFrom('user_groups').select('id').executeTakeFirstOrThrow();
    const response = await world.call('admin', 'PUT', `/users/${id}`, {
      name: 'Molnár Dániel',
      email: 'exporter@example.org',
      city: 'Szeged',
      legacyDoctorCode: 'D-17',
      displayId: 'EXP-1',
      userGroupId: group.id,
      inactiveUsersNotification: true,
      mfaPolicy: 'forbidden',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toMatchObject({ city: 'Szeged', legacyDoctorCode: 'D-17', displayId: 'EXP-1', userGroupId: group.id, inactiveUsersNotification: true, mfaPolicy: 'forbidden', roles: ['data_exporter'] });
    const member = await world.server.db.selectFrom('user_group_members').select('user_id').where('group_id', '=', group.id).where('user_id', '=', id).executeTakeFirst();
    expect(member).toBeDefined();
    const again = await world.call('admin', 'PUT', `/users/${id}`, { name: 'Molnár Dániel', email: 'exporter@example.org', notes: 'Exports monthly' });
    expect(again.json().results[0]).toMatchObject({ city: 'Szeged', notes: 'Exports monthly' });
    const taken = await world.call('admin', 'PUT', `/users/${id}`, { name: 'X', email: 'biobank@example.org' });
    expect(taken.json().errors).toEqual([{ path: 'email', key: 'api.unique', context: {} }]);
  });

  test('the local administrator edits own-institute accounts only, and never roles they do not hold', async () => {
    const investigator = await world.userId('investigator@example.org');
    const foreign = await world.userId('investigator2@example.org');
    const own = await world.call('localAdmin', 'PUT', `/users/${investigator}`, { name: 'Dr. Nagy Eszter', email: 'investigator@example.org', phone: '+36 1 555 0111' });
    expect(own.statusCode).toBe(200);
    expect(own.json().results[0].phone).toBe('+36 1 555 0111');
    const before = await usersDigest(world.server);
    expect((await world.call('localAdmin', 'PUT', `/users/${foreign}`, { name: 'X', email: 'investigator2@example.org' })).statusCode).toBe(403);
    const dropRole = await world.call('localAdmin', 'PUT', `/users/${investigator}`, { name: 'X', email: 'investigator@example.org', roles: ['user'] });
    expect(dropRole.statusCode).toBe(403);
    expect(dropRole.json().message).toContain('local_investigator');
    const move = await world.call('localAdmin', 'PUT', `/users/${investigator}`, { name: 'X', email: 'investigator@example.org', instituteId: dek });
    expect(move.statusCode).toBe(403);
    expect((await world.call('investigator', 'PUT', `/users/${investigator}`, { name: 'X', email: 'investigator@example.org' })).statusCode).toBe(403);
    expect(await usersDigest(world.server)).toBe(before);
  });

  test('deactivation ends every session at once; activation mails the user; other state changes are a 409', async () => {
    const created = (await world.call('admin', 'POST', '/users', { name: 'Állapot Teszt', email: 'state.test@example.org', instituteId: szlk })).json().results[0];
    const [mail] = await mailsTo(world.server, 'state.test@example.org');
    await postJson(world.server, '/api/v1/auth/reset-password', { token: linkToken(mail), password: STRONG_PASSWORD, passwordConfirmation: STRONG_PASSWORD });
    const token = (await signIn(world.server, 'state.test@example.org', STRONG_PASSWORD)).json().access_token;
    expect((await world.call(token, 'GET', '/profile-settings')).statusCode).toBe(200);
    const off = await world.call('localAdmin', 'PUT', `/users/${created.id}`, { name: created.name, email: created.email, state: 'inactive' });
    expect(off.json().results[0].state).toBe('inactive');
    expect((await world.call(token, 'GET', '/profile-settings')).statusCode).toBe(401);
    const on = await world.call('localAdmin', 'PUT', `/users/${created.id}`, { name: created.name, email: created.email, state: 'active' });
    expect(on.json().results[0].state).toBe('active');
    const mails = await mailsTo(world.server, 'state.test@example.org', 2);
    expect(mails[1].subject).toBe('Your account has been activated');
    const wrong = await world.call('admin', 'PUT', `/users/${created.id}`, { name: created.name, email: created.email, state: 'unconfirmed' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('invalid_user_state');
  });

  test('an admin resets a user\'s MFA: the authenticator and recovery keys are gone', async () => {
    const id = await world.userId('monitor@example.org');
    await world.server.db.updateTable('users').set({ mfa_enabled: true, mfa_confirmed: true, mfa_secret_encrypted: 'x' }).where('id', '=', id).execute();
    expect((await world.call('admin', 'GET', `/users/${id}`)).json().results[0].mfaEnabled).toBe(true);
    const reset = await world.call('admin', 'PUT', `/users/${id}`, { name: 'Horváth Katalin', email: 'monitor@example.org', resetMfa: true });
    expect(reset.json().results[0]).toMatchObject({ mfaEnabled: false, mfaConfirmed: false });
  });
});

describe('deleting a user', () => {
  test('an account without clinical records is deleted; one with records is deactivated and keeps them', async () => {
    const fresh = (await world.call('admin', 'POST', '/users', { name: 'Törlendő', email: 'delete.me@example.org', instituteId: szlk })).json().results[0];
    const deleted = await world.call('localAdmin', 'DELETE', `/users/${fresh.id}`);
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect((await world.call('admin', 'GET', `/users/${fresh.id}`)).statusCode).toBe(404);
    const author = await world.userId('investigator2@example.org');
    const forms = await world.server.db.selectFrom('forms').select('id').where('physician_id', '=', author).execute();
    expect(forms.length).toBeGreaterThan(0);
    expect((await world.call('localAdmin', 'DELETE', `/users/${author}`)).statusCode).toBe(403);
    const kept = await world.call('admin', 'DELETE', `/users/${author}`);
    expect(kept.json()).toEqual({ outcome: 'deactivated' });
    expect((await world.call('admin', 'GET', `/users/${author}`)).json().results[0].state).toBe('inactive');
    expect(await world.server.db.selectFrom('forms').select('id').where('physician_id', '=', author).execute()).toHaveLength(forms.length);
  });

  test('a local administrator never touches an admin of their own institute, not even through activation', async () => {
    const admin = (await world.call('admin', 'POST', '/users', { name: 'Helyi Admin', email: 'szlk.admin@example.org', instituteId: szlk, roles: ['admin'] })).json().results[0];
    const before = await usersDigest(world.server);
    for (const path of [`/users/${admin.id}/deactivation`, `/users/${admin.id}/activation`]) expect((await world.call('localAdmin', 'POST', path)).statusCode).toBe(403);
    expect((await world.call('localAdmin', 'DELETE', `/users/${admin.id}`)).statusCode).toBe(403);
    expect(await usersDigest(world.server)).toBe(before);
  });

  test('nobody deletes their own account; a plain user deletes nobody', async () => {
    const self = await world.call('admin', 'DELETE', `/users/${await world.userId('admin@example.org')}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own account.');
    expect((await world.call('investigator', 'DELETE', `/users/${await world.userId('biobank@example.org')}`)).statusCode).toBe(403);
  });
});
