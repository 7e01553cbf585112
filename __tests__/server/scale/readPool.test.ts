// Issue 17, "nothing stalls the server": on a SQLite file, reads outside transactions run on
// read-only connections in worker threads (server/db/readPool), so a slow read no longer holds the
// event loop; writes and transactions stay on the main connection and every read sees what was
// acknowledged before it. SQLite only: PostgreSQL reads never ran on the event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../../../server/app';
import { ConfigError } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connection';
import { migrateToLatest } from '../../../server/db/migrate';
import { ReadPool } from '../../../server/db/readPool/readPool';
import { testConfig, testDatabaseUrl, waitFor } from '../../helpers/serverApp';

const describeSqlite = testDatabaseUrl() ? describe.skip : describe;

test('SQLITE_READ_WORKERS: 2 by default, 0 turns the pool off, anything else than 0-16 stops the start', () => {
  const dir = tmpdir();
  expect(testConfig(dir, 'sqlite:/tmp/x.sqlite').sqliteReadWorkers).toBe(2);
  expect(testConfig(dir, 'sqlite:/tmp/x.sqlite', { SQLITE_READ_WORKERS: '0' }).sqliteReadWorkers).toBe(0);
  for (const bad of ['many', '-1', '17']) {
    expect(() => testConfig(dir, 'sqlite:/tmp/x.sqlite', { SQLITE_READ_WORKERS: bad })).toThrow(ConfigError);
  }
});

