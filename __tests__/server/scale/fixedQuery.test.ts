// A statement of fixed shape is built and compiled once per dialect and then run with new values
// (server/db/fixedQuery.ts). It must answer what the same query built anew answers, on either
// database, inside a transaction as outside, and refuse a builder whose values would not be bound.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/database';
import { fixedQuery } from '../../../server/db/fixedQuery';
import { createTestDatabase, type TestDatabase } from '../../helpers/serverApp';

interface Tables {
  fixed_items: { id: number; kind: string; label: string; active: boolean };
}

let workDir: string;
let database: TestDatabase;
let db: Kysely<Tables>;
/** fixedQuery is typed for the product's schema; this file's table stands in for one of its tables. */
const asProductDb = (instance: Kysely<Tables>): Kysely<Database> => instance as unknown as Kysely<Database>;
const asTestDb = (instance: Kysely<Database>): Kysely<Tables> => instance as unknown as Kysely<Tables>;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'fixed-query-'));
  database = await createTestDatabase(workDir);
  db = asTestDb(database.db);
  await sql`create table fixed_items (id integer primary key, kind text not null, label text not null, active boolean not null)`.execute(db);
  await db
    .insertInto('fixed_items')
    .values([
      { id: 1, kind: 'a', label: 'one', active: true },
      { id: 2, kind: 'a', label: 'two', active: false },
      { id: 3, kind: 'b', label: 'three', active: true },
      { id: 4, kind: 'b', label: 'four', active: true },
    ])
    .execute();
});
afterAll(async () => {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

const itemsOfKind = fixedQuery<{ kind: string; minId: number }>()((product, value) =>
  asTestDb(product)
    .selectFrom('fixed_items')
    .select(['id', 'label'])
    // A constant written into the builder stays bound at every run.
    .where('active', '=', true)
    .where('kind', '=', value('kind'))
    .where('id', '>=', value('minId'))
    .orderBy('id'),
);

function builtAnew(kind: string, minId: number) {
  return db.selectFrom('fixed_items').select(['id', 'label']).where('active', '=', true).where('kind', '=', kind).where('id', '>=', minId).orderBy('id').execute();
}

test('each run answers what the same query built anew answers for its values', async () => {
  for (const [kind, minId] of [['a', 0], ['b', 0], ['b', 4], ['c', 0], ['a', 2]] as const) {
    const rows = await itemsOfKind.all(asProductDb(db), { kind, minId });
    expect(rows).toEqual(await builtAnew(kind, minId));
  }
  expect(await itemsOfKind.all(asProductDb(db), { kind: 'b', minId: 0 })).toEqual([
    { id: 3, label: 'three' },
    { id: 4, label: 'four' },
  ]);
  expect(await itemsOfKind.first(asProductDb(db), { kind: 'a', minId: 0 })).toEqual({ id: 1, label: 'one' });
  expect(await itemsOfKind.first(asProductDb(db), { kind: 'c', minId: 0 })).toBeUndefined();
});

test('a value used twice is bound at both places', async () => {
  const sameLabelOrKind = fixedQuery<{ text: string }>()((product, value) =>
    asTestDb(product)
      .selectFrom('fixed_items')
      .select('id')
      .where((eb) => eb.or([eb('label', '=', value('text')), eb('kind', '=', value('text'))]))
      .orderBy('id'),
  );
  expect(await sameLabelOrKind.all(asProductDb(db), { text: 'b' })).toEqual([{ id: 3 }, { id: 4 }]);
  expect(await sameLabelOrKind.all(asProductDb(db), { text: 'two' })).toEqual([{ id: 2 }]);
});

test('inside a transaction it runs on the transaction and sees its uncommitted rows', async () => {
  await expect(
    db.transaction().execute(async (trx) => {
      await trx.insertInto('fixed_items').values({ id: 5, kind: 'a', label: 'five', active: true }).execute();
      expect(await itemsOfKind.all(asProductDb(trx), { kind: 'a', minId: 5 })).toEqual([{ id: 5, label: 'five' }]);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await itemsOfKind.all(asProductDb(db), { kind: 'a', minId: 5 })).toEqual([]);
});

test('a builder that writes a value into the SQL text, or never uses one it asked for, is refused', async () => {
  const literal = fixedQuery<{ kind: string }>()((product, value) => asTestDb(product).selectFrom('fixed_items').select('id').where('kind', '=', sql.lit(value('kind'))));
  await expect(literal.all(asProductDb(db), { kind: 'a' })).rejects.toThrow('written into the SQL text');
  const unused = fixedQuery<{ kind: string }>()((product, value) => {
    value('kind');
    return asTestDb(product).selectFrom('fixed_items').select('id');
  });
  await expect(unused.all(asProductDb(db), { kind: 'a' })).rejects.toThrow('not bound as parameters: kind');
});
