// The request guard reads the caller's access entries with the session, in one statement
// (users.repository findSessionWithCaller): the same entries, groups and order the permission
// function read before on its own, and a grant or a withdrawal counts from the caller's very next
// request. On the database the tests run on (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { findCallerEntries } from '../../../server/permissions/accessEntries.repository';
import { insertSession } from '../../../server/auth/sessions.repository';
import { findSessionWithCaller } from '../../../server/users/users.repository';
import { bearer, createAuthTestServer, get, postJson, tokenOf, type AuthTestServer } from './authTestKit';

const ADMIN = 'admin@example.org';
const BIOBANK = 'biobank@example.org';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer();
}, 30_000);
afterAll(() => server.close());

async function sessionOf(userId: string): Promise<string> {
  const now = server.clock.now().toISOString();
  return insertSession(server.db, { userId, kind: 'full', now, expiresAt: '2999-01-01T00:00:00.000Z', userAgent: null, remoteAddress: null });
}

const userIdOf = async (email: string): Promise<string> => (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

test('every demo user: the entries and groups read with the session are those read on their own, in the same order', async () => {
  const users = await server.db.selectFrom('users').select(['id', 'email']).orderBy('email').execute();
  let withGroups = 0;
  let withEntries = 0;
  for (const user of users) {
    const found = await findSessionWithCaller(server.db, await sessionOf(user.id));
    const own = await findCallerEntries(server.db, user.id);
    expect({ email: user.email, access: found?.caller?.access }).toEqual({ email: user.email, access: own });
    if (own.groupIds.length > 0) withGroups += 1;
    if (own.entries.length > 1) withEntries += 1;
  }
  // The demo holds both kinds of grant, so the comparison above covers both.
  expect(withGroups).toBeGreaterThan(0);
  expect(withEntries).toBeGreaterThan(0);
});

test('a form type, an attach permission and a group trustee keep their types', async () => {
  const admin = await tokenOf(server, ADMIN);
  const registry = await server.db.selectFrom('registry_period_form_types').select(['registry_id', 'form_type_id']).executeTakeFirstOrThrow();
  const group = await server.db.selectFrom('user_group_members').select(['group_id', 'user_id']).executeTakeFirstOrThrow();
  const created = await postJson(
    server,
    '/api/v1/registry-acl',
    { trusteeGroupId: group.group_id, scheme: 'physician', registryId: registry.registry_id, formTypeId: Number(registry.form_type_id), attachPermission: true },
    bearer(admin),
  );
  expect(created.statusCode).toBe(201);
  const found = await findSessionWithCaller(server.db, await sessionOf(group.user_id));
  const entry = found?.caller?.access.entries.find((e) => e.id === created.json().results[0].id);
  expect(entry).toEqual({
    id: created.json().results[0].id,
    kind: 'registry',
    trustee: { groupId: group.group_id },
    scheme: 'physician',
    registryId: registry.registry_id,
    formTypeId: Number(registry.form_type_id),
    instituteId: null,
    physicianId: null,
    attachPermission: true,
  });
  expect(found?.caller?.access).toEqual(await findCallerEntries(server.db, group.user_id));
});

test("with a real token, a grant opens a registry's status matrix on the next request and its withdrawal closes it again", async () => {
  const admin = await tokenOf(server, ADMIN);
  const biobank = await tokenOf(server, BIOBANK);
  const registries = await server.db.selectFrom('registries').select('id').orderBy('id').execute();
  const statusOf = async (id: string): Promise<number> => (await get(server, `/api/v1/registries/${id}/status-matrix`, bearer(biobank))).statusCode;
  const closed: string[] = [];
  for (const { id } of registries) if ((await statusOf(id)) !== 200) closed.push(id);
  expect(closed.length).toBeGreaterThan(0);
  const registryId = closed[0];
  const granted = await postJson(server, '/api/v1/registry-acl', { trusteeUserId: await userIdOf(BIOBANK), scheme: 'physician', registryId }, bearer(admin));
  expect(granted.statusCode).toBe(201);
  expect(await statusOf(registryId)).toBe(200);
  const removed = await server.app.inject({ method: 'DELETE', url: `/api/v1/registry-acl/${granted.json().results[0].id}`, headers: bearer(admin) });
  expect(removed.statusCode).toBeLessThan(300);
  expect(await statusOf(registryId)).not.toBe(200);
});
