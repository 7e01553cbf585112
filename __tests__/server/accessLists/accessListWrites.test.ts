// POST/PUT/DELETE /registry-acl and /biobank-acl: admin only, bad input answers 400 naming the
// field and writes nothing, every change is an application-log event, and a grant changes what the
// grantee sees in the very next call.
import { addAccount } from '../admin/adminTestKit';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, LOCAL_ADMIN, MONITOR, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
const NEWCOMER = 'newcomer.acl@example.org';
let newcomerId = '';
let szlk = '';
let dek = '';
let raBio = '';
beforeAll(async () => {
  server = await createClinicalTestServer();
  szlk = server.instituteId('SZLK');
  dek = server.instituteId('DEK');
  raBio = server.registryId('RA-BIO');
  newcomerId = await addAccount(server.db, { email: NEWCOMER, name: 'Új Kolléga', roles: ['user', 'local_investigator'], instituteId: szlk });
}, 30_000);
afterAll(() => server.close());

const entryCount = async (): Promise<number> => (await server.db.selectFrom('access_entries').select('id').execute()).length;
const visibleInstitutes = async (as: string): Promise<{ status: number; institutes: string[] }> => {
  const answer = await server.call('GET', '/patients?limit=1000', as);
  const institutes = answer.status === 200 ? [...new Set<string>(answer.body.results.map((p: { institute: { id: string } }) => p.institute.id))] : [];
  return { status: answer.status, institutes };
};
const events = async (entryId: string): Promise<{ event: string | null; user_id: string | null; data: string | null }[]> =>
  server.db.selectFrom('application_log').select(['event', 'user_id', 'data']).where('target_id', '=', entryId).orderBy('created_at').execute();

describe('a grant through the API', () => {
  test('changes what the grantee sees in the very next call: granted, moved, removed', async () => {
    expect((await visibleInstitutes(NEWCOMER)).institutes).toEqual([]);
    const created = await server.call('POST', '/registry-acl', ADMIN, { trusteeUserId: newcomerId, scheme: 'physician', registryId: raBio, instituteId: szlk });
    expect(created.status).toBe(201);
    const entry = created.body.results[0];
    expect(entry).toMatchObject({ kind: 'registry', scheme: 'physician', trustee: { userId: newcomerId, name: 'Új Kolléga' }, registryId: raBio, instituteId: szlk, formTypeId: null });
    expect(entry.names).toEqual({ registry: 'RA-BIO', formType: null, institute: 'SZLK', physician: null });
    expect(entry.permissions).toContain('frm_impl_edit');
    // The list opens newest first, so the admin sees the grant just made on the first page.
    expect((await server.call('GET', '/registry-acl?limit=1', ADMIN)).body.results[0].id).toBe(entry.id);
    expect(await visibleInstitutes(NEWCOMER)).toEqual({ status: 200, institutes: [szlk] });
    // The single item follows the list: a patient of SZLK opens, one of DEK does not.
    const dekPatient = (await server.call('GET', `/patients?limit=1&filter=instituteId==${dek}`, ADMIN)).body.results[0];
    expect((await server.call('GET', `/patients/${dekPatient.id}`, NEWCOMER)).status).toBe(404);

    const moved = await server.call('PUT', `/registry-acl/${entry.id}`, ADMIN, { trusteeUserId: newcomerId, scheme: 'physician', registryId: raBio, instituteId: dek });
    expect(moved.status).toBe(200);
    expect(moved.body.results[0].instituteId).toBe(dek);
    expect(await visibleInstitutes(NEWCOMER)).toEqual({ status: 200, institutes: [dek] });
    expect((await server.call('GET', `/patients/${dekPatient.id}`, NEWCOMER)).status).toBe(200);
    expect((await server.call('GET', `/registry-acl/${entry.id}`, ADMIN)).body.results[0].instituteId).toBe(dek);

    expect((await server.call('DELETE', `/registry-acl/${entry.id}`, ADMIN)).status).toBe(204);
    expect((await visibleInstitutes(NEWCOMER)).institutes).toEqual([]);
    expect((await server.call('GET', `/registry-acl/${entry.id}`, ADMIN)).status).toBe(404);
    expect((await server.call('DELETE', `/registry-acl/${entry.id}`, ADMIN)).status).toBe(404);

    const log = await events(entry.id);
    expect(log.map((e) => e.event)).toEqual(['accessEntry.created', 'accessEntry.updated', 'accessEntry.deleted']);
    expect(new Set(log.map((e) => e.user_id))).toEqual(new Set([server.userId(ADMIN)]));
    expect(JSON.parse(log[1].data ?? '{}')).toMatchObject({ before: { instituteId: szlk }, after: { instituteId: dek } });
  });

  test('a biobank entry for a group carries attachPermission and is its own kind', async () => {
    const groupId = (await server.db.selectFrom('user_groups').select('id').executeTakeFirstOrThrow()).id;
    const created = await server.call('POST', '/biobank-acl', ADMIN, { trusteeGroupId: groupId, scheme: 'guest', attachPermission: true });
    expect(created.status).toBe(201);
    const entry = created.body.results[0];
    expect(entry).toMatchObject({ kind: 'biobank', attachPermission: true, trustee: { groupId } });
    expect(entry.permissions).toEqual(['read_admin_bio_sample', 'attach_bio_sample_to_form']);
    expect((await server.call('PUT', `/registry-acl/${entry.id}`, ADMIN, { trusteeGroupId: groupId, scheme: 'guest' })).status).toBe(404);
    const edited = await server.call('PUT', `/biobank-acl/${entry.id}`, ADMIN, { trusteeGroupId: groupId, scheme: 'uploader' });
    expect(edited.body.results[0]).toMatchObject({ scheme: 'uploader', attachPermission: false });
    expect((await server.call('DELETE', `/biobank-acl/${entry.id}`, ADMIN)).status).toBe(204);
  });

  test('a form type without a registry brings its registry', async () => {
    const formType = await server.db.selectFrom('form_types').select(['id', 'registry_id']).executeTakeFirstOrThrow();
    const created = await server.call('POST', '/registry-acl', ADMIN, { trusteeUserId: newcomerId, scheme: 'guest', formTypeId: formType.id });
    expect(created.body.results[0]).toMatchObject({ formTypeId: formType.id, registryId: formType.registry_id });
    await server.call('DELETE', `/registry-acl/${created.body.results[0].id}`, ADMIN);
  });
});

