// Issue 17, "nothing stalls the server", and "no acknowledged write is ever lost": on a SQLite file
// with the read pool, the server's connection commits without waiting for the disk, yet a write
// resolves only once the write-ahead log is synced (in libuv's thread pool), and a worker thread,
// not the server's, copies the log into the file. SQLite only.
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connection';
import { WalCheckpointer } from '../../../server/db/walCheckpoint/walCheckpointer';
import { WalSync } from '../../../server/db/walCheckpoint/walSync';
import { testDatabaseUrl, waitFor } from '../../helpers/serverApp';

const describeSqlite = testDatabaseUrl() ? describe.skip : describe;

/** A sync of the log that the test ends by hand: the files it was asked for, and the answers owed. */
function heldFlush() {
  const waiting: Array<{ path: string; settle(error?: Error): void }> = [];
  const flush = (path: string) =>
    new Promise<void>((resolve, reject) => waiting.push({ path, settle: (error) => (error ? reject(error) : resolve()) }));
  return { flush, waiting };
}

/** Whether the promise has settled after the callbacks queued so far (and a timer turn) have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe('WalSync: one sync for the commits made while another runs', () => {
  test('a caller during a running sync waits for the next one; callers meanwhile share it', async () => {
    const { flush, waiting } = heldFlush();
    const sync = new WalSync('/db-wal', flush);
    const first = sync.sync();
    const second = sync.sync();
    const third = sync.sync();
    expect(waiting).toHaveLength(1);
    waiting[0].settle();
    await first;
    // The second and third committed before the first sync ended, perhaps after it began: one more sync.
    await waitFor(async () => waiting.length === 2 || undefined);
    expect(await settled(second)).toBe(false);
    waiting[1].settle();
    await Promise.all([second, third]);
    expect(sync.syncs).toBe(2);
  });

  test('a refused sync rejects its callers; the next one is tried afresh', async () => {
    const { flush, waiting } = heldFlush();
    const sync = new WalSync('/db-wal', flush);
    const failed = sync.sync();
    waiting[0].settle(new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    const next = sync.sync();
    waiting[1].settle();
    await expect(next).resolves.toBeUndefined();
  });

  test('without a log file there is nothing to sync; once there is one, it is synced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'registry-walsync-'));
    const sync = new WalSync(join(dir, 'registry.sqlite-wal'));
    try {
      await expect(sync.sync()).resolves.toBeUndefined();
      writeFileSync(join(dir, 'registry.sqlite-wal'), 'frames');
      await expect(sync.sync()).resolves.toBeUndefined();
      expect(sync.syncs).toBe(2);
    } finally {
      await sync.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeSqlite('SQLite: commits synced off the event loop', () => {
  let workDir: string;
  let path: string;
  let handle: DatabaseHandle | undefined;
  const held = heldFlush();

  beforeEach(() => {
    workDir = mkdtempSync(join(tmpdir(), 'registry-durability-'));
    path = join(workDir, 'registry.sqlite');
    held.waiting.length = 0;
  });
  afterEach(async () => {
    for (const { settle } of held.waiting) settle();
    await handle?.close();
    handle = undefined;
    rmSync(workDir, { recursive: true, force: true });
  });

  async function openHeld(): Promise<DatabaseHandle> {
    const opened = openDatabase(`sqlite:${path}`, { readWorkers: 1, flushWal: held.flush });
    const create = sql`create table probe (id integer primary key, note text)`.execute(opened.db);
    await waitFor(async () => held.waiting.length === 1 || undefined);
    held.waiting.shift()!.settle();
    await create;
    return opened;
  }

  test('a write outside a transaction resolves only once the log is synced', async () => {
    handle = await openHeld();
    const insert = sql`insert into probe (id, note) values (1, 'first')`.execute(handle.db);
    expect(await settled(insert)).toBe(false);
    expect(held.waiting.map((wait) => wait.path)).toEqual([`${path}-wal`]);
    held.waiting.shift()!.settle();
    await insert;
    // Reads sync nothing.
    const { rows } = await sql<{ note: string }>`select note from probe where id = 1`.execute(handle.db);
    expect(rows).toEqual([{ note: 'first' }]);
    expect(held.waiting).toHaveLength(0);
  });

  test('a transaction resolves only once its commit is synced, and the next writer need not wait for that', async () => {
    handle = await openHeld();
    const db = handle.db;
    const first = db.transaction().execute((trx) => sql`insert into probe (id, note) values (1, 'in a transaction')`.execute(trx));
    await waitFor(async () => held.waiting.length === 1 || undefined);
    expect(await settled(first)).toBe(false);
    // The write lock is free while the first waits for the disk.
    const second = db.transaction().execute((trx) => sql`insert into probe (id, note) values (2, 'next')`.execute(trx));
    await waitFor(async () => (await sql<{ n: number }>`select count(*) as n from probe`.execute(db)).rows[0].n === 2 || undefined);
    held.waiting.shift()!.settle();
    await first;
    expect(await settled(second)).toBe(false);
    await waitFor(async () => held.waiting.length === 1 || undefined);
    held.waiting.shift()!.settle();
    await second;
  });

  test('when the disk refuses the sync, the write fails instead of being acknowledged', async () => {
    handle = await openHeld();
    const insert = sql`insert into probe (id, note) values (1, 'unsynced')`.execute(handle.db);
    await waitFor(async () => held.waiting.length === 1 || undefined);
    held.waiting.shift()!.settle(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(insert).rejects.toThrow('EIO');
  });

  test('with the real sync, the connection commits at NORMAL and leaves checkpoints to the worker, which copies the log into the file', async () => {
    handle = openDatabase(`sqlite:${path}`, { readWorkers: 1, checkpointEveryMs: 20 });
    const db = handle.db;
    await sql`create table probe (id integer primary key, note text)`.execute(db);
    const { rows: levels } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(levels).toEqual([{ synchronous: 1 }]);
    const { rows: auto } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(auto).toEqual([{ wal_autocheckpoint: 0 }]);
    const before = statSync(path).size;
    await db.transaction().execute(async (trx) => {
      for (let id = 0; id < 20; id += 1) {
        await sql`insert into probe (id, note) values (${id}, ${'x'.repeat(4000)})`.execute(trx);
      }
    });
    // The file itself grows only by a checkpoint; the server's connection never runs one. The
    // worker's report of a checkpoint reaches this thread after the file has grown: both awaited.
    const checkpointed = () => statSync(path).size > before + 20 * 4000 && handle!.readPoolStats!().durability.checkpoints > 0;
    await waitFor(async () => checkpointed() || undefined, 5000);
    expect(handle.readPoolStats!().durability).toMatchObject({ fallenBack: false });
    expect(handle.readPoolStats!().durability.checkpoints).toBeGreaterThan(0);
    expect(handle.readPoolStats!().durability.syncs).toBeGreaterThanOrEqual(2);
    await handle.close();
    handle = undefined;
    // Closed last, the server's connection checkpointed the rest and removed the log.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = openDatabase(`sqlite:${path}`, { readWorkers: 0 });
    const { rows } = await sql<{ n: number }>`select count(*) as n from probe`.execute(reopened.db);
    await reopened.close();
    expect(rows).toEqual([{ n: 20 }]);
  });

  test('a checkpoint worker that cannot work hands checkpoints back to the server connection', async () => {
    let fellBack = false;
    const checkpointer = new WalCheckpointer(join(workDir, 'missing.sqlite'), () => (fellBack = true), 20);
    await waitFor(async () => fellBack || undefined, 5000);
    expect(checkpointer.stats()).toEqual({ checkpoints: 0, fallenBack: true });
    await checkpointer.close();
  });
});
