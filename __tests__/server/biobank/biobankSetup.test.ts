// What the biobank screens are built from, by caller: sample types, permitted registries, boxes,
// the institute card's summary, and the sample side of a form (attachable samples and types, new
// samples created for it).
import { BIOBANK, INVESTIGATOR, OTHER_INSTITUTE, READER, useBiobankTestServer } from './biobankKit';

const world = useBiobankTestServer();
const { call } = world;

describe('sample types', () => {
  test('all types and the types of a registry for readers of some biobank; refused to a user with no bio code', async () => {
    for (const who of [BIOBANK, READER, OTHER_INSTITUTE]) {
      const all = await call('GET', '/bio-sample-types', who);
      expect(all.body.results.map((t: { code: string }) => t.code)).toEqual(['DNA', 'SER', 'WB']);
    }
    const serum = (await call('GET', `/registries/${world.raBio}/bio-sample-types`, READER)).body.results.find((t: { code: string }) => t.code === 'SER');
    expect(serum).toMatchObject({ unit: 'µl', nameHu: 'Szérum', nameEn: 'Serum', registryIds: [world.raBio], parameters: [{ id: 'centrifugeMinutes', type: 'number' }] });
    expect((await call('GET', `/registries/${world.server.registryId('NSCLC-1L')}/bio-sample-types`, BIOBANK)).body.results).toEqual([]);
    expect((await call('GET', '/bio-sample-types', 'mfa@example.org')).status).toBe(403);
    expect((await call('GET', '/registries/no-such-registry/bio-sample-types', BIOBANK)).status).toBe(404);
  });
});

describe('permitted registries', () => {
  test('the registries of an institute where the caller holds bio codes, with the codes', async () => {
    const biobank = (await call('GET', `/institutes/${world.szlk}/permitted-bio-sample-registries`, BIOBANK)).body.results;
    expect(biobank.map((r: { shortName: string }) => r.shortName)).toEqual(expect.arrayContaining(['RA-BIO']));
    expect(biobank.find((r: { shortName: string }) => r.shortName === 'RA-BIO').permissions).toEqual(expect.arrayContaining(['bio_manage', 'create_admin_bio_sample', 'attach_bio_sample_to_form']));
    const reader = (await call('GET', `/institutes/${world.szlk}/permitted-bio-sample-registries`, READER)).body.results;
    expect(reader).toEqual([{ id: world.raBio, shortName: 'RA-BIO', name: expect.any(String), permissions: ['read_institute_bio_sample', 'read_admin_bio_sample'] }]);
    expect((await call('GET', `/institutes/${world.szlk}/permitted-bio-sample-registries`, OTHER_INSTITUTE)).body.results).toEqual([]);
    expect((await call('GET', '/institutes/nowhere/permitted-bio-sample-registries', BIOBANK)).status).toBe(404);
  });
});

describe('boxes', () => {
  test('the institute boxes with free positions, one box with its occupied positions; bio_manage creates', async () => {
    const boxes = (await call('GET', `/institutes/${world.szlk}/bio-sample-boxes`, READER)).body.results;
    expect(boxes.map((b: { name: string; rows: number; columns: number; freePositions: number }) => [b.name, b.rows, b.columns, b.freePositions])).toEqual([
      ['RA-BIO 01', 9, 9, 80],
      ['RA-BIO 02', 5, 10, 49],
    ]);
    const one = (await call('GET', `/institutes/${world.szlk}/bio-sample-boxes/${world.boxes[0].id}`, READER)).body.results[0];
    expect(one.occupied).toEqual([{ row: 1, column: 1, sampleId: expect.any(String), sampleNumber: expect.stringMatching(/^RAB-/) }]);
    expect((await call('GET', `/institutes/${world.szlk}/bio-sample-boxes`, OTHER_INSTITUTE)).status).toBe(403);
    expect((await call('GET', `/institutes/${world.dek}/bio-sample-boxes/${world.boxes[0].id}`, BIOBANK)).status).toBe(404);

    const box = { fridge: '-20 °C', compartment: '1', name: 'New box', rows: 3, columns: 4 };
    for (const who of [READER, OTHER_INSTITUTE, INVESTIGATOR]) expect((await call('POST', `/institutes/${world.szlk}/bio-sample-boxes`, who, box)).status).toBe(403);
    const created = await call('POST', `/institutes/${world.szlk}/bio-sample-boxes`, BIOBANK, box);
    expect(created.status).toBe(201);
    expect(created.body.results[0]).toMatchObject({ ...box, freePositions: 12, occupied: [], institute: { id: world.szlk } });
    const again = await call('POST', `/institutes/${world.szlk}/bio-sample-boxes`, BIOBANK, box);
    expect([again.status, again.body.message]).toEqual([409, 'A box with this name already exists in that fridge compartment']);
    expect((await call('POST', `/institutes/${world.szlk}/bio-sample-boxes`, BIOBANK, { ...box, name: 'Huge', rows: 101 })).status).toBe(400);
  });
});

