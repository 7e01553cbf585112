// Issue 17 on PostgreSQL: statements seen again run as named statements, which each connection
// parses and plans once (server/db/preparedStatements.ts). What a caller sees: the same answers,
// the statements in the session's pg_prepared_statements, and nothing breaking when a migration
// changes a table under a saved plan. PostgreSQL only; the setting is checked on both.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { ConfigError } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connection';
import { nameRepeatedStatements, preparedStatementsFromEnvironment } from '../../../server/db/preparedStatements';
import { runOnPostgres } from '../../helpers/pgAdmin';
import { testConfig, testDatabaseUrl } from '../../helpers/serverApp';

const pgUrl = testDatabaseUrl();
const describePostgres = pgUrl ? describe : describe.skip;

test('PG_PREPARED_STATEMENTS: on by default, false turns it off, anything else stops the start', () => {
  const dir = tmpdir();
  expect(testConfig(dir, 'sqlite:/tmp/x.sqlite').pgPreparedStatements).toBe(true);
  expect(testConfig(dir, 'sqlite:/tmp/x.sqlite', { PG_PREPARED_STATEMENTS: 'false' }).pgPreparedStatements).toBe(false);
  expect(() => testConfig(dir, 'sqlite:/tmp/x.sqlite', { PG_PREPARED_STATEMENTS: 'sometimes' })).toThrow(ConfigError);
  expect(preparedStatementsFromEnvironment({})).toBe(true);
  expect(preparedStatementsFromEnvironment({ PG_PREPARED_STATEMENTS: 'off' })).toBe(false);
});

describePostgres('named statements on PostgreSQL', () => {
  const schema = `t_prep_${randomBytes(4).toString('hex')}`;
  const opened: DatabaseHandle[] = [];

  /** One connection (none shared: pipelinedStatements.test.ts), so that pg_prepared_statements is the session every statement ran on. */
  function open(preparedStatements?: boolean): Kysely<Record<string, never>> {
    const handle = openDatabase(pgUrl as string, { searchPath: schema, poolSize: 1, pipelinedConnections: 0, ...(preparedStatements === undefined ? {} : { preparedStatements }) });
    opened.push(handle);
    return handle.db as unknown as Kysely<Record<string, never>>;
  }

  const prepared = async (db: Kysely<Record<string, never>>): Promise<string[]> =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements where statement not like '%pg_prepared_statements%' order by prepare_time`.execute(db)).rows.map(
      (r) => r.statement,
    );

  const namesOf = (db: Kysely<Record<string, never>>, id: number) => sql<{ name: string }>`select name from people where id = ${id}`.execute(db);

  beforeAll(async () => {
    await runOnPostgres(pgUrl as string, [
      `create schema ${schema}`,
      `create table ${schema}.people (id integer primary key, name text not null)`,
      `insert into ${schema}.people values (1, 'Kovács Anna'), (2, 'Nagy Béla')`,
    ]);
  });

  afterAll(async () => {
    for (const handle of opened) await handle.close();
    await runOnPostgres(pgUrl as string, [`drop schema if exists ${schema} cascade`]);
  });

  test('a statement runs named from its second run on, with the same answers', async () => {
    const db = open();
    expect((await namesOf(db, 1)).rows).toEqual([{ name: 'Kovács Anna' }]);
    expect(await prepared(db)).toEqual([]);
    expect((await namesOf(db, 2)).rows).toEqual([{ name: 'Nagy Béla' }]);
    expect((await namesOf(db, 1)).rows).toEqual([{ name: 'Kovács Anna' }]);
    expect(await prepared(db)).toEqual(['select name from people where id = $1']);
  });

  test('statements a plan cannot serve, and every statement with the setting off, stay unnamed', async () => {
    const db = open();
    for (let i = 0; i < 3; i += 1) await sql`show search_path`.execute(db);
    expect(await prepared(db)).toEqual([]);
    // A "contains" filter: planned for each term, since one term may match a few rows and another most.
    for (const term of ['%nagy%', '%a%', '%nagy%', '%nagy%']) {
      const { rows } = await sql<{ id: number }>`select id from people where lower(name) like ${term} order by id`.execute(db);
      expect(rows.map((row) => row.id)).toEqual(term === '%a%' ? [1, 2] : [2]);
    }
    expect(await prepared(db)).toEqual([]);
    const off = open(false);
    for (let i = 0; i < 3; i += 1) await namesOf(off, 1);
    expect(await prepared(off)).toEqual([]);
  });

  test('a saved plan whose table changed under it: the statement runs again unnamed and answers', async () => {
    const db = open();
    const everyone = () => sql<Record<string, unknown>>`select * from people order by id`.execute(db);
    await everyone();
    await everyone();
    expect(await prepared(db)).toEqual(['select * from people order by id']);
    await sql`alter table people add column born integer`.execute(db);
    expect((await everyone()).rows).toEqual([
      { id: 1, name: 'Kovács Anna', born: null },
      { id: 2, name: 'Nagy Béla', born: null },
    ]);
    expect((await everyone()).rows).toHaveLength(2);
    await sql`alter table people drop column born`.execute(db);
  });

  test('beyond the limit, new statements run unnamed', async () => {
    const pool = new pg.Pool({ connectionString: pgUrl, max: 1, options: `-c search_path=${schema}` });
    nameRepeatedStatements(pool, 1);
    const client = await pool.connect();
    try {
      for (let i = 0; i < 2; i += 1) {
        await client.query('select name from people where id = $1', [1]);
        await client.query('select id from people where name = $1', ['Nagy Béla']);
      }
      const { rows } = await client.query('select statement from pg_prepared_statements');
      expect(rows).toEqual([{ statement: 'select name from people where id = $1' }]);
    } finally {
      client.release();
      await pool.end();
    }
  });
});
