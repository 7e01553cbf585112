// Reads known to be quick run on a read-only connection in the main thread instead of a read
// worker (server/db/readPool/quickReads.ts): a statement whose plan only seeks by equality, after
// a probation of quick runs in the workers; one that turns slow goes back to the workers for good.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connection';
import { isSeekOnlyPlan, PROBATION_RUNS } from '../../../server/db/readPool/quickReads';
import { testDatabaseUrl } from '../../helpers/serverApp';

const describeSqlite = testDatabaseUrl() ? describe.skip : describe;

test('a plan is seek-only when no line scans, ranges, builds an index, runs a subquery whole or reads FTS', () => {
  expect(isSeekOnlyPlan(['SEARCH sessions USING INDEX sessions_token_idx (token_hash=?)', 'SEARCH users USING INTEGER PRIMARY KEY (rowid=?)'])).toBe(true);
  expect(isSeekOnlyPlan(['SEARCH forms USING INDEX forms_attendance_idx (attendance_id=?)', 'CORRELATED SCALAR SUBQUERY 1', 'SEARCH a USING COVERING INDEX x (id=?)', 'USE TEMP B-TREE FOR ORDER BY'])).toBe(true);
  expect(isSeekOnlyPlan(['SCAN CONSTANT ROW'])).toBe(true);
  expect(isSeekOnlyPlan(['SCAN patients USING INDEX patients_created_idx'])).toBe(false);
  expect(isSeekOnlyPlan(['SEARCH application_log USING INDEX log_created_idx (created_at>?)'])).toBe(false);
  expect(isSeekOnlyPlan(['SEARCH t USING AUTOMATIC COVERING INDEX (k=?)'])).toBe(false);
  expect(isSeekOnlyPlan(['CO-ROUTINE page', 'SEARCH t USING INDEX i (a=?)'])).toBe(false);
  expect(isSeekOnlyPlan(['MATERIALIZE scoped', 'SEARCH t USING INDEX i (a=?)'])).toBe(false);
  expect(isSeekOnlyPlan(['SCAN f VIRTUAL TABLE INDEX 0:M5'])).toBe(false);
  expect(isSeekOnlyPlan([])).toBe(false);
});

interface Tables {
  items: { id: number; k: number; label: string };
}

let workDir: string;
let handle: DatabaseHandle;
let db: Kysely<Tables>;

const stats = () => {
  const now = handle.readPoolStats?.();
  if (!now) throw new Error('the read pool is off');
  return { served: now.served.reduce((sum, count) => sum + count, 0), quick: now.quick.answered, demoted: now.quick.demoted };
};

/** How many of `runs` reads went to the workers and how many stayed in the main thread. */
async function routeOf(runs: number, read: () => Promise<unknown>): Promise<{ workers: number; main: number }> {
  const before = stats();
  for (let run = 0; run < runs; run += 1) await read();
  const after = stats();
  return { workers: after.served - before.served, main: after.quick - before.quick };
}

/**
 * Runs `read` until one run stays in the main thread; answers how many went to the workers first.
 * A statement's probation is PROBATION_RUNS quick runs, and one slow run (a worker's cold cache) is forgiven.
 */
async function workerRunsBeforeQuick(read: () => Promise<unknown>): Promise<number> {
  for (let run = 0; run <= PROBATION_RUNS + 1; run += 1) {
    const { main } = await routeOf(1, read);
    if (main === 1) return run;
  }
  throw new Error('the read never moved to the main thread');
}

describeSqlite('quick reads on the main thread', () => {
  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'registry-quick-reads-'));
    handle = openDatabase(`sqlite:${join(workDir, 'quick.sqlite')}`, { readWorkers: 2 });
    db = handle.db as unknown as Kysely<Tables>;
    await sql`create table items (id integer primary key, k integer not null, label text not null)`.execute(db);
    await sql`create index items_k on items (k)`.execute(db);
    // One item with k = 1; a million with k = 2, so that counting them by the index takes long.
    await sql`insert into items (id, k, label) values (1, 1, 'one')`.execute(db);
    await sql`with recursive c(x) as (select 2 union all select x + 1 from c where x < 1000001) insert into items (id, k, label) select x, 2, 'many' from c`.execute(db);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('a read by key moves to the main thread after its probation in the workers, with the same rows', async () => {
    const read = () => db.selectFrom('items').select(['id', 'label']).where('id', '=', 1).executeTakeFirst();
    expect(await workerRunsBeforeQuick(read)).toBeGreaterThanOrEqual(PROBATION_RUNS);
    expect(await routeOf(10, read)).toEqual({ workers: 0, main: 10 });
    expect(await read()).toEqual({ id: 1, label: 'one' });
  });

  test('a read that scans never leaves the workers', async () => {
    const scan = () => db.selectFrom('items').select('id').where('label', '=', 'one').execute();
    expect(await routeOf(PROBATION_RUNS + 5, scan)).toEqual({ workers: PROBATION_RUNS + 5, main: 0 });
  });

  test('a quick read sees the write acknowledged just before it', async () => {
    const read = (id: number) => db.selectFrom('items').select('label').where('id', '=', id).executeTakeFirst();
    await workerRunsBeforeQuick(() => read(1));
    for (let id = 2_000_000; id < 2_000_020; id += 1) {
      await db.insertInto('items').values({ id, k: 3, label: `new ${id}` }).execute();
      expect(await read(id)).toEqual({ label: `new ${id}` });
    }
    expect(stats().quick).toBeGreaterThanOrEqual(20);
  });

  test('a quick read that turns slow goes back to the workers for good', async () => {
    const count = (k: number) => sql<{ n: number }>`select count(*) as n from items where k = ${k}`.execute(db);
    expect(await workerRunsBeforeQuick(() => count(1))).toBeGreaterThanOrEqual(PROBATION_RUNS);
    // A million index entries counted on the main thread: longer than SLOW_MS, once.
    const demotedBefore = stats().demoted;
    expect((await count(2)).rows).toEqual([{ n: 1_000_000 }]);
    expect(stats().demoted).toBe(demotedBefore + 1);
    expect(await routeOf(3, () => count(1))).toEqual({ workers: 3, main: 0 });
  });
});
