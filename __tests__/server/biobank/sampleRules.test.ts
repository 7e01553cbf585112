// Bad input to the biobank calls: every broken rule answers 4xx with its own message and writes
// nothing (no sample, no custody entry, no link); never a 500.
import { randomUUID } from 'node:crypto';
import { BIOBANK, MONITOR_INVESTIGATOR, useBiobankTestServer } from './biobankKit';

const world = useBiobankTestServer();
let arrivedId: string;
beforeAll(async () => {
  arrivedId = (await world.server.db.selectFrom('bio_samples').select('id').where('state', '=', 'arrived').executeTakeFirstOrThrow()).id;
});

const { call } = world;
const input = (extra: Record<string, unknown> = {}) => ({
  bioSampleTypeId: world.types.SER,
  registryId: world.raBio,
  patientId: world.patientId,
  sampleCollectedAt: '2026-03-01T08:00:00Z',
  ...extra,
});

/** Rows of every biobank table, to prove a refusal changed nothing. */
async function snapshot(): Promise<string> {
  const { db } = world.server;
  const tables = ['bio_samples', 'bio_sample_history', 'bio_sample_forms', 'bio_sample_boxes', 'bio_sample_sequences'] as const;
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  return JSON.stringify(rows.map((list) => list.map((row) => JSON.stringify(row)).sort()));
}

async function refused(method: 'POST' | 'PUT', url: string, body: unknown, status: number, message: string | RegExp): Promise<void> {
  const before = await snapshot();
  const answer = await call(method, url, BIOBANK, body);
  expect([answer.status, answer.body.message]).toEqual([status, typeof message === 'string' ? message : expect.stringMatching(message)]);
  expect(answer.body.code).toEqual(expect.any(String));
  expect(await snapshot()).toBe(before);
}

