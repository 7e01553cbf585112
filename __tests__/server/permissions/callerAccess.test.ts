// The request guard reads the caller's access entries in its own statement (callerEntriesJson,
// docs/decisions.md "Fewer statements per request"): for every demo user, direct entries and
// entries through groups, they must be what findCallerEntries reads, in the same order, and an
// entry granted or withdrawn shows at the next read.
import { randomUUID } from 'node:crypto';
import { callerAccessFromJson, callerEntriesJson, findCallerEntries } from '../../../server/permissions/accessEntries.repository';
import { createTestServer, type TestServer } from '../../helpers/serverApp';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seed: true });
});
afterAll(() => server.close());

async function guardAccess(userId: string) {
  const row = await server.db.selectFrom('users').select(callerEntriesJson(server.db).as('entries')).where('users.id', '=', userId).executeTakeFirstOrThrow();
  return callerAccessFromJson(row.entries);
}

it('reads the same entries and groups as findCallerEntries for every demo user', async () => {
  const users = await server.db.selectFrom('users').select('id').execute();
  let withGroups = 0;
  let withEntries = 0;
  for (const { id } of users) {
    const expected = await findCallerEntries(server.db, id);
    expect(await guardAccess(id)).toEqual(expected);
    if (expected.groupIds.length > 0) withGroups += 1;
    if (expected.entries.length > 0) withEntries += 1;
  }
  // The demo holds both kinds, so both paths of the statement were compared.
  expect(withGroups).toBeGreaterThan(0);
  expect(withEntries).toBeGreaterThan(1);
});

it('answers no entries for a user without any, and follows a grant and its withdrawal', async () => {
  const user = await server.db.selectFrom('users').select('id').where('email', '=', 'investigator2@example.org').executeTakeFirstOrThrow();
  const before = await guardAccess(user.id);
  const at = new Date().toISOString();
  const id = randomUUID();
  await server.db
    .insertInto('access_entries')
    .values({ id, kind: 'registry', trustee_user_id: user.id, trustee_group_id: null, scheme: 'guest', registry_id: null, form_type_id: null, institute_id: null, physician_id: null, attach_permission: false, created_at: at, updated_at: at })
    .execute();
  const granted = await guardAccess(user.id);
  expect(granted.entries.map((entry) => entry.id)).toEqual([...before.entries.map((entry) => entry.id), id]);
  expect(granted.entries.at(-1)).toMatchObject({ id, scheme: 'guest', attachPermission: false, trustee: { userId: user.id } });
  await server.db.deleteFrom('access_entries').where('id', '=', id).execute();
  expect(await guardAccess(user.id)).toEqual(before);

  // A user who holds no entry at all (PostgreSQL's json_agg answers NULL for none).
  const users = await server.db.selectFrom('users').select('id').execute();
  const without = [];
  for (const { id: userId } of users) if ((await findCallerEntries(server.db, userId)).entries.length === 0) without.push(userId);
  expect(without.length).toBeGreaterThan(0);
  for (const userId of without) expect(await guardAccess(userId)).toEqual({ groupIds: [], entries: [] });
});
