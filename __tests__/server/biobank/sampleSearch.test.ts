// The biobank's search through the trigram indexes (migrations 0026 and 0035): for terms of every
// kind (a whole sample number, part of one, a legacy number in other case, accents, `%` and `_`
// typed as themselves, a patient's number, two characters, nothing, a code whose serial part alone
// matches more) the list answers exactly the samples whose number, legacy number or patient's
// number contains the term, folded, the scanned number first. The index follows a changed legacy
// number and a deleted sample.
import { BIOBANK, useBiobankTestServer } from './biobankKit';

const world = useBiobankTestServer();
const { call } = world;

interface Sample {
  id: string;
  number: string;
  legacy: string | null;
  patientNumber: string;
}

/** Every live sample, as the biobank admin reads them. */
async function allSamples(): Promise<Sample[]> {
  const rows = await world.server.db
    .selectFrom('bio_samples as s')
    .innerJoin('patients as p', 'p.id', 's.patient_id')
    .select(['s.id', 's.sample_number', 's.legacy_sample_number', 'p.internal_patient_number'])
    .where('s.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => ({ id: row.id, number: row.sample_number, legacy: row.legacy_sample_number, patientNumber: row.internal_patient_number ?? '' }));
}

/** The ids the search must find: folded "contains", as the list defines it. */
function expected(samples: readonly Sample[], term: string): string[] {
  const folded = term.toLowerCase();
  const has = (text: string | null): boolean => text !== null && text.toLowerCase().includes(folded);
  return samples.filter((s) => has(s.number) || has(s.legacy) || has(s.patientNumber)).map((s) => s.id).sort();
}

async function search(term: string): Promise<{ ids: string[]; total: number; first?: string }> {
  const answer = await call('GET', `/bio-samples?limit=1000&statistics=true&search=${encodeURIComponent(term)}`, BIOBANK);
  expect(answer.status).toBe(200);
  const ids: string[] = answer.body.results.map((r: { id: string }) => r.id);
  return { ids: [...ids].sort(), total: answer.body.statistics.total, first: answer.body.results[0]?.sampleNumber };
}

const newSample = (legacySampleNumber: string | null) => ({ bioSampleTypeId: world.types.SER, registryId: world.raBio, patientId: world.patientId, sampleCollectedAt: '2026-03-01T08:00:00Z', legacySampleNumber });

let created: { id: string; version: number }[] = [];

beforeAll(async () => {
  created = [];
  for (const legacy of ['ÁRPÁD-2019/77', 'old_12%x', 'LAB-0001', null]) {
    const answer = await call('POST', '/bio-samples', BIOBANK, newSample(legacy));
    expect(answer.status).toBe(201);
    created.push(answer.body.results[0]);
  }
});

it('finds exactly the samples whose numbers contain the term, folded, the scanned number first', async () => {
  const samples = await allSamples();
  const patientNumber = samples[0].patientNumber;
  const terms = [samples[2].number, samples[2].number.slice(2, 8).toLowerCase(), 'árpád', 'ÁRPÁD-2019', '2019/7', 'd_12', 'old_12%', '12%x', '_1', 'lab-0', 'RAB', patientNumber.slice(-5), 'zzz-none', 'ab'];
  for (const term of terms) {
    const found = await search(term);
    expect({ term, ids: found.ids }).toEqual({ term, ids: expected(samples, term) });
    expect(found.total).toBe(found.ids.length);
  }
  expect((await search(samples[2].number)).first).toBe(samples[2].number);
  expect((await search('RAB')).ids.length).toBe(samples.length);
  // PostgreSQL asks its index for "0001" alone (lists/pgContains.ts), which many sample numbers
  // contain; the whole term still decides.
  expect((await search('0001')).ids.length).toBeGreaterThan(1);
  expect((await search('lab-0001')).ids).toEqual([created[2].id]);
});

it('follows a changed legacy number and a deleted sample', async () => {
  const [first, second] = created;
  expect((await search('árpád')).ids).toContain(first.id);
  const changed = await call('PUT', `/bio-samples/${first.id}`, BIOBANK, { version: first.version, legacySampleNumber: 'BUDA-55' });
  expect(changed.status).toBe(200);
  expect((await search('árpád')).ids).not.toContain(first.id);
  expect((await search('buda-5')).ids).toEqual([first.id]);
  expect((await call('DELETE', `/bio-samples/${second.id}`, BIOBANK)).status).toBe(204);
  expect((await search('old_12')).ids).toEqual([]);
  const samples = await allSamples();
  expect((await search('RAB')).ids).toEqual(expected(samples, 'RAB'));
});

it('tells the whole total of a search on every page, and past the end', async () => {
  const all = await search('RAB');
  expect(all.total).toBeGreaterThan(3);
  const page = async (offset: number): Promise<{ ids: string[]; total: number }> => {
    const answer = await call('GET', `/bio-samples?limit=2&offset=${offset}&statistics=true&search=RAB`, BIOBANK);
    expect(answer.status).toBe(200);
    return { ids: answer.body.results.map((r: { id: string }) => r.id), total: answer.body.statistics.total };
  };
  const [first, second, beyond] = [await page(0), await page(2), await page(all.total + 3)];
  expect([first.total, second.total, beyond.total]).toEqual([all.total, all.total, all.total]);
  expect(new Set([...first.ids, ...second.ids]).size).toBe(4);
  expect(beyond.ids).toEqual([]);
});
