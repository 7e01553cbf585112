import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPasswordHasher } from '../../server/auth/passwordHash';
import { migrateToLatest } from '../../server/db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../server/seed/demo';
import { createTestDatabase, TEST_RECORD_KEY, type TestDatabase } from '../helpers/serverApp';

const passwordHasher = createPasswordHasher();
const NOW = new Date('2026-05-10T08:00:00.000Z');
let workDir: string;
let database: TestDatabase;

beforeEach(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'registry-seed-'));
  database = await createTestDatabase(workDir);
  await migrateToLatest(database.db);
});
afterEach(async () => {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

test('an empty database gets three institutes and the eleven demo accounts with their roles', async () => {
  const result = await seedDemo(database.db, { passwordHasher, now: NOW, recordKey: TEST_RECORD_KEY });
  expect(result).toEqual({ seeded: true, institutes: 3, users: 11, registries: 2, formTypes: 4, accessEntries: 11 });

  const institutes = await database.db.selectFrom('institutes').selectAll().orderBy('short_name').execute();
  expect(institutes.map((i) => [i.name, i.name_en, i.short_name, i.city, i.time_zone])).toEqual([
    ['Alföldi Megyei Kórház', 'Great Plain County Hospital', 'AMK', 'Kecskemét', 'Europe/Budapest'],
    ['Duna-parti Egyetemi Klinika', 'Danube Riverside University Clinic', 'DEK', 'Győr', 'Europe/Budapest'],
    ['Szent Lukács Kórház', "St. Luke's Hospital", 'SZLK', 'Budapest', 'Europe/Budapest'],
  ]);
  for (const institute of institutes) {
    expect(institute.lat).toEqual(expect.any(Number));
    expect(institute.lon).toEqual(expect.any(Number));
  }

  const users = await database.db
    .selectFrom('users')
    .leftJoin('institutes', 'institutes.id', 'users.institute_id')
    .select(['users.id', 'users.email', 'users.state', 'users.doctor', 'institutes.short_name'])
    .execute();
  const roles = await database.db.selectFrom('user_roles').selectAll().execute();
  const byEmail = Object.fromEntries(
    users.map((u) => [
      u.email,
      {
        roles: roles.filter((r) => r.user_id === u.id).map((r) => r.role).sort(),
        institute: u.short_name,
        doctor: Boolean(u.doctor),
        state: u.state,
      },
    ]),
  );
  expect(byEmail).toEqual({
    'admin@example.org': { roles: ['admin', 'impersonator'], institute: null, doctor: false, state: 'active' },
    'local.admin@example.org': { roles: ['local_administrator'], institute: 'SZLK', doctor: false, state: 'active' },
    'investigator@example.org': { roles: ['local_investigator'], institute: 'SZLK', doctor: true, state: 'active' },
    'investigator2@example.org': { roles: ['local_investigator'], institute: 'DEK', doctor: true, state: 'active' },
    'monitor@example.org': { roles: ['monitor_administrator'], institute: null, doctor: false, state: 'active' },
    'monitor2@example.org': { roles: ['monitor_administrator'], institute: null, doctor: false, state: 'active' },
    'monitor.investigator@example.org': { roles: ['monitor_investigator'], institute: null, doctor: true, state: 'active' },
    'biobank@example.org': { roles: ['biobank_admin'], institute: null, doctor: false, state: 'active' },
    'exporter@example.org': { roles: ['data_exporter'], institute: null, doctor: false, state: 'active' },
    'importer@example.org': { roles: ['data_importer'], institute: null, doctor: false, state: 'active' },
    'mfa@example.org': { roles: ['user'], institute: 'AMK', doctor: false, state: 'active' },
  });
  expect(DEMO_ACCOUNTS.map((a) => a.email).sort()).toEqual(Object.keys(byEmail).sort());
});

test('every demo password verifies, and the MFA account is enforced since yesterday without setup', async () => {
  await seedDemo(database.db, { passwordHasher, now: NOW, recordKey: TEST_RECORD_KEY });
  const users = await database.db.selectFrom('users').selectAll().execute();
  for (const user of users) {
    expect(await passwordHasher.verify(user.password_hash ?? '', DEMO_PASSWORD)).toBe(true);
  }
  const mfa = users.find((u) => u.email === 'mfa@example.org');
  expect(mfa).toMatchObject({ mfa_policy: 'enforced', mfa_enforced_at: '2026-05-09T08:00:00.000Z', mfa_secret_encrypted: null });
  expect(Boolean(mfa?.mfa_enabled)).toBe(false);
  expect(users.filter((u) => u.mfa_policy !== 'user').map((u) => u.email)).toEqual(['mfa@example.org']);
});

test('a database that already has users is left alone, also when seeding again', async () => {
  await seedDemo(database.db, { passwordHasher, now: NOW, recordKey: TEST_RECORD_KEY });
  expect(await seedDemo(database.db, { passwordHasher, recordKey: TEST_RECORD_KEY })).toEqual({ seeded: false, institutes: 0, users: 0, registries: 0, formTypes: 0, accessEntries: 0 });
  const counts = await Promise.all([
    database.db.selectFrom('users').selectAll().execute(),
    database.db.selectFrom('institutes').selectAll().execute(),
  ]);
  expect(counts.map((rows) => rows.length)).toEqual([11, 3]);
});

test('one real user is enough to refuse the demo data', async () => {
  const at = NOW.toISOString();
  await database.db
    .insertInto('users')
    .values({ id: 'real', name: 'Real Person', email: 'real@hospital.example', doctor: false, state: 'active', mfa_policy: 'user', created_at: at, updated_at: at })
    .execute();
  expect((await seedDemo(database.db, { passwordHasher, recordKey: TEST_RECORD_KEY })).seeded).toBe(false);
  expect(await database.db.selectFrom('institutes').selectAll().execute()).toEqual([]);
});
