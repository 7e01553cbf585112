// Two handles on one SQLite file, as two API processes have (API_PROCESSES, server/cluster.ts):
// their writes take turns at the file's write lock, a transaction that read before the other
// committed can still write, and the one that waits keeps its event loop free
// (server/db/sqliteBusy.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connection';
import type { Database } from '../../../server/db/database';
import { DatabaseBusyError, retryWhileBusy } from '../../../server/db/sqliteBusy';

// The probe table is not in the schema's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Kysely<Database>): Kysely<any> => db as unknown as Kysely<any>;

let dir: string;
let path: string;
let first: DatabaseHandle;
let second: DatabaseHandle;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function notes(handle: DatabaseHandle): Promise<string[]> {
  const rows = await untyped(handle.db).selectFrom('notes').select('text').orderBy('id').execute();
  return rows.map((row) => row.text as string);
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'registry-write-lock-'));
  path = join(dir, 'registry.sqlite');
  first = openDatabase(`sqlite:${path}`, { readWorkers: 1 });
  await sql`create table notes (id integer primary key, text text not null)`.execute(first.db);
  second = openDatabase(`sqlite:${path}`, { readWorkers: 1 });
});

afterEach(async () => {
  await first.close();
  await second.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a write waits for the other handle\'s transaction, on a timer: the event loop keeps turning', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const holding = first.db.transaction().execute(async (trx) => {
    await untyped(trx).insertInto('notes').values({ text: 'first' }).execute();
    await held;
  });
  await sleep(20);

  let ticks = 0;
  const ticker = setInterval(() => (ticks += 1), 5);
  const waiting = untyped(second.db).insertInto('notes').values({ text: 'second' }).execute();
  await sleep(200);
  clearInterval(ticker);
  // SQLite's own busy_timeout would have held this thread for the whole 200 ms.
  expect(ticks).toBeGreaterThan(10);
  release();
  await holding;
  await waiting;
  expect(await notes(second)).toEqual(['first', 'second']);
});

test('a transaction that read before the other handle committed still writes (it holds the lock from its start)', async () => {
  let otherWrite: Promise<unknown> = Promise.resolve();
  await second.db.transaction().execute(async (trx) => {
    const before = await untyped(trx).selectFrom('notes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // The other handle writes meanwhile: it waits for this transaction instead of slipping in
    // between its read and its write, which SQLite would refuse (SQLITE_BUSY_SNAPSHOT).
    otherWrite = untyped(first.db).insertInto('notes').values({ text: 'other' }).execute();
    await sleep(50);
    await untyped(trx).insertInto('notes').values({ text: `after ${Number(before.n)}` }).execute();
  });
  await otherWrite;
  expect(await notes(first)).toEqual(['after 0', 'other']);
});

test('a write that finds the lock taken past the limit fails as busy and changes nothing', async () => {
  const holder = new SqliteDatabase(path);
  holder.prepare('begin immediate').run();
  holder.prepare("insert into notes (text) values ('held')").run();
  const writer = new SqliteDatabase(path);
  writer.pragma('busy_timeout = 0');
  try {
    const attempt = retryWhileBusy(() => writer.prepare("insert into notes (text) values ('refused')").run(), 100);
    await expect(attempt).rejects.toBeInstanceOf(DatabaseBusyError);
    holder.prepare('rollback').run();
    expect(await notes(first)).toEqual([]);
  } finally {
    writer.close();
    holder.close();
  }
});
