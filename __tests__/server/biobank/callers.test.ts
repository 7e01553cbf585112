// Every biobank call × the three callers of issue 16: the biobank admin (biobank@), an institute user
// with only the read codes (at SZLK), and a user of another institute (investigator2@ of DEK). Reads
// first, then writes in an order where each of the admin's writes leaves the next one possible.
import { BIOBANK, OTHER_INSTITUTE, READER, useBiobankTestServer } from './biobankKit';

const world = useBiobankTestServer();
let sample: { id: string; version: number };
beforeAll(async () => {
  const row = await world.server.db.selectFrom('bio_samples').select(['id', 'version']).where('state', '=', 'collected').executeTakeFirstOrThrow();
  sample = { id: row.id, version: Number(row.version) };
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** [method, url, body, status for biobank@, for the reader, for the other institute] */
type Row = [Method, () => string, (() => unknown) | undefined, number, number, number];

const READS: Row[] = [
  ['GET', () => `/institutes/${world.szlk}/bio-samples`, undefined, 200, 200, 403],
  ['GET', () => `/institutes/${world.szlk}/bio-samples/${sample.id}`, undefined, 200, 200, 404],
  ['GET', () => '/bio-samples', undefined, 200, 200, 403],
  ['GET', () => `/bio-samples/${sample.id}`, undefined, 200, 200, 404],
  ['GET', () => `/bio-samples/${sample.id}/forms`, undefined, 200, 200, 404],
  ['GET', () => `/bio-samples/${sample.id}/history`, undefined, 200, 200, 404],
  ['GET', () => `/patients/${world.patientId}/bio-samples`, undefined, 200, 200, 200],
  ['GET', () => `/forms/${world.baselineFormId}/attachable-bio-samples`, undefined, 200, 200, 404],
  ['GET', () => `/forms/${world.baselineFormId}/attachable-bio-sample-types`, undefined, 200, 200, 404],
  ['GET', () => '/bio-sample-types', undefined, 200, 200, 200],
  ['GET', () => `/registries/${world.raBio}/bio-sample-types`, undefined, 200, 200, 200],
  ['GET', () => `/institutes/${world.szlk}/permitted-bio-sample-registries`, undefined, 200, 200, 200],
  ['GET', () => `/institutes/${world.szlk}/bio-sample-boxes`, undefined, 200, 200, 403],
  ['GET', () => `/institutes/${world.szlk}/bio-sample-boxes/${world.boxes[0].id}`, undefined, 200, 200, 403],
  ['GET', () => `/institutes/${world.szlk}/bio-samples-summary`, undefined, 200, 200, 403],
];

const newSample = () => ({ bioSampleTypeId: world.types.WB, registryId: world.raBio, patientId: world.patientId, sampleCollectedAt: '2026-03-01T08:00:00Z' });
const WRITES: Row[] = [
  // biobank-level entries grant no create_institute_bio_sample: biobank staff register centrally.
  ['POST', () => `/institutes/${world.szlk}/bio-samples`, newSample, 403, 403, 403],
  ['POST', () => '/bio-samples', newSample, 201, 403, 403],
  ['PUT', () => `/institutes/${world.szlk}/bio-samples/${sample.id}`, () => ({ version: sample.version, notes: 'by institute' }), 200, 403, 404],
  ['PUT', () => `/bio-samples/${sample.id}`, () => ({ version: sample.version + 1, notes: 'centrally' }), 200, 403, 404],
  ['POST', () => `/forms/${world.baselineFormId}/attached-bio-samples`, () => ({ sampleId: sample.id }), 200, 403, 404],
  ['POST', () => `/forms/${world.baselineFormId}/attached-bio-samples/${sample.id}/detach`, undefined, 200, 403, 404],
  ['POST', () => `/institutes/${world.szlk}/forms/${world.baselineFormId}/bio-samples`, () => ({ samples: [{ bioSampleTypeId: world.types.WB, sampleCollectedAt: '2026-03-01T08:00:00Z' }] }), 403, 403, 404],
  ['POST', () => `/institutes/${world.szlk}/bio-sample-boxes`, () => ({ fridge: 'F', compartment: 'C', name: 'Callers', rows: 2, columns: 2 }), 201, 403, 403],
  ['DELETE', () => `/bio-samples/${sample.id}`, undefined, 204, 403, 404],
];

async function statuses(row: Row): Promise<string> {
  const [method, url, body, ...expected] = row;
  const got: number[] = [];
  // The refused callers first: the admin's write may change what they would see.
  for (const who of [READER, OTHER_INSTITUTE, BIOBANK]) got.push((await world.call(method, url(), who, body?.())).status);
  return `${method} ${url()} → ${[got[2], got[0], got[1]].join('/')} (expected ${expected.join('/')})`;
}

test('reads: biobank admin / reader / other institute', async () => {
  for (const row of READS) {
    const line = await statuses(row);
    expect(line).toBe(`${row[0]} ${row[1]()} → ${row.slice(3).join('/')} (expected ${row.slice(3).join('/')})`);
  }
});

test('writes: biobank admin / reader / other institute', async () => {
  for (const row of WRITES) {
    const line = await statuses(row);
    expect(line).toBe(`${row[0]} ${row[1]()} → ${row.slice(3).join('/')} (expected ${row.slice(3).join('/')})`);
  }
});