describe('the institute card', () => {
  test('counts by state and the arrived samples awaiting a position', async () => {
    const summary = await call('GET', `/institutes/${world.szlk}/bio-samples-summary`, READER);
    expect(summary.body.results[0].counts).toEqual({ collected: 1, attached: 1, arrived: 1, localized: 2, dispatched: 1 });
    expect(summary.body.results[0].awaitingLocalization.map((s: { state: string }) => s.state)).toEqual(['arrived']);
    expect((await call('GET', `/institutes/${world.szlk}/bio-samples-summary`, OTHER_INSTITUTE)).status).toBe(403);
  });
});

describe('the sample side of a form', () => {
  test('attachable samples and types of the baseline form; samples created for it are attached in one step', async () => {
    const form = world.baselineFormId;
    const attachable = await call('GET', `/forms/${form}/attachable-bio-samples`, BIOBANK);
    expect(attachable.body.results).toHaveLength(4);
    expect(attachable.body.results.every((s: { connectedForms: { id: string }[] }) => s.connectedForms.every((f) => f.id !== form))).toBe(true);
    expect((await call('GET', `/forms/${form}/attachable-bio-sample-types`, READER)).body.results).toHaveLength(3);
    expect((await call('GET', `/forms/${form}/attachable-bio-samples`, OTHER_INSTITUTE)).status).toBe(404);

    const samples = [{ bioSampleTypeId: world.types.WB, sampleCollectedAt: '2026-01-12T08:00:00Z', amount: 3 }, { bioSampleTypeId: world.types.DNA, sampleCollectedAt: '2026-01-12T08:00:00Z' }];
    // The investigator may create samples and edit the form, but holds no attach permission.
    expect((await call('POST', `/institutes/${world.szlk}/forms/${form}/bio-samples`, INVESTIGATOR, { samples })).status).toBe(403);
    const created = await call('POST', `/institutes/${world.szlk}/forms/${form}/bio-samples`, 'admin@example.org', { samples });
    expect(created.status).toBe(201);
    expect(created.body.results.map((s: { state: string; connectedForms: { id: string }[] }) => [s.state, s.connectedForms.map((f) => f.id)])).toEqual([
      ['attached', [form]],
      ['attached', [form]],
    ]);
    const forms = await call('GET', `/bio-samples/${created.body.results[0].id}/forms`, BIOBANK);
    expect(forms.body.results).toEqual([expect.objectContaining({ id: form, displayId: expect.any(String), formTypeName: 'Baseline visit', state: expect.any(String) })]);
    // All or none: one bad sample keeps the good one out too.
    const before = await world.server.db.selectFrom('bio_samples').select('id').execute();
    const bad = await call('POST', `/institutes/${world.szlk}/forms/${form}/bio-samples`, 'admin@example.org', { samples: [samples[0], { ...samples[0], amount: -1 }] });
    expect(bad.status).toBe(400);
    expect(await world.server.db.selectFrom('bio_samples').select('id').execute()).toHaveLength(before.length);
  });
});

describe('an institute with boxes', () => {
  test('an unused institute is deleted together with its empty boxes', async () => {
    const institute = await call('POST', '/institutes', 'admin@example.org', { name: 'Box only', shortName: 'BOXONLY', timeZone: 'Europe/Budapest' });
    const id = institute.body.results[0].id;
    expect((await call('POST', `/institutes/${id}/bio-sample-boxes`, BIOBANK, { fridge: 'F', compartment: 'C', name: 'Empty', rows: 1, columns: 1 })).status).toBe(201);
    expect((await call('DELETE', `/institutes/${id}`, 'admin@example.org')).status).toBe(204);
    expect(await world.server.db.selectFrom('bio_sample_boxes').select('id').where('institute_id', '=', id).execute()).toEqual([]);
  });
});
