// Issue 17 on PostgreSQL: a page's LIMIT (and an OFFSET of 0) stand in the SQL text, so that a
// named list statement keeps one generic plan instead of being planned at every call
// (server/db/pageLimitsInText.ts). What a caller sees: the same rows, the numbers in the statement
// PostgreSQL saved, and that statement served by its generic plan. The SQL text is checked without
// a server; the plans need PostgreSQL.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connection';
import { runOnPostgres } from '../../helpers/pgAdmin';
import { testDatabaseUrl } from '../../helpers/serverApp';

interface People {
  people: { id: number; name: string };
}

const pgUrl = testDatabaseUrl();
const describePostgres = pgUrl ? describe : describe.skip;

describe('the SQL text of a page on PostgreSQL', () => {
  // Compiling needs no connection: the pool connects at the first query.
  const handle = openDatabase('postgres://nobody@127.0.0.1:1/none');
  const db = handle.db as unknown as Kysely<People>;
  afterAll(() => handle.close());
  const page = (limit: number, offset: number) => db.selectFrom('people').select('name').where('id', '>', 7).orderBy('name').limit(limit).offset(offset).compile();

  test('the limit and an offset of 0 are written into the text; the filter value stays bound', () => {
    const first = page(25, 0);
    expect(first.sql).toBe('select "name" from "people" where "id" > $1 order by "name" limit 25 offset 0');
    expect(first.parameters).toEqual([7]);
  });

  test('a deeper offset stays bound, so that each page is not a statement of its own', () => {
    const deep = page(25, 50_000);
    expect(deep.sql).toBe('select "name" from "people" where "id" > $1 order by "name" limit 25 offset $2');
    expect(deep.parameters).toEqual([7, 50_000]);
  });

  test('a limit that is no whole number stays bound as before', () => {
    const odd = db.selectFrom('people').select('name').limit(sql<number>`${3} + 1`).compile();
    expect(odd.sql).toBe('select "name" from "people" limit $1 + 1');
    expect(odd.parameters).toEqual([3]);
  });
});

describePostgres('a page keeps its generic plan on PostgreSQL', () => {
  const schema = `t_pages_${randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    await runOnPostgres(pgUrl as string, [
      `create schema ${schema}`,
      `create table ${schema}.people (id integer primary key, name text not null)`,
      `insert into ${schema}.people select i, 'person ' || lpad(i::text, 5, '0') from generate_series(1, 20000) as i`,
      `create index on ${schema}.people (name)`,
      `analyze ${schema}.people`,
    ]);
    // One connection: pg_prepared_statements shows the session every statement ran on.
    handle = openDatabase(pgUrl as string, { searchPath: schema, poolSize: 1, pipelinedConnections: 0 });
  });

  afterAll(async () => {
    await handle?.close();
    await runOnPostgres(pgUrl as string, [`drop schema if exists ${schema} cascade`]);
  });

  test('the first page, asked ten times, answers the same rows and is planned generically', async () => {
    const db = handle.db as unknown as Kysely<People>;
    for (let run = 0; run < 10; run += 1) {
      const rows = await db.selectFrom('people').select('name').where('id', '>', 100).orderBy('name').limit(3).offset(0).execute();
      expect(rows.map((row) => row.name)).toEqual(['person 00101', 'person 00102', 'person 00103']);
    }
    const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
      select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%people%'`.execute(db);
    expect(rows).toHaveLength(1);
    expect(rows[0].statement).toContain('limit 3 offset 0');
    // Named from the second run; PostgreSQL plans the first five runs for their values, then keeps the generic plan.
    expect(Number(rows[0].generic_plans)).toBeGreaterThanOrEqual(4);
    expect(Number(rows[0].custom_plans)).toBeLessThanOrEqual(5);
  });
});