/** About half a second of SQLite work without a table: 3 million rows counted. */
const SLOW_READ = sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`;

let workDir: string;
let url: string;
let pooled: DatabaseHandle;
/** The same file without workers: what the main connection answers. */
let plain: DatabaseHandle;

function served(handle: DatabaseHandle): number {
  return (handle.readPoolStats?.().served ?? []).reduce((sum, count) => sum + count, 0);
}

/** Reads answered on the main thread's read-only connection (quickReads.ts). */
function answeredQuickly(handle: DatabaseHandle): number {
  return handle.readPoolStats?.().quick.answered ?? 0;
}

function logRow(id: string): { id: string; url: string; http_response_code: number; created_at: string; response_time: number } {
  return { id, url: '/api/x', http_response_code: 200, created_at: '2026-01-01T00:00:00.000Z', response_time: 1 };
}

describeSqlite('SQLite read pool', () => {
  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'registry-readpool-'));
    url = `sqlite:${join(workDir, 'registry.sqlite')}`;
    pooled = openDatabase(url, { readWorkers: 2 });
    await migrateToLatest(pooled.db);
    plain = openDatabase(url, { readWorkers: 0 });
  });
  afterAll(async () => {
    await pooled.close();
    await plain.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('is on for a file with the asked number of workers, off for 0 and for :memory:', async () => {
    expect(pooled.readPoolStats?.().workers).toBe(2);
    expect(plain.readPoolStats).toBeUndefined();
    const memory = openDatabase('sqlite::memory:', { readWorkers: 2 });
    expect(memory.readPoolStats).toBeUndefined();
    await memory.close();
  });

  test('a slow read runs in a worker while the server answers other requests', async () => {
    const app: FastifyInstance = await buildApp({ config: testConfig(workDir, url), db: pooled.db, dialect: 'sqlite' });
    try {
      const before = served(pooled);
      const order: string[] = [];
      const slow = SLOW_READ.execute(pooled.db).then((result) => {
        order.push('slow read');
        return result.rows[0].n;
      });
      // The event loop keeps turning while the worker counts.
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 5);
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      order.push('health');
      const second = await app.inject({ method: 'GET', url: '/api/v1/health' });
      order.push('second health');
      expect(await slow).toBe(3000000);
      clearInterval(ticker);
      expect(health.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(order).toEqual(['health', 'second health', 'slow read']);
      expect(ticks).toBeGreaterThan(5);
      expect(served(pooled)).toBeGreaterThan(before);
    } finally {
      await app.close();
    }
  });

  test('a read after an acknowledged write sees it, in a worker and as a quick read', async () => {
    const before = served(pooled);
    const quickBefore = answeredQuickly(pooled);
    let reads = 0;
    // The two reads seek by key: after their probation in the workers they run on the main thread.
    // A loaded machine can make two probation runs slow and keep a statement in the workers for
    // good, so each round reads with statements of its own text (a new probation) until 40 reads
    // have been answered on the main thread.
    for (let round = 0; round < 10 && answeredQuickly(pooled) - quickBefore < 40; round += 1) {
      const roundColumn = sql.lit(round).as('round');
      for (let i = 0; i < 30; i += 1) {
        const id = `ryw-${round}-${i}`;
        await pooled.db.insertInto('application_log').values(logRow(id)).execute();
        const row = await pooled.db.selectFrom('application_log').select(['id', roundColumn]).where('id', '=', id).executeTakeFirst();
        expect(row?.id).toBe(id);
        await pooled.db.transaction().execute((trx) => trx.updateTable('application_log').set({ response_time: i + 100 }).where('id', '=', id).execute());
        const updated = await pooled.db.selectFrom('application_log').select(['response_time', roundColumn]).where('id', '=', id).executeTakeFirst();
        expect(updated?.response_time).toBe(i + 100);
        reads += 2;
      }
    }
    expect(answeredQuickly(pooled) - quickBefore).toBeGreaterThanOrEqual(40);
    expect(served(pooled) - before + answeredQuickly(pooled) - quickBefore).toBe(reads);
  });

  test("a transaction reads its own uncommitted writes; a read outside sees the last commit without waiting", async () => {
    let outside: unknown[] = ['not read'];
    await pooled.db.transaction().execute(async (trx) => {
      await trx.insertInto('application_log').values(logRow('in-trx')).execute();
      const inside = await trx.selectFrom('application_log').select('id').where('id', '=', 'in-trx').execute();
      expect(inside).toEqual([{ id: 'in-trx' }]);
      // The transaction is still open: Kysely's one-connection lock would make this read wait for it.
      outside = await pooled.db.selectFrom('application_log').select('id').where('id', '=', 'in-trx').execute();
    });
    expect(outside).toEqual([]);
    expect(await pooled.db.selectFrom('application_log').select('id').where('id', '=', 'in-trx').execute()).toEqual([{ id: 'in-trx' }]);
  });

  test('values come back exactly as from the main connection: BLOB, NULL, large integers, reals, Unicode', async () => {
    const query = sql`select x'00ff10' as blob, zeroblob(0) as empty_blob, null as no_value, 9007199254740991 as largest, -42 as negative,
      0.1 + 0.2 as real, 'Árvíztűrő 🐘' as text, casefold('ŐSZ') as folded`;
    const before = served(pooled);
    const fromWorker = (await query.execute(pooled.db)).rows;
    expect(served(pooled)).toBe(before + 1);
    const fromMain = (await query.execute(plain.db)).rows;
    expect(fromWorker).toEqual(fromMain);
    const [row] = fromWorker as Array<Record<string, unknown>>;
    expect(Buffer.isBuffer(row.blob)).toBe(true);
    expect(row).toMatchObject({ no_value: null, largest: 9007199254740991, folded: 'ősz' });
  });

  test('booleans bind as 1/0 everywhere: in a worker, on the main connection, in a transaction, in a stream, without a pool', async () => {
    const memory = openDatabase('sqlite::memory:');
    try {
      for (const [name, handle] of [['pooled', pooled], ['plain', plain], ['memory', memory]] as const) {
        const db = handle.db as unknown as Kysely<{ flags: { id: string; active: boolean } }>;
        await db.schema.createTable('flags').ifNotExists().addColumn('id', 'text').addColumn('active', 'integer').execute();
        await db.insertInto('flags').values({ id: `${name}-yes`, active: true }).execute();
        await db.transaction().execute((trx) => trx.insertInto('flags').values({ id: `${name}-no`, active: false }).execute());
        const before = served(handle);
        const yes = await db.selectFrom('flags').select('id').where('id', 'like', `${name}-%`).where('active', '=', true).execute();
        expect(yes).toEqual([{ id: `${name}-yes` }]);
        if (handle === pooled) expect(served(handle)).toBe(before + 1);
        const raw = await sql<{ n: number }>`select count(*) as n from flags where id like ${`${name}-%`} and active = ${false}`.execute(db);
        expect(raw.rows).toEqual([{ n: 1 }]);
        const streamed: unknown[] = [];
        for await (const row of db.selectFrom('flags').select('id').where('active', 'in', [false]).where('id', 'like', `${name}-%`).stream()) streamed.push(row);
        expect(streamed).toEqual([{ id: `${name}-no` }]);
      }
    } finally {
      await memory.close();
    }
  });

  test('the workers register the same SQL functions as the main connection', async () => {
    const functions = sql<{ name: string; narg: number }>`select name, narg from pragma_function_list where builtin = 0 order by name, narg`;
    const before = served(pooled);
    const inWorker = (await functions.execute(pooled.db)).rows;
    expect(served(pooled)).toBe(before + 1);
    expect(inWorker).toEqual((await functions.execute(plain.db)).rows);
    expect(inWorker.map((fn) => fn.name)).toContain('casefold');
  });

  test('an error in a worker reaches the caller as the main connection throws it', async () => {
    const failing = sql`select json_extract('{not json', '$.a') as a`;
    const fromWorker = await failing.execute(pooled.db).then(() => null, (error: unknown) => error);
    const fromMain = await failing.execute(plain.db).then(() => null, (error: unknown) => error);
    expect(fromWorker).toBeInstanceOf(SqliteDatabase.SqliteError);
    expect(fromWorker).toMatchObject({ code: (fromMain as { code: string }).code, message: (fromMain as Error).message });
    // Parameters the driver cannot bind fail alike too.
    const unbindable = sql`select ${[1, 2]} as a`;
    const badInWorker = await unbindable.execute(pooled.db).then(() => null, (error: unknown) => error);
    const badOnMain = await unbindable.execute(plain.db).then(() => null, (error: unknown) => error);
    expect(badOnMain).toMatchObject({ name: expect.stringMatching(/Error$/) });
    expect(badInWorker).toMatchObject({ name: (badOnMain as Error).name, message: (badOnMain as Error).message });
  });

  test('writes, PRAGMAs and transactions stay on the main connection', async () => {
    const before = served(pooled);
    await pooled.db.insertInto('application_log').values(logRow('main-only')).execute();
    await sql`pragma optimize`.execute(pooled.db);
    const returned = await pooled.db.updateTable('application_log').set({ response_time: 7 }).where('id', '=', 'main-only').returning('id').execute();
    await pooled.db.transaction().execute((trx) => trx.selectFrom('application_log').select('id').execute());
    expect(returned).toEqual([{ id: 'main-only' }]);
    expect(served(pooled)).toBe(before);
  });

  test('the reads of one turn leave in one message per free worker, and each gets its own rows', async () => {
    const pool = new ReadPool({ path: join(workDir, 'registry.sqlite'), size: 2 });
    try {
      await pool.run('select 1 as one', []);
      const before = pool.stats().messages;
      const reads = Array.from({ length: 6 }, (_, n) => pool.run('select ? as n, ? as text', [n, `read ${n}`]));
      expect(await Promise.all(reads)).toEqual(Array.from({ length: 6 }, (_, n) => [{ n, text: `read ${n}` }]));
      expect(pool.stats()).toMatchObject({ messages: before + 2, served: [expect.any(Number), expect.any(Number)], queued: 0, running: 0 });
      // Read one at a time, each read takes a message of its own.
      for (const n of [1, 2, 3]) expect(await pool.run('select ? as n', [n])).toEqual([{ n }]);
      expect(pool.stats().messages).toBe(before + 5);
    } finally {
      await pool.close();
    }
  });

  test('a parameter that cannot cross to the worker fails its read alone, not the reads sent with it', async () => {
    const pool = new ReadPool({ path: join(workDir, 'registry.sqlite'), size: 1 });
    try {
      const good = pool.run('select ? as n', [1]);
      const bad = pool.run('select ? as n', [() => 1]);
      const after = pool.run('select ? as n', [2]);
      await expect(bad).rejects.toThrow(/could not be cloned/);
      expect([await good, await after]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    } finally {
      await pool.close();
    }
  });

  test('a worker that dies fails the query that killed it with an error and is replaced; the queries beside it are answered', async () => {
    // A small heap limit and a read of 80 MB of text: the worker runs out of memory mid-query.
    const pool = new ReadPool({ path: join(workDir, 'registry.sqlite'), size: 1, resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 } });
    try {
      const huge = "with recursive c(x) as (select 1 union all select x + 1 from c where x < 400) select printf('%0200000d', x) as pad from c";
      const queued = pool.run('select 1 as one', []);
      await expect(pool.run(huge, [])).rejects.toThrow(/read worker stopped.*memory/);
      // The query sent in the same message runs alone on the replacement, and so does the huge one,
      // which kills that replacement too: two workers replaced, one query failed.
      await expect(queued).resolves.toEqual([{ one: 1 }]);
      await expect(pool.run('select count(*) as n from application_log', [])).resolves.toEqual([{ n: expect.any(Number) }]);
      expect(pool.stats()).toMatchObject({ workers: 1, replaced: 2, queued: 0, running: 0 });
    } finally {
      await pool.close();
    }
  });

  test('closing ends a read in flight and the workers; later reads fail instead of waiting', async () => {
    const handle = openDatabase(url, { readWorkers: 1 });
    await handle.db.selectFrom('application_log').select('id').limit(1).execute();
    const started = Date.now();
    const inFlight = SLOW_READ.execute(handle.db).then(() => 'answered', (error: Error) => error.message);
    await waitFor(async () => (handle.readPoolStats?.().running === 1 ? true : undefined));
    await handle.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await inFlight).toMatch(/answered|read worker stopped/);
    await expect(handle.db.selectFrom('application_log').select('id').execute()).rejects.toThrow();
  });

  test('a pool whose workers cannot open the file fails its reads at once instead of queueing them', async () => {
    const pool = new ReadPool({ path: join(workDir, 'no-such.sqlite'), size: 1 });
    await expect(pool.run('select 1 as one', [])).rejects.toThrow(/could not start|read worker stopped/);
    await waitFor(async () => (pool.available ? undefined : true));
    await expect(pool.run('select 1 as one', [])).rejects.toThrow(/could not start/);
    await pool.close();
  });
});
