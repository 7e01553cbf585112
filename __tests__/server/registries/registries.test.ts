// GET /registries, /registries/{id}, /registries/public, /accessible-registries, /dashboard/registries.
import {
  ADMIN,
  createRegistryTestServer,
  EN,
  EXPORTER,
  IMPORTER,
  INVESTIGATOR,
  INVESTIGATOR2,
  MONITOR,
  MONITOR_INVESTIGATOR,
  NO_ACCESS,
  type RegistryTestServer,
} from './registryTestKit';

let server: RegistryTestServer;
beforeAll(async () => {
  server = await createRegistryTestServer();
});
afterAll(() => server.close());

const shortNames = (body: { results: { shortName: string }[] }): string[] => body.results.map((r) => r.shortName);

describe('GET /registries', () => {
  test.each([
    [ADMIN, ['NSCLC-1L', 'RA-BIO']],
    [MONITOR, ['NSCLC-1L', 'RA-BIO']],
    [EXPORTER, ['NSCLC-1L', 'RA-BIO']],
    [INVESTIGATOR, ['NSCLC-1L', 'RA-BIO']],
    [INVESTIGATOR2, ['RA-BIO']],
    [MONITOR_INVESTIGATOR, ['NSCLC-1L', 'RA-BIO']],
    // The seed's uploader entry at SZLK in RA-BIO, where the demo importer imports.
    [IMPORTER, ['RA-BIO']],
    [NO_ACCESS, []],
  ])('%s sees %j', async (who, expected) => {
    const { status, body } = await server.get('/registries?sort=shortName', who);
    expect(status).toBe(200);
    expect(shortNames(body)).toEqual(expected);
  });

  test('answers every registry field; without verbose no form types', async () => {
    const { body } = await server.get('/registries?filter=shortName==NSCLC-1L', ADMIN, EN);
    const [trial] = body.results;
    expect(trial).toMatchObject({
      name: 'Oncology trial: first-line NSCLC treatment',
      nameHu: 'Onkológiai vizsgálat: első vonalbeli NSCLC-kezelés',
      registryType: 'trial',
      hasInpatientDay: false,
      mandatoryInsuranceNumber: true,
      randomizationStrategy: 'permuted_block',
      randomGroupBlockMultipliers: 2,
      randomGroupVisibility: 'reportOnly',
      randomGroups: [
        { name: 'A: standard', multiplier: 1 },
        { name: 'B: experimental', multiplier: 1 },
      ],
      trialManager: { name: 'Dr. Varga Bence', instituteId: server.instituteId('SZLK') },
      registryManager: { name: null, instituteId: null },
      attendancePeriodNameEn: 'Cycle',
      targetPatientCount: 240,
    });
    expect(trial.instituteIds.sort()).toEqual([server.instituteId('AMK'), server.instituteId('SZLK')].sort());
    expect(trial.formTypes).toBeUndefined();
  });

  test('verbose=true adds the form types', async () => {
    const { body } = await server.get('/registries?verbose=true&sort=shortName', ADMIN);
    expect(body.results.map((r: { formTypes: { displayId: string }[] }) => r.formTypes.map((t) => t.displayId))).toEqual([
      ['NSCLC-ENROL'],
      ['RA-BASELINE', 'RA-FOLLOWUP', 'RA-AE'],
    ]);
  });

  test('filter, sort, paging and statistics', async () => {
    expect(shortNames((await server.get('/registries?sort=-shortName', ADMIN)).body)).toEqual(['RA-BIO', 'NSCLC-1L']);
    expect(shortNames((await server.get('/registries?filter=registryType==trial', ADMIN)).body)).toEqual(['NSCLC-1L']);
    expect(shortNames((await server.get('/registries?filter=hasInpatientDay==true', ADMIN)).body)).toEqual(['RA-BIO']);
    const paged = await server.get('/registries?sort=shortName&offset=1&limit=1&statistics=true', ADMIN);
    expect(shortNames(paged.body)).toEqual(['RA-BIO']);
    expect(paged.body.statistics).toEqual({ total: 2 });
    // Statistics count only what the caller may see.
    expect((await server.get('/registries?statistics=true', INVESTIGATOR2)).body.statistics).toEqual({ total: 1 });
  });

  test.each([
    ['?filter=secret==1', 'list.unknownFilterField'],
    ['?sort=password', 'list.unknownSortField'],
    ['?filter=hasInpatientDay>1', 'list.filterOperator'],
    ['?limit=0', 'list.limitRange'],
  ])('%s is a 400', async (query, key) => {
    const { status, body } = await server.get(`/registries${query}`, ADMIN);
    expect(status).toBe(400);
    expect(body.errors[0].key).toBe(key);
  });

  test('verbose must be a boolean, and an anonymous caller gets 401', async () => {
    expect((await server.get('/registries?verbose=maybe', ADMIN)).status).toBe(400);
    const { status, body } = await server.get('/registries');
    expect(status).toBe(401);
    expect(body.code).toBe('token_expired');
  });
});

