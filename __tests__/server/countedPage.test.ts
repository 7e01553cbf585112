// A page counted along its matches (countedPage.ts) answers what the plain page and its count
// statement answer: the same rows in the same order (NULLs last either way), the same total, an
// empty first page counting 0 and a page past the end still told the total. On both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '../../server/db/migrate';
import { fetchList, parseListQueryOrThrow, type ListFieldMap } from '../../server/lists/listQuery';
import { createTestDatabase, type TestDatabase } from '../helpers/serverApp';

let workDir: string;
let database: TestDatabase;

const FIELDS: ListFieldMap = {
  url: { column: 'application_log.url', type: 'text' },
  responseTime: { column: 'application_log.response_time', type: 'number' },
};

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'registry-counted-page-'));
  database = await createTestDatabase(workDir);
  await migrateToLatest(database.db);
  // Ties and NULLs in the sort key, so that the tie-breaker and the NULLs' place both show.
  const times = [3, null, 1.5, 3, null, 0.5, 9];
  await database.db
    .insertInto('application_log')
    .values(times.map((time, index) => ({ id: `log-${index}`, url: `/api/${index % 2 === 0 ? 'even' : 'odd'}/${index}`, created_at: '2026-01-01T09:00:00.000Z', response_time: time })))
    .execute();
});
afterAll(async () => {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function page(raw: Record<string, string>, countsAlong: boolean) {
  const query = parseListQueryOrThrow({ ...raw, statistics: 'true' }, FIELDS);
  const base = database.db.selectFrom('application_log').select(['application_log.id', 'application_log.response_time']);
  const spec = { fields: FIELDS, dialect: database.dialect, tieBreaker: 'application_log.id' };
  const { rows, total } = await fetchList(base, query, spec, countsAlong ? database.db : undefined);
  return { ids: rows.map((row) => row.id), keys: rows.map((row) => Object.keys(row).sort()), total };
}

it('answers every page of every order as the plain page and its count do', async () => {
  for (const sort of ['responseTime', '-responseTime', '-url', '']) {
    for (const offset of ['0', '3', '6']) {
      const raw = { sort, limit: '3', offset };
      const plain = await page(raw, false);
      expect({ sort, offset, ...(await page(raw, true)) }).toEqual({ sort, offset, ...plain });
      expect(plain.total).toBe(7);
    }
  }
  // NULLs last in both directions, ties by id.
  expect((await page({ sort: 'responseTime', limit: '7' }, true)).ids).toEqual(['log-5', 'log-2', 'log-0', 'log-3', 'log-6', 'log-1', 'log-4']);
  expect((await page({ sort: '-responseTime', limit: '7' }, true)).ids).toEqual(['log-6', 'log-3', 'log-0', 'log-2', 'log-5', 'log-4', 'log-1']);
  // Only the list's own columns come back, not the sort keys or the count.
  expect((await page({ limit: '1' }, true)).keys).toEqual([['id', 'response_time']]);
});

it('counts a filtered list, an empty one and a page past the end', async () => {
  expect(await page({ filter: 'url=@/odd/', sort: 'url', limit: '2' }, true)).toMatchObject({ ids: ['log-1', 'log-3'], total: 3 });
  expect(await page({ filter: 'url=@nowhere', limit: '2' }, true)).toMatchObject({ ids: [], total: 0 });
  expect(await page({ sort: 'url', limit: '2', offset: '10' }, true)).toMatchObject({ ids: [], total: 7 });
});
