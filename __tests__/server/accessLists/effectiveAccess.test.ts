// GET /users/{id}/effective-access: where a user holds each code and through which entry or group;
// the same grants the server enforces (an entry granted in one call shows in the next).
import { ADMIN, createClinicalTestServer, INVESTIGATOR, LOCAL_ADMIN, MONITOR, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
}, 30_000);
afterAll(() => server.close());

type Grant = { code: string; implicit: boolean; via: { userId?: string; groupId?: string; name: string }; registry: { name: string } | null; institute: { id: string } | null; physician: { id: string } | null };
const grantsOf = async (email: string): Promise<Grant[]> => (await server.call('GET', `/users/${server.userId(email)}/effective-access`, ADMIN)).body.results[0].grants;

test('an investigator: own entries, by registry and institute, implicit codes limited to their own patients', async () => {
  const grants = await grantsOf(INVESTIGATOR);
  const access = grants.filter((g) => g.code === 'reg_access');
  expect(access.map((g) => g.institute?.id)).toEqual([server.instituteId('SZLK'), server.instituteId('SZLK')]);
  expect(access.every((g) => g.via.userId === server.userId(INVESTIGATOR) && g.registry !== null)).toBe(true);
  const edit = grants.filter((g) => g.code === 'frm_edit');
  expect(edit.length).toBeGreaterThan(0);
  expect(edit.every((g) => g.implicit && g.physician?.id === server.userId(INVESTIGATOR))).toBe(true);
  expect(grants.some((g) => g.code === 'frm_destroy')).toBe(false);
});

test('a monitor holds their codes through their group, everywhere', async () => {
  const grants = await grantsOf(MONITOR);
  const destroy = grants.filter((g) => g.code === 'frm_destroy');
  expect(destroy).toHaveLength(1);
  expect(destroy[0]).toMatchObject({ via: { name: 'Monitorok / Monitors' }, registry: null, institute: null, physician: null });
});

test('a new grant shows in the very next read; the admin needs none', async () => {
  const newcomer = server.userId(LOCAL_ADMIN);
  const before = (await grantsOf(LOCAL_ADMIN)).filter((g) => g.code === 'frm_destroy');
  const created = await server.call('POST', '/registry-acl', ADMIN, { trusteeUserId: newcomer, scheme: 'monitorAdministrator', registryId: server.registryId('NSCLC-1L') });
  const after = (await grantsOf(LOCAL_ADMIN)).filter((g) => g.code === 'frm_destroy');
  expect(after).toHaveLength(before.length + 1);
  await server.call('DELETE', `/registry-acl/${created.body.results[0].id}`, ADMIN);
  const admin = (await server.call('GET', `/users/${server.userId(ADMIN)}/effective-access`, ADMIN)).body.results[0];
  expect(admin.admin).toBe(true);
});

test('admins only; an unknown user is 404', async () => {
  for (const who of [LOCAL_ADMIN, INVESTIGATOR, MONITOR]) {
    expect((await server.call('GET', `/users/${server.userId(INVESTIGATOR)}/effective-access`, who)).status).toBe(403);
  }
  expect((await server.call('GET', '/users/nobody/effective-access', ADMIN)).status).toBe(404);
});