const version = async (id: string): Promise<number> => Number((await world.server.db.selectFrom('bio_samples').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);

describe('creating', () => {
  test('a sample type the registry does not allow', async () => {
    const nsclc = world.server.registryId('NSCLC-1L');
    await world.server.db.insertInto('bio_sample_types').values({ id: 'nsclc-only', code: 'FFPE', name_hu: 'Blokk', name_en: 'Block', unit: 'db', parameters: '[]', created_at: new Date().toISOString() }).execute();
    await world.server.db.insertInto('bio_sample_type_registries').values({ bio_sample_type_id: 'nsclc-only', registry_id: nsclc }).execute();
    await refused('POST', '/bio-samples', input({ bioSampleTypeId: 'nsclc-only' }), 400, 'This sample type is not allowed in the registry');
    await refused('POST', '/bio-samples', input({ bioSampleTypeId: 'no-such-type' }), 400, 'Sample type not found');
  });

  test('an amount below zero, a virtual sample with material, an unknown parameter, a bad date', async () => {
    await refused('POST', '/bio-samples', input({ amount: -1 }), 400, /amount/);
    await refused('POST', '/bio-samples', input({ virtual: true, amount: 5 }), 400, 'A virtual sample has no amount and no position');
    await refused('POST', '/bio-samples', input({ sampleParameters: { colour: 'red' } }), 400, /"colour"/);
    await refused('POST', '/bio-samples', input({ sampleParameters: { centrifugeMinutes: 'ten' } }), 400, /"centrifugeMinutes"/);
    await refused('POST', '/bio-samples', input({ sampleCollectedAt: '2026-02-30T99:00:00Z' }), 400, /sampleCollectedAt/);
    await refused('POST', '/bio-samples', input({ arrivedToBiobankAt: '2026-02-01T08:00:00Z' }), 400, 'The sample cannot arrive to the biobank before it was collected');
  });

  test('a patient of another registry, an ancestor of another patient', async () => {
    await refused('POST', '/bio-samples', input({ registryId: world.server.registryId('NSCLC-1L') }), 400, 'The patient does not belong to this registry and institute');
    const other = await world.server.db.selectFrom('patients').select('id').where('registry_id', '=', world.raBio).where('id', '<>', world.patientId).executeTakeFirstOrThrow();
    const foreign = (await call('POST', '/bio-samples', BIOBANK, input({ patientId: other.id }))).body.results[0];
    await refused('POST', '/bio-samples', input({ ancestorSampleId: foreign.id }), 400, 'The ancestor sample must belong to the same patient and registry');
  });

  test('positions: outside the box, before arrival, in another institute\'s box, already taken', async () => {
    const [box1, box2] = world.boxes;
    const arrived = { arrivedToBiobankAt: '2026-03-02T08:00:00Z' };
    await refused('POST', '/bio-samples', input({ ...arrived, localization: { boxId: box2.id, row: 6, column: 1 } }), 400, 'Row 6, column 1 is outside box RA-BIO 02 (5 rows, 10 columns)');
    await refused('POST', '/bio-samples', input({ ...arrived, localization: { boxId: box2.id, row: 0, column: 1 } }), 400, /outside box/);
    await refused('POST', '/bio-samples', input({ localization: { boxId: box2.id, row: 2, column: 2 } }), 400, 'A sample can be placed in a box only after it has arrived to the biobank');
    await refused('POST', '/bio-samples', input({ ...arrived, localization: { boxId: box1.id, row: 1, column: 1 } }), 409, 'Position row 1, column 1 of box RA-BIO 01 is already taken by another sample');
    const dekBox = (await call('POST', `/institutes/${world.dek}/bio-sample-boxes`, BIOBANK, { fridge: 'F', compartment: 'C', name: 'DEK box', rows: 2, columns: 2 })).body.results[0];
    await refused('POST', '/bio-samples', input({ ...arrived, localization: { boxId: dekBox.id, row: 1, column: 1 } }), 400, 'The box belongs to another institute than the sample');
    await refused('POST', '/bio-samples', input({ ...arrived, localization: { boxId: 'no-such-box', row: 1, column: 1 } }), 404, 'Storage box not found');
  });
});

describe('updating', () => {
  test('a stale version, a dispatch without a recipient or into a box, a cycle of ancestors', async () => {
    const url = `/bio-samples/${arrivedId}`;
    await refused('PUT', url, { version: 99, notes: 'x' }, 409, 'The bio sample was changed by someone else. Reload it and try again.');
    const current = await version(arrivedId);
    await refused('PUT', url, { version: current, dispatchedAt: '2026-03-05T08:00:00Z' }, 400, 'Say where the sample was dispatched to');
    await refused('PUT', url, { version: current, dispatchedAt: '2026-03-05T08:00:00Z', dispatchedTo: 'Lab', localization: { boxId: world.boxes[1].id, row: 4, column: 4 } }, 400, 'A dispatched sample cannot be placed in a box');
    await refused('PUT', url, { version: current, ancestorSampleId: arrivedId }, 400, 'A sample cannot descend from itself or from one of its descendants');
    const child = (await call('POST', '/bio-samples', BIOBANK, input({ ancestorSampleId: arrivedId }))).body.results[0];
    await refused('PUT', url, { version: await version(arrivedId), ancestorSampleId: child.id }, 400, 'A sample cannot descend from itself or from one of its descendants');
    await refused('PUT', url, { version: await version(arrivedId), patientId: randomUUID() }, 400, 'The patient does not belong to this registry and institute');
    expect((await call('PUT', `/bio-samples/${randomUUID()}`, BIOBANK, { version: 1 })).status).toBe(404);
  });
});

describe('linking', () => {
  test("another patient's sample, a second attach, a detach of what is not attached: the spec's linking error", async () => {
    const other = await world.server.db.selectFrom('patients').select('id').where('registry_id', '=', world.raBio).where('id', '<>', world.patientId).executeTakeFirstOrThrow();
    const foreign = (await call('POST', '/bio-samples', BIOBANK, input({ patientId: other.id }))).body.results[0];
    const form = world.baselineFormId;
    await refused('POST', `/forms/${form}/attached-bio-samples`, { sampleId: foreign.id }, 409, 'There was an error in the linking process!');
    const attached = await world.server.db.selectFrom('bio_sample_forms').select('bio_sample_id').where('form_id', '=', form).executeTakeFirstOrThrow();
    await refused('POST', `/forms/${form}/attached-bio-samples`, { sampleId: attached.bio_sample_id }, 409, 'There was an error in the linking process!');
    await refused('POST', `/forms/${form}/attached-bio-samples/${arrivedId}/detach`, undefined, 409, 'There was an error in the linking process!');
  });

  test('a user who reads the sample and holds the attach permission but may not edit the form is refused', async () => {
    const at = new Date().toISOString();
    await world.server.db
      .insertInto('access_entries')
      .values({ id: randomUUID(), kind: 'registry', trustee_user_id: world.server.userId(MONITOR_INVESTIGATOR), trustee_group_id: null, scheme: 'monitorAdministrator', registry_id: world.raBio, institute_id: world.szlk, form_type_id: null, physician_id: null, attach_permission: true, created_at: at, updated_at: at })
      .execute();
    const before = await snapshot();
    const answer = await call('POST', `/forms/${world.baselineFormId}/attached-bio-samples`, MONITOR_INVESTIGATOR, { sampleId: arrivedId });
    expect([answer.status, answer.body.message]).toEqual([403, "You haven't got permission to view this resource"]);
    expect(await snapshot()).toBe(before);
  });
});
