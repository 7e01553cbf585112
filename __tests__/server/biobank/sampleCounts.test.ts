// The biobank lists' totals from the kept counters (migration 0034): for the central list and an
// institute's, with and without a state or registry filter, the kept total equals the total counted
// over the samples (the same list with a filter that narrows nothing, which the counters cannot
// answer). Checked on the demo's samples, after every kind of change a sample goes through, and
// after migrating down past 0034 and up again (the backfill).
import { sql } from 'kysely';
import { migratorFor } from '../../../server/db/migrate';
import { BIOBANK, INVESTIGATOR, READER, useBiobankTestServer } from './biobankKit';

const world = useBiobankTestServer();
const { call } = world;

const newSample = (extra: Record<string, unknown> = {}) => ({ bioSampleTypeId: world.types.SER, registryId: world.raBio, patientId: world.patientId, sampleCollectedAt: '2026-03-01T08:00:00Z', amount: 2, ...extra });

/** Each caller's lists: the path and the filters asked of it. */
function lists(): [string, string][] {
  const filters = ['', '&state=collected', '&state=arrived', '&state=dispatched', `&registryId=${world.raBio}`, `&state=collected&registryId=${world.raBio}`];
  const paths: [string, string][] = [
    [BIOBANK, '/bio-samples'],
    [READER, `/institutes/${world.szlk}/bio-samples`],
    [INVESTIGATOR, `/institutes/${world.szlk}/bio-samples`],
    [BIOBANK, `/institutes/${world.dek}/bio-samples`],
  ];
  return paths.flatMap(([who, path]) => filters.map((filter): [string, string] => [who, `${path}?limit=1&statistics=true${filter}`]));
}

/** Every list's kept total, after checking it against the counted one; keyed by caller and path. */
async function expectKeptEqualsCounted(): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const [who, path] of lists()) {
    const kept = await call('GET', path, who);
    // A collection date filter that every sample passes: the counters cannot answer it, so the total is counted.
    const counted = await call('GET', `${path}&collectedFrom=1900-01-01`, who);
    expect([kept.status, counted.status]).toEqual([200, 200]);
    expect({ who, path, total: kept.body.statistics.total }).toEqual({ who, path, total: counted.body.statistics.total });
    totals[`${who} ${path}`] = kept.body.statistics.total;
  }
  return totals;
}

const total = (totals: Record<string, number>, who: string, path: string): number => totals[`${who} ${path}?limit=1&statistics=true`];

it('answers the demo samples\' totals from the counters, each caller within their scope', async () => {
  const totals = await expectKeptEqualsCounted();
  expect(total(totals, BIOBANK, '/bio-samples')).toBe(6);
  expect(total(totals, READER, `/institutes/${world.szlk}/bio-samples`)).toBe(6);
  expect(total(totals, BIOBANK, `/institutes/${world.dek}/bio-samples`)).toBe(0);
});

it('keeps the counters through creation, every state, a refused change and deletion', async () => {
  const put = (id: string, body: Record<string, unknown>) => call('PUT', `/bio-samples/${id}`, BIOBANK, body);
  const first = (await call('POST', '/bio-samples', BIOBANK, newSample())).body.results[0];
  const second = (await call('POST', `/institutes/${world.szlk}/bio-samples`, INVESTIGATOR, newSample())).body.results[0];
  await expectKeptEqualsCounted();
  expect((await put(first.id, { version: 1, arrivedToBiobankAt: '2026-03-02T08:00:00Z' })).status).toBe(200);
  expect((await put(first.id, { version: 2, localization: { boxId: world.boxes[1].id, row: 4, column: 4 } })).status).toBe(200);
  await expectKeptEqualsCounted();
  expect((await put(first.id, { version: 3, dispatchedAt: '2026-03-05T08:00:00Z', dispatchedTo: 'Lab' })).status).toBe(200);
  // A stale version changes nothing, the counters included.
  expect((await put(second.id, { version: 9, arrivedToBiobankAt: '2026-03-02T08:00:00Z' })).status).toBe(409);
  const changed = await expectKeptEqualsCounted();
  expect(changed[`${BIOBANK} /bio-samples?limit=1&statistics=true&state=dispatched`]).toBe(2);
  expect((await call('DELETE', `/bio-samples/${second.id}`, BIOBANK)).status).toBe(204);
  const deleted = await expectKeptEqualsCounted();
  expect(total(deleted, BIOBANK, '/bio-samples')).toBe(7);
  const counters = await sql<{ n: number | string }>`select sum(n) as n from bio_sample_counts`.execute(world.server.db);
  expect(Number(counters.rows[0].n)).toBe(7);
});

it('backfills the counters when migrated down past 0034 and up again', async () => {
  const read = async (): Promise<unknown[]> =>
    (await sql<{ registry_id: string; institute_id: string; state: string; n: number | string }>`select * from bio_sample_counts where n > 0 order by registry_id, institute_id, state`.execute(world.server.db)).rows.map(
      (row) => ({ ...row, n: Number(row.n) }),
    );
  const before = await read();
  const steps = await migratorFor(world.server.db);
  const down = await steps.migrateTo('0033_attendance_state_counts');
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toContain('0034_bio_sample_scale');
  expect((await steps.migrateToLatest()).error).toBeUndefined();
  expect(await read()).toEqual(before);
  await expectKeptEqualsCounted();
});
