// Issue 17 on PostgreSQL: statements outside a transaction share pipelined connections
// (server/db/pipelinedStatements.ts). What a caller sees: every statement its own answer, a
// transaction still alone on its connection, an error failing only its own statement, a slow
// statement not holding up the next, and a lost connection replaced. The setting on both databases.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connection';
import { defaultPipelinedConnections, pipelinedConnectionsFromEnvironment } from '../../../server/db/pipelinedConnectionCount';
import { runOnPostgres } from '../../helpers/pgAdmin';
import { testConfig, testDatabaseUrl } from '../../helpers/serverApp';

const pgUrl = testDatabaseUrl();
const describePostgres = pgUrl ? describe : describe.skip;

type AnyDb = Kysely<Record<string, never>>;

test('PG_PIPELINED_CONNECTIONS: half the cores by default, 0 turns it off, anything else stops the start', () => {
  const dir = tmpdir();
  expect(defaultPipelinedConnections(2)).toBe(1);
  expect(defaultPipelinedConnections(1)).toBe(1);
  expect(defaultPipelinedConnections(8)).toBe(4);
  expect(testConfig(dir, 'sqlite:/tmp/x.sqlite').pgPipelinedConnections).toBe(defaultPipelinedConnections());
  expect(testConfig(dir, 'sqlite:/tmp/x.sqlite', { PG_PIPELINED_CONNECTIONS: '0' }).pgPipelinedConnections).toBe(0);
  expect(() => testConfig(dir, 'sqlite:/tmp/x.sqlite', { PG_PIPELINED_CONNECTIONS: 'many' })).toThrow(ConfigError);
  expect(() => testConfig(dir, 'sqlite:/tmp/x.sqlite', { PG_PIPELINED_CONNECTIONS: '-1' })).toThrow(ConfigError);
  expect(pipelinedConnectionsFromEnvironment({ PG_PIPELINED_CONNECTIONS: '3' })).toBe(3);
  expect(pipelinedConnectionsFromEnvironment({})).toBe(defaultPipelinedConnections());
});

describePostgres('statements pipelined on a shared connection', () => {
  const schema = `t_pipe_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;
  let db: AnyDb;

  const backend = async (): Promise<number> => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;
  const names = async (): Promise<string[]> => (await sql<{ name: string }>`select name from people order by name`.execute(db)).rows.map((row) => row.name);

  beforeAll(async () => {
    await runOnPostgres(pgUrl as string, [`create schema ${schema}`, `create table ${schema}.people (id serial primary key, name text not null)`]);
    handle = openDatabase(pgUrl as string, { searchPath: schema, poolSize: 4, pipelinedConnections: 1 });
    db = handle.db as unknown as AnyDb;
  });

  afterAll(async () => {
    await handle.close();
    await runOnPostgres(pgUrl as string, [`drop schema if exists ${schema} cascade`]);
  });

  test('statements sent at once share one session and each gets its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => sql<{ n: number; pid: number }>`select ${n}::int as n, pg_backend_pid() as pid`.execute(db)),
    );
    expect(answers.map((answer) => answer.rows[0].n)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    // All of them unless the machine held one up past STALLED_AFTER_MS, which sends the rest to the pool.
    const byBackend = new Map<number, number>();
    for (const { rows } of answers) byBackend.set(rows[0].pid, (byBackend.get(rows[0].pid) ?? 0) + 1);
    expect(Math.max(...byBackend.values())).toBeGreaterThanOrEqual(20);
  });

  test('a transaction runs alone on a connection of its own: its writes are unseen until it commits', async () => {
    const shared = await backend();
    let inside = 0;
    let seenDuring: string[] = [];
    await db.transaction().execute(async (trx) => {
      await sql`insert into people (name) values ('Kovács Anna')`.execute(trx);
      inside = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      seenDuring = await names();
    });
    expect(inside).not.toBe(shared);
    expect(seenDuring).toEqual([]);
    expect(await names()).toEqual(['Kovács Anna']);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into people (name) values ('Nagy Béla')`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await names()).toEqual(['Kovács Anna']);
  });

  test('the statements of one lease share a session around a transaction (the Migrator\'s advisory lock)', async () => {
    const pidOn = async (on: AnyDb): Promise<number> => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(on)).rows[0].pid;
    await db.connection().execute(async (leased) => {
      const before = await pidOn(leased);
      await sql`select pg_advisory_lock(4217)`.execute(leased);
      const inside = await leased.transaction().execute(async (trx) => pidOn(trx));
      expect(inside).not.toBe(before);
      expect(await pidOn(leased)).toBe(before);
      const released = await sql<{ released: boolean }>`select pg_advisory_unlock(4217) as released`.execute(leased);
      expect(released.rows[0].released).toBe(true);
    });
  });

  test('an error fails its own statement only', async () => {
    const [before, failed, after] = await Promise.allSettled([
      sql<{ n: number }>`select 1 as n`.execute(db),
      sql`select 1 / 0`.execute(db),
      sql<{ n: number }>`select 2 as n`.execute(db),
    ]);
    expect(before.status === 'fulfilled' && before.value.rows).toEqual([{ n: 1 }]);
    expect(failed.status === 'rejected' && String(failed.reason)).toMatch(/division by zero/);
    expect(after.status === 'fulfilled' && after.value.rows).toEqual([{ n: 2 }]);
  });

  test('a statement sent while a slow one holds the shared connection is answered first', async () => {
    const finished: string[] = [];
    const slow = sql`select pg_sleep(0.8)`.execute(db).then(() => finished.push('slow'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quick = sql`select 1`.execute(db).then(() => finished.push('quick'));
    await Promise.all([slow, quick]);
    expect(finished).toEqual(['quick', 'slow']);
  });

  test('a lost shared connection is replaced', async () => {
    const lost = await backend();
    await runOnPostgres(pgUrl as string, [`select pg_terminate_backend(${lost})`]);
    // What was sent on it fails, as on a lost pooled connection; what comes after finds a new one.
    let replaced: number | undefined;
    for (let attempt = 0; attempt < 20 && replaced === undefined; attempt += 1) {
      replaced = await backend().catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      });
    }
    expect(replaced).toBeDefined();
    expect(replaced).not.toBe(lost);
    expect(await names()).toEqual(['Kovács Anna']);
  });

  test('the background database (jobs, checkpoints) never sends on a shared connection', async () => {
    const background = handle.background as unknown as AnyDb;
    expect(background).not.toBe(db);
    const before = handle.pipelineStats?.();
    const answers = await Promise.all([1, 2, 3].map((n) => sql<{ n: number; pid: number }>`select ${n}::int as n, pg_backend_pid() as pid`.execute(background)));
    expect(answers.map((answer) => answer.rows[0].n)).toEqual([1, 2, 3]);
    expect(handle.pipelineStats?.().pipelined).toBe(before?.pipelined);
    expect(answers.map((answer) => answer.rows[0].pid)).not.toContain(await backend());
  });

  test('a statement run again is named on the shared connection too', async () => {
    const byId = (id: number) => sql<{ name: string }>`select name from people where id = ${id}`.execute(db);
    for (let i = 0; i < 3; i += 1) expect((await byId(1)).rows).toEqual([{ name: 'Kovács Anna' }]);
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    expect(prepared.rows.map((row) => row.statement)).toContain('select name from people where id = $1');
  });
});
