// The users list sorts and searches by the name without case (users.name_folded, kept by triggers,
// migration 0020): an account created or renamed takes its place in the order at once, whatever
// the case it was typed in, and a search in another case finds it.
import { createUsersWorld, type UsersWorld } from './userKit';

let world: UsersWorld;
beforeAll(async () => {
  world = await createUsersWorld();
});
afterAll(() => world.server.close());

const namesByName = async (query = ''): Promise<string[]> => {
  const answer = await world.call('admin', 'GET', `/users?limit=100&sort=name${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.json().results.map((user: { name: string }) => user.name);
};

test('a created and a renamed account sort by their name without case, and a search in another case finds them', async () => {
  const created = await world.call('admin', 'POST', '/users', { name: 'AAAA Első', email: 'first.in.order@example.org', roles: ['user'] });
  expect(created.statusCode).toBe(201);
  const id = created.json().results[0].id as string;
  const lower = await world.call('admin', 'POST', '/users', { name: 'aaab második', email: 'second.in.order@example.org', roles: ['user'] });
  expect(lower.statusCode).toBe(201);
  expect((await namesByName()).slice(0, 2)).toEqual(['AAAA Első', 'aaab második']);
  expect((await namesByName('&filter=name=@AAAB')).slice(0, 1)).toEqual(['aaab második']);

  const renamed = await world.call('admin', 'PUT', `/users/${id}`, { name: 'ZZZZ Utolsó', email: 'first.in.order@example.org' });
  expect(renamed.statusCode).toBe(200);
  const names = await namesByName();
  expect(names[0]).toBe('aaab második');
  expect(names.at(-1)).toBe('ZZZZ Utolsó');
  expect((await namesByName('&filter=name=@zzzz utol')).slice(0, 1)).toEqual(['ZZZZ Utolsó']);
  // Descending reverses the order, the id breaking ties as before.
  expect((await world.call('admin', 'GET', '/users?limit=1&sort=-name')).json().results[0].name).toBe('ZZZZ Utolsó');
});