describe('GET /registries/{id}', () => {
  test('one registry; verbose adds the form types', async () => {
    const id = server.registryId('RA-BIO');
    const plain = await server.get(`/registries/${id}`, INVESTIGATOR);
    expect(plain.status).toBe(200);
    expect(plain.body.results).toHaveLength(1);
    expect(plain.body.results[0]).toMatchObject({ id, shortName: 'RA-BIO', name: 'Reumatológiai biológiai terápiás regiszter', hasInpatientDay: true, mandatoryInsuranceNumber: true, registryType: 'registry', randomGroups: [] });
    expect(plain.body.results[0].formTypes).toBeUndefined();
    const verbose = await server.get(`/registries/${id}?verbose=true`, INVESTIGATOR);
    expect(verbose.body.results[0].formTypes).toHaveLength(3);
  });

  test('unknown id 404; a registry the caller may not see 403 with the spec text', async () => {
    const missing = await server.get('/registries/no-such-registry', ADMIN, EN);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', message: 'Registry not found' });
    const foreign = await server.get(`/registries/${server.registryId('NSCLC-1L')}`, INVESTIGATOR2, EN);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'no_permission', message: "You haven't got permission to view this resource" });
    expect((await server.get(`/registries/${server.registryId('NSCLC-1L')}`, IMPORTER)).status).toBe(403);
    expect((await server.get(`/registries/${server.registryId('RA-BIO')}`, NO_ACCESS)).status).toBe(403);
  });
});

describe('GET /registries/public', () => {
  test('anyone gets id, names and short name', async () => {
    const { status, body } = await server.get('/registries/public?sort=shortName&statistics=true');
    expect(status).toBe(200);
    expect(body.statistics).toEqual({ total: 2 });
    expect(body.results[1]).toEqual({
      id: server.registryId('RA-BIO'),
      nameEn: 'Rheumatology Biologic Therapy Registry',
      nameHu: 'Reumatológiai biológiai terápiás regiszter',
      shortName: 'RA-BIO',
    });
    expect((await server.get('/registries/public?filter=registryType==trial')).status).toBe(400);
  });
});

describe('GET /accessible-registries', () => {
  test('the registries with reg_access and the codes held there', async () => {
    const { body } = await server.get('/accessible-registries?sort=shortName', INVESTIGATOR2, EN);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ shortName: 'RA-BIO', name: 'Rheumatology Biologic Therapy Registry', registryType: 'registry' });
    expect(body.results[0].permissions).toEqual(expect.arrayContaining(['reg_access', 'frm_create', 'frm_read', 'personal_data_access']));
    expect(body.results[0].permissions).not.toContain('frm_approve_1');
    const monitor = await server.get('/accessible-registries', MONITOR);
    expect(monitor.body.results[0].permissions).toEqual(expect.arrayContaining(['frm_approve_4', 'frm_reset_approval']));
    expect(monitor.body.results[0].permissions).not.toContain('personal_data_access');
    expect((await server.get('/accessible-registries', NO_ACCESS)).body.results).toEqual([]);
    // The demo importer may create and edit forms where it imports, by the seed's uploader entry.
    const importer = await server.get('/accessible-registries', IMPORTER);
    expect(importer.body.results.map((r: { shortName: string }) => r.shortName)).toEqual(['RA-BIO']);
    expect(importer.body.results[0].permissions).toEqual(expect.arrayContaining(['frm_create', 'frm_edit']));
  });

  test('implicit access counts: the cooperative monitor investigator reaches RA-BIO through his own patients', async () => {
    const { body } = await server.get('/accessible-registries?filter=shortName==RA-BIO', MONITOR_INVESTIGATOR);
    expect(body.results[0].permissions).toEqual(expect.arrayContaining(['implicit_access', 'reg_access', 'frm_impl_read']));
  });
});

describe('GET /dashboard/registries', () => {
  test('accessible registries with counts', async () => {
    const { status, body } = await server.get('/dashboard/registries?sort=shortName&statistics=true', INVESTIGATOR);
    expect(status).toBe(200);
    expect(body.statistics).toEqual({ total: 2 });
    expect(body.results.map((r: { shortName: string; formTypeCount: number; instituteCount: number }) => [r.shortName, r.formTypeCount, r.instituteCount])).toEqual([
      ['NSCLC-1L', 1, 1],
      ['RA-BIO', 3, 1],
    ]);
    // The demo seed (server/seed/seedClinical.ts): two trial drafts, and at SZLK in RA-BIO four
    // patients with five attendances, two of whose forms the investigator must correct.
    expect(body.results[0].counts).toEqual({ patients: 2, attendances: 2, formsAwaitingApproval: 0, formsToCorrect: 0 });
    // To correct: the rejected and the under-correction baselines, a rejected follow-up and an adverse event under correction.
    expect(body.results[1].counts).toEqual({ patients: 4, attendances: 6, formsAwaitingApproval: 0, formsToCorrect: 4 });
    const admin = await server.get('/dashboard/registries?sort=shortName', ADMIN);
    expect(admin.body.results.map((r: { instituteCount: number }) => r.instituteCount)).toEqual([2, 2]);
  });

  test('a caller without access entries gets the dashboard message', async () => {
    const { status, body } = await server.get('/dashboard/registries', NO_ACCESS, EN);
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'no_access_entries', message: 'You do not have the corresponding permissions!' });
  });
});
