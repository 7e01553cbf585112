// Access-list reads: /registry-acl, /biobank-acl (admin only) and /form-acl/{formTypeId}.
import { ADMIN, BIOBANK, createRegistryTestServer, EXPORTER, INVESTIGATOR, INVESTIGATOR2, MONITOR, type RegistryTestServer } from './registryTestKit';

let server: RegistryTestServer;
beforeAll(async () => {
  server = await createRegistryTestServer();
});
afterAll(() => server.close());

describe('GET /registry-acl', () => {
  test('every registry-level entry with trustee, conditions and codes', async () => {
    const { status, body } = await server.get('/registry-acl?statistics=true&limit=100', ADMIN);
    expect(status).toBe(200);
    expect(body.statistics).toEqual({ total: 10 });
    const investigator = body.results.filter((e: { trustee: { userId?: string } }) => e.trustee.userId === server.userId(INVESTIGATOR));
    expect(investigator).toHaveLength(2);
    expect(investigator[0]).toMatchObject({
      kind: 'registry',
      scheme: 'physician',
      trustee: { userId: server.userId(INVESTIGATOR), name: 'Dr. Nagy Eszter' },
      instituteId: server.instituteId('SZLK'),
      formTypeId: null,
      physicianId: null,
      attachPermission: false,
    });
    expect(investigator[0].permissions).toEqual(expect.arrayContaining(['frm_create', 'frm_impl_edit']));
    const group = body.results.find((e: { trustee: { groupId?: string } }) => e.trustee.groupId);
    expect(group).toMatchObject({ scheme: 'monitorAdministrator', registryId: null, trustee: { name: 'Monitorok / Monitors' } });
  });

  test('filter, sort, paging; unknown fields 400', async () => {
    const physicians = await server.get('/registry-acl?filter=scheme==physician&statistics=true', ADMIN);
    expect(physicians.body.statistics).toEqual({ total: 3 });
    const rheuma = await server.get(`/registry-acl?filter=registryId==${server.registryId('RA-BIO')}&sort=-trusteeName&limit=2&offset=2`, ADMIN);
    expect(rheuma.body.results.map((e: { trustee: { name: string } }) => e.trustee.name)).toEqual(['Dr. Varga Bence', 'Dr. Tóth Gábor']);
    expect((await server.get('/registry-acl?filter=kind==biobank', ADMIN)).status).toBe(400);
  });

  test('one entry; an id of the other kind or unknown is 404; non-admins 403', async () => {
    const [first] = (await server.get('/registry-acl', ADMIN)).body.results;
    expect((await server.get(`/registry-acl/${first.id}`, ADMIN)).body.results).toEqual([first]);
    const [bio] = (await server.get('/biobank-acl', ADMIN)).body.results;
    expect((await server.get(`/registry-acl/${bio.id}`, ADMIN)).status).toBe(404);
    expect((await server.get('/registry-acl/nope', ADMIN)).status).toBe(404);
    for (const who of [INVESTIGATOR, MONITOR, BIOBANK]) {
      expect((await server.get('/registry-acl', who)).status).toBe(403);
      expect((await server.get(`/registry-acl/${first.id}`, who)).status).toBe(403);
    }
    expect((await server.get('/registry-acl')).status).toBe(401);
  });
});

describe('GET /biobank-acl', () => {
  test('the biobank-level entries', async () => {
    const { body } = await server.get('/biobank-acl?statistics=true', ADMIN);
    expect(body.statistics).toEqual({ total: 1 });
    expect(body.results[0]).toMatchObject({ kind: 'biobank', scheme: 'uploader', attachPermission: true, trustee: { userId: server.userId(BIOBANK) } });
    expect(body.results[0].permissions).toEqual(expect.arrayContaining(['bio_manage', 'attach_bio_sample_to_form']));
    expect((await server.get(`/biobank-acl/${body.results[0].id}`, ADMIN)).body.results[0].id).toBe(body.results[0].id);
    expect((await server.get('/biobank-acl', BIOBANK)).status).toBe(403);
  });
});

describe('GET /form-acl/{formTypeId}', () => {
  test('admin: every entry that can apply to the form type', async () => {
    const { body } = await server.get('/form-acl/201?statistics=true', ADMIN);
    // Oncology: investigator, local admin, the monitors group, monitor investigator, exporter.
    expect(body.statistics).toEqual({ total: 5 });
    expect(body.results.map((e: { scheme: string }) => e.scheme).sort()).toEqual([
      'cooperativeLocalAdministrator',
      'guest',
      'leadPhysician',
      'monitorAdministrator',
      'physician',
    ]);
  });

  test('others with access see their own entries; without access 403; unknown 404', async () => {
    const mine = await server.get('/form-acl/101', INVESTIGATOR2);
    expect(mine.body.results).toHaveLength(1);
    expect(mine.body.results[0]).toMatchObject({ scheme: 'physician', instituteId: server.instituteId('DEK') });
    expect((await server.get('/form-acl/101', MONITOR)).body.results.map((e: { trustee: { groupId?: string } }) => Boolean(e.trustee.groupId))).toEqual([true]);
    expect((await server.get('/form-acl/101', EXPORTER)).body.results).toHaveLength(1);
    expect((await server.get('/form-acl/201', INVESTIGATOR2)).status).toBe(403);
    expect((await server.get('/form-acl/909', ADMIN)).status).toBe(404);
    expect((await server.get('/form-acl/x', ADMIN)).status).toBe(400);
  });
});
