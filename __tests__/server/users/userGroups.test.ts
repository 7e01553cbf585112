// GET/POST /user-groups and GET/PUT/DELETE /user-groups/{id}: central admins only; members chosen
// by id; a group that access entries name is not deleted, and the answer says which entries.
import { createUsersWorld, usersDigest, type UsersWorld } from './userKit';

let world: UsersWorld;
beforeAll(async () => {
  world = await createUsersWorld();
});
afterAll(() => world.server.close());

test('the admin creates a group with members, reads it with include=members and lists it with its member count', async () => {
  const ids = [await world.userId('investigator@example.org'), await world.userId('biobank@example.org')];
  const created = await world.call('admin', 'POST', '/user-groups', { name: 'Adatkezelők', groupType: 'site', memberIds: [...ids, ids[0]] });
  expect(created.statusCode).toBe(201);
  const group = created.json().results[0];
  expect(group).toMatchObject({ name: 'Adatkezelők', groupType: 'site', memberCount: 2 });
  expect(group.members.map((m: { email: string }) => m.email).sort()).toEqual(['biobank@example.org', 'investigator@example.org']);
  const one = await world.call('admin', 'GET', `/user-groups/${group.id}?include=members`);
  expect(one.json().results[0].members).toHaveLength(2);
  expect((await world.call('admin', 'GET', `/user-groups/${group.id}`)).json().results[0]).not.toHaveProperty('members');
  const list = await world.call('admin', 'GET', '/user-groups?filter=name=@adatkez&statistics=true&include=members');
  expect(list.json()).toMatchObject({ results: [{ id: group.id, memberCount: 2 }], statistics: { total: 1 } });
  expect(list.json().results[0].members).toHaveLength(2);
});

test('a taken name and unknown members are 400s naming the fields; nothing is written', async () => {
  const before = await usersDigest(world.server);
  const response = await world.call('admin', 'POST', '/user-groups', { name: 'MONITOROK / MONITORS', memberIds: ['ghost'] });
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual([
    { path: 'name', key: 'api.unique', context: {} },
    { path: 'memberIds.0', key: 'api.notFound', context: {} },
  ]);
  expect(await usersDigest(world.server)).toBe(before);
});

test('PUT replaces the members; a member who leaves no longer has the group as their own', async () => {
  const investigator = await world.userId('investigator@example.org');
  const group = (await world.call('admin', 'POST', '/user-groups', { name: 'Átmeneti', memberIds: [] })).json().results[0];
  await world.call('admin', 'PUT', `/users/${investigator}`, { name: 'Dr. Nagy Eszter', email: 'investigator@example.org', userGroupId: group.id });
  expect((await world.call('admin', 'GET', `/user-groups/${group.id}?include=members`)).json().results[0].memberCount).toBe(1);
  const edited = await world.call('admin', 'PUT', `/user-groups/${group.id}`, { name: 'Átmeneti csoport', groupType: null, memberIds: [] });
  expect(edited.json().results[0]).toMatchObject({ name: 'Átmeneti csoport', groupType: null, memberCount: 0, members: [] });
  expect((await world.call('admin', 'GET', `/users/${investigator}`)).json().results[0].userGroupId).toBeNull();
  expect((await world.call('admin', 'PUT', '/user-groups/no-such-group', { name: 'X' })).statusCode).toBe(404);
});

test('a group that access entries name is not deleted: 409 with how many and which registries', async () => {
  const monitors = await world.server.db.selectFrom('user_groups').select('id').where('name', '=', 'Monitorok / Monitors').executeTakeFirstOrThrow();
  const before = await usersDigest(world.server);
  const refused = await world.call('admin', 'DELETE', `/user-groups/${monitors.id}`);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'group_in_use', entryCount: 1, registries: '' });
  expect(refused.json().message).toBe('The group cannot be deleted: 1 access entry uses it, including one for every registry. Remove those entries first.');
  const registry = await world.server.db.selectFrom('registries').select('id').where('short_name', '=', 'RA-BIO').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await world.server.db
    .insertInto('access_entries')
    .values({ id: 'entry-for-test', kind: 'registry', trustee_user_id: null, trustee_group_id: monitors.id, scheme: 'guest', registry_id: registry.id, form_type_id: null, institute_id: null, physician_id: null, attach_permission: false, created_at: now, updated_at: now })
    .execute();
  const hu = await world.server.app.inject({ method: 'DELETE', url: `/api/v1/user-groups/${monitors.id}`, headers: { authorization: `Bearer ${world.tokens.admin}`, 'accept-language': 'hu' } });
  expect(hu.json()).toMatchObject({ entryCount: 2, registries: 'RA-BIO' });
  expect(hu.json().message).toBe('A csoport nem törölhető: 2 hozzáférési bejegyzés használja (regiszterek: RA-BIO), köztük minden regiszterre érvényes is. Előbb ezeket törölje.');
  await world.server.db.deleteFrom('access_entries').where('id', '=', 'entry-for-test').execute();
  expect(await usersDigest(world.server)).toBe(before);
});

test('a group without entries is deleted: 204, then 404', async () => {
  const group = (await world.call('admin', 'POST', '/user-groups', { name: 'Törlendő csoport' })).json().results[0];
  expect((await world.call('admin', 'DELETE', `/user-groups/${group.id}`)).statusCode).toBe(204);
  expect((await world.call('admin', 'GET', `/user-groups/${group.id}`)).statusCode).toBe(404);
  expect((await world.call('admin', 'DELETE', `/user-groups/${group.id}`)).statusCode).toBe(404);
});

test('local administrators and plain users may not use groups at all; nothing is written', async () => {
  const group = await world.server.db.selectFrom('user_groups').select('id').executeTakeFirstOrThrow();
  const before = await usersDigest(world.server);
  for (const caller of ['localAdmin', 'investigator'] as const) {
    const calls = [
      await world.call(caller, 'GET', '/user-groups'),
      await world.call(caller, 'GET', `/user-groups/${group.id}`),
      await world.call(caller, 'POST', '/user-groups', { name: 'Mine' }),
      await world.call(caller, 'PUT', `/user-groups/${group.id}`, { name: 'Mine' }),
      await world.call(caller, 'DELETE', `/user-groups/${group.id}`),
    ];
    expect(calls.map((call) => call.statusCode)).toEqual([403, 403, 403, 403, 403]);
  }
  expect(await usersDigest(world.server)).toBe(before);
});
