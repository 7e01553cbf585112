// The caller's access entries at a registry's size (docs/decisions.md "The caller's entries found by
// their indexes"): with thousands of other users' entries and fresh planner statistics, the entries
// every request reads with its session are still exactly the caller's own and through its groups,
// in order, and on SQLite the read only seeks (a scan of every entry cost 3 ms per request at
// 10,000 entries, and kept the read off the main thread's quick reads). On the database the tests
// run on (SQLite, or PostgreSQL with TEST_DATABASE_URL).
import { CompiledQuery, sql } from 'kysely';
import { insertSession } from '../../../server/auth/sessions.repository';
import { isSeekOnlyPlan } from '../../../server/db/readPool/quickReads';
import { callerEntriesColumn, findCallerEntries, toAccessEntry } from '../../../server/permissions/accessEntries.repository';
import { findSessionWithCaller } from '../../../server/users/users.repository';
import { testDatabaseUrl } from '../../helpers/serverApp';
import { grownUserRow } from '../../../bench/scale/growPeople';
import { createAuthTestServer, type AuthTestServer } from './authTestKit';

const OTHER_USERS = 500;
const ENTRIES_EACH = 6;

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer();
  const { db } = server;
  const registries = (await db.selectFrom('registries').select('id').orderBy('id').execute()).map((row) => row.id);
  const institutes = (await db.selectFrom('institutes').select('id').orderBy('id').execute()).map((row) => row.id);
  const at = server.clock.now().toISOString();
  const users = Array.from({ length: OTHER_USERS }, (_, n) => grownUserRow(n, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, institutes[n % institutes.length], at));
  await db.insertInto('users').values(users).execute();
  const entries = users.flatMap((u, n) =>
    Array.from({ length: ENTRIES_EACH }, (_, k) => ({
      id: `10000000-0000-4000-8000-${String(n * ENTRIES_EACH + k).padStart(12, '0')}`,
      kind: 'registry' as const,
      trustee_user_id: u.id,
      trustee_group_id: null,
      scheme: 'physician',
      registry_id: registries[k % registries.length],
      form_type_id: null,
      institute_id: u.institute_id,
      physician_id: null,
      attach_permission: false,
      created_at: at,
      updated_at: at,
    })),
  );
  for (let first = 0; first < entries.length; first += 500) await db.insertInto('access_entries').values(entries.slice(first, first + 500)).execute();
  // The statistics the server keeps fresh (plannerStatistics.ts) now show many entries and few memberships.
  await sql`analyze`.execute(db);
}, 60_000);
afterAll(() => server.close());

/** The user's entries as the tables hold them: their own, then those of their groups, in created_at and id order. */
async function entriesFromTables(userId: string) {
  const { db } = server;
  const groupIds = (await db.selectFrom('user_group_members').select('group_id').where('user_id', '=', userId).execute()).map((row) => row.group_id);
  const direct = await db.selectFrom('access_entries').select('id').where('trustee_user_id', '=', userId).execute();
  const viaGroups = groupIds.length === 0 ? [] : await db.selectFrom('access_entries').select('id').where('trustee_group_id', 'in', groupIds).execute();
  const ids = [...direct, ...viaGroups].map((row) => row.id);
  if (ids.length === 0) return [];
  return (await db.selectFrom('access_entries').selectAll().where('id', 'in', ids).orderBy('created_at').orderBy('id').execute()).map(toAccessEntry);
}

test('every demo user and a grown one: the session brings exactly their entries, direct and through groups, in order', async () => {
  const users = await server.db.selectFrom('users').select(['id', 'email']).where('email', 'not like', 'scale.user.%').orderBy('email').execute();
  users.push({ id: `00000000-0000-4000-8000-${String(7).padStart(12, '0')}`, email: 'scale.user.8@example.org' });
  let viaGroup = 0;
  for (const user of users) {
    const sessionId = await insertSession(server.db, { userId: user.id, kind: 'full', now: server.clock.now().toISOString(), expiresAt: '2999-01-01T00:00:00.000Z', userAgent: null, remoteAddress: null });
    const expected = await entriesFromTables(user.id);
    const found = await findSessionWithCaller(server.db, sessionId);
    expect({ email: user.email, entries: found?.caller?.access.entries }).toEqual({ email: user.email, entries: expected });
    expect({ email: user.email, entries: (await findCallerEntries(server.db, user.id)).entries }).toEqual({ email: user.email, entries: expected });
    if (expected.some((entry) => 'groupId' in entry.trustee)) viaGroup += 1;
  }
  // The demo's monitors hold entries through their group, so both kinds are compared.
  expect(viaGroup).toBeGreaterThan(0);
  expect((await entriesFromTables(users[users.length - 1].id)).length).toBe(ENTRIES_EACH);
});

// The read pool's quick reads, and the planner that chose the scan, are SQLite's.
const onSqlite = testDatabaseUrl() ? test.skip : test;

onSqlite('on SQLite the entries column only seeks, with the statistics of many entries and few memberships', async () => {
  const query = server.db
    .selectFrom('users')
    .select(callerEntriesColumn('sqlite', sql<string>`users.id`).as('entries'))
    .where('users.id', '=', 'any')
    .compile();
  const plan = await server.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
  const details = plan.rows.map((row) => row.detail);
  expect(details.join('\n')).toMatch(/access_entries_user_idx/);
  expect(isSeekOnlyPlan(details)).toBe(true);
});
