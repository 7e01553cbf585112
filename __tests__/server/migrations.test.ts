import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { NewUser } from '../../server/db/database';
import { migrateToEmpty, migrateToLatest, migratorFor } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { createTestDatabase, type TestDatabase } from '../helpers/serverApp';

let workDir: string;
let database: TestDatabase;
const NOW = '2026-03-01T10:00:00.000Z';
const ALL_MIGRATIONS = Object.keys(MIGRATIONS);

test('migrations are numbered 0001, 0002, ... without a gap or a repeat, in the order they run', () => {
  expect(ALL_MIGRATIONS.map((name) => name.slice(0, 5))).toEqual(ALL_MIGRATIONS.map((_, index) => `${String(index + 1).padStart(4, '0')}_`));
  expect(ALL_MIGRATIONS[0]).toBe('0001_foundation');
});

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'registry-migrate-'));
  database = await createTestDatabase(workDir);
});
afterAll(async () => {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

function newUser(id: string, email: string): NewUser {
  return {
    id,
    name: `User ${id}`,
    email,
    doctor: true,
    state: 'active',
    mfa_policy: 'user',
    created_at: NOW,
    updated_at: NOW,
  };
}

/**
 * The database's error message. (Not `rejects.toThrow()`: better-sqlite3 creates its errors with
 * the constructor of the first test file loaded in a jest worker, which other files do not see
 * as an Error.)
 */
async function failure(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    return String((error as { message?: unknown }).message);
  }
  throw new Error('expected the database to refuse');
}

test('migrations apply once, and a second run (also from another connection) changes nothing', async () => {
  expect(await migrateToLatest(database.db)).toEqual(ALL_MIGRATIONS);
  expect(await migrateToLatest(database.db)).toEqual([]);
  const other = database.reopen();
  try {
    expect(await migrateToLatest(other.db)).toEqual([]);
  } finally {
    await other.close();
  }
});

test('the schema stores and reads back users, roles, sessions and settings on this dialect', async () => {
  const { db } = database;
  await db.insertInto('users').values(newUser('u1', 'anna@example.org')).execute();
  await db.insertInto('user_roles').values([{ user_id: 'u1', role: 'admin' }, { user_id: 'u1', role: 'impersonator' }]).execute();
  await db
    .insertInto('sessions')
    .values({ id: 's1', user_id: 'u1', kind: 'full', created_at: NOW, expires_at: NOW, last_seen_at: NOW })
    .execute();
  await db.insertInto('profile_settings').values({ user_id: 'u1', updated_at: NOW }).execute();

  const user = await db.selectFrom('users').selectAll().where('id', '=', 'u1').executeTakeFirstOrThrow();
  expect(Boolean(user.doctor)).toBe(true);
  expect(Boolean(user.mfa_enabled)).toBe(false);
  expect(user.created_at).toBe(NOW);
  const settings = await db.selectFrom('profile_settings').selectAll().executeTakeFirstOrThrow();
  expect(settings).toMatchObject({ per_page: 10, locale: 'hu' });
  const count = await db.selectFrom('user_roles').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  expect(Number(count.n)).toBe(2);
});

test('e-mail addresses are unique regardless of case', async () => {
  expect(await failure(database.db.insertInto('users').values(newUser('u2', 'ANNA@example.org')).execute())).toMatch(
    /users_email_lower_unique/,
  );
});

test('unknown roles, states and session kinds are refused by the database', async () => {
  const { db } = database;
  expect(await failure(db.insertInto('user_roles').values({ user_id: 'u1', role: 'superuser' }).execute())).toMatch(
    /user_roles_role_check/,
  );
  expect(
    await failure(db.insertInto('users').values({ ...newUser('u3', 'x@example.org'), state: 'deleted' as 'active' }).execute()),
  ).toMatch(/users_state_check/);
  expect(
    await failure(
      db
        .insertInto('sessions')
        .values({ id: 's2', user_id: 'u1', kind: 'half' as 'full', created_at: NOW, expires_at: NOW, last_seen_at: NOW })
        .execute(),
    ),
  ).toMatch(/sessions_kind_check/);
});

test('foreign keys hold: a session of an unknown user is refused, deleting a user removes its roles', async () => {
  const { db } = database;
  expect(
    await failure(
      db.insertInto('sessions').values({ id: 's3', user_id: 'ghost', kind: 'full', created_at: NOW, expires_at: NOW, last_seen_at: NOW }).execute(),
    ),
  ).toMatch(/foreign key/i);
  await db.deleteFrom('users').where('id', '=', 'u1').execute();
  const roles = await db.selectFrom('user_roles').selectAll().where('user_id', '=', 'u1').execute();
  expect(roles).toEqual([]);
});

test('migrating down drops every table and migrating up again starts empty', async () => {
  const { db } = database;
  await db.insertInto('users').values(newUser('u4', 'keep@example.org')).execute();
  expect(await migrateToEmpty(db)).toEqual([...ALL_MIGRATIONS].reverse());
  expect(await failure(db.selectFrom('users').selectAll().execute())).toMatch(/users/);
  expect(await migrateToLatest(db)).toEqual(ALL_MIGRATIONS);
  expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
});

test('a migration that fails midway leaves nothing of itself, and the next start applies it whole', async () => {
  const { db } = database;
  const withExtra = (extra: Migration): Promise<Migrator> => migratorFor(db, { ...MIGRATIONS, '9999_half_done': extra });
  const addColumn = (trx: Kysely<unknown>): Promise<void> => trx.schema.alterTable('users').addColumn('half_done', 'text').execute();
  const whole: Migration = { up: addColumn, down: (trx) => trx.schema.alterTable('users').dropColumn('half_done').execute() };
  const applied = async (): Promise<string[]> => (await sql<{ name: string }>`select name from kysely_migration where name = '9999_half_done'`.execute(db)).rows.map((row) => row.name);

  // Stopped after its first statement, as a crash or Ctrl-C during an upgrade would stop it.
  const failed = await (await withExtra({ up: async (trx) => (await addColumn(trx), Promise.reject(new Error('stopped midway'))) })).migrateToLatest();
  expect(failed.error).toEqual(new Error('stopped midway'));
  expect(await failure(sql`select half_done from users`.execute(db))).toMatch(/half_done/);
  expect(await applied()).toEqual([]);

  const again = await (await withExtra(whole)).migrateToLatest();
  expect(again.error).toBeUndefined();
  expect(await applied()).toEqual(['9999_half_done']);
  expect((await sql`select half_done from users`.execute(db)).rows).toEqual([]);
  expect((await (await withExtra(whole)).migrateTo(ALL_MIGRATIONS.at(-1) as string)).error).toBeUndefined();
});