describe('who may write', () => {
  test.each([LOCAL_ADMIN, INVESTIGATOR, MONITOR])('%s is refused every write, nothing changes', async (who) => {
    const before = await entryCount();
    const [existing] = (await server.call('GET', '/registry-acl?limit=1', ADMIN)).body.results;
    const body = { trusteeUserId: newcomerId, scheme: 'uploader' };
    expect((await server.call('POST', '/registry-acl', who, body)).status).toBe(403);
    expect((await server.call('POST', '/biobank-acl', who, body)).status).toBe(403);
    expect((await server.call('PUT', `/registry-acl/${existing.id}`, who, body)).status).toBe(403);
    expect((await server.call('DELETE', `/registry-acl/${existing.id}`, who)).status).toBe(403);
    expect(await entryCount()).toBe(before);
    expect((await server.call('GET', `/registry-acl/${existing.id}`, ADMIN)).body.results[0]).toEqual(existing);
  });

  test('without a session: 401', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/registry-acl', payload: { trusteeUserId: newcomerId, scheme: 'guest' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  const physicianAt = async (instituteId: string): Promise<string> =>
    (await server.db.selectFrom('users').select('id').where('institute_id', '=', instituteId).where('doctor', '=', true).executeTakeFirstOrThrow()).id;

  test.each<[string, () => Promise<Record<string, unknown>>, string, string]>([
    ['an unknown user', async () => ({ trusteeUserId: 'nobody', scheme: 'guest' }), 'trusteeUserId', 'does not exist'],
    ['an unknown group', async () => ({ trusteeGroupId: 'nobody', scheme: 'guest' }), 'trusteeGroupId', 'does not exist'],
    ['a user id given as a group', async () => ({ trusteeGroupId: newcomerId, scheme: 'guest' }), 'trusteeGroupId', 'does not exist'],
    ['no trustee', async () => ({ scheme: 'guest' }), 'trusteeUserId', 'exactly one trustee'],
    ['two trustees', async () => ({ trusteeUserId: newcomerId, trusteeGroupId: 'x', scheme: 'guest' }), 'trusteeUserId', 'exactly one trustee'],
    ['an unknown registry', async () => ({ trusteeUserId: newcomerId, scheme: 'guest', registryId: 'nope' }), 'registryId', 'does not exist'],
    [
      'a form type outside the registry',
      async () => {
        const foreign = await server.db.selectFrom('form_types').select('id').where('registry_id', '!=', raBio).executeTakeFirstOrThrow();
        return { trusteeUserId: newcomerId, scheme: 'guest', registryId: raBio, formTypeId: foreign.id };
      },
      'formTypeId',
      'not a form type of the chosen registry',
    ],
    [
      'an institute outside the registry',
      async () => {
        const outside = await server.db
          .selectFrom('institutes')
          .select('id')
          .where('id', 'not in', server.db.selectFrom('registry_institutes').select('institute_id').where('registry_id', '=', raBio))
          .executeTakeFirstOrThrow();
        return { trusteeUserId: newcomerId, scheme: 'guest', registryId: raBio, instituteId: outside.id };
      },
      'instituteId',
      'does not take part in the chosen registry',
    ],
    ['an unknown form type', async () => ({ trusteeUserId: newcomerId, scheme: 'guest', formTypeId: 99999 }), 'formTypeId', 'does not exist'],
    [
      'a physician outside the institute',
      async () => ({ trusteeUserId: newcomerId, scheme: 'physician', instituteId: szlk, physicianId: await physicianAt(dek) }),
      'physicianId',
      'does not work at the chosen institute',
    ],
    ['an unknown scheme', async () => ({ trusteeUserId: newcomerId, scheme: 'overlord' }), 'scheme', 'scheme'],
  ])('%s', async (_name, bodyOf, path, text) => {
    const before = await entryCount();
    const answer = await server.call('POST', '/registry-acl', ADMIN, await bodyOf());
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(answer.body.message).toContain(text);
    expect(await entryCount()).toBe(before);
  });

  test('a bad edit leaves the entry as it was', async () => {
    const [existing] = (await server.call('GET', '/registry-acl?limit=1', ADMIN)).body.results;
    const answer = await server.call('PUT', `/registry-acl/${existing.id}`, ADMIN, { trusteeUserId: 'nobody', scheme: 'guest' });
    expect(answer.status).toBe(400);
    expect((await server.call('GET', `/registry-acl/${existing.id}`, ADMIN)).body.results[0]).toEqual(existing);
  });
});
