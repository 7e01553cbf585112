// The list helper with the field types the institutes list does not use: number, date, boolean.
// Later lists (users, application log) rely on these comparisons behaving the same on both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '../../server/db/migrate';
import { ApiError } from '../../server/errors/apiError';
import { fetchList, parseListQueryOrThrow, type ListFieldMap } from '../../server/lists/listQuery';
import { createTestDatabase, type TestDatabase } from '../helpers/serverApp';

let workDir: string;
let database: TestDatabase;

const FIELDS: ListFieldMap = {
  url: { column: 'application_log.url', type: 'text' },
  status: { column: 'application_log.http_response_code', type: 'number' },
  createdAt: { column: 'application_log.created_at', type: 'date' },
  responseTime: { column: 'application_log.response_time', type: 'number', filter: false },
};

const USER_FIELDS: ListFieldMap = { doctor: { column: 'users.doctor', type: 'boolean' }, name: { column: 'users.name', type: 'text' } };

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'registry-lists-'));
  database = await createTestDatabase(workDir);
  await migrateToLatest(database.db);
  const rows: [string, number, string, number][] = [
    ['a', 200, '2026-01-01T09:00:00.000Z', 1.5],
    ['b', 404, '2026-01-02T09:00:00.000Z', 0.5],
    ['c', 500, '2026-01-03T09:00:00.000Z', 9],
    ['d', 201, '2026-01-03T18:30:00.000Z', 3],
  ];
  await database.db
    .insertInto('application_log')
    .values(rows.map(([id, code, at, time]) => ({ id, url: `/api/${id}`, http_response_code: code, created_at: at, response_time: time })))
    .execute();
  const at = '2026-01-01T00:00:00.000Z';
  await database.db
    .insertInto('users')
    .values([
      { id: 'u1', name: 'Dr. Kiss', email: 'kiss@example.org', doctor: true, state: 'active', mfa_policy: 'user', created_at: at, updated_at: at },
      { id: 'u2', name: 'Nagy', email: 'nagy@example.org', doctor: false, state: 'active', mfa_policy: 'user', created_at: at, updated_at: at },
    ])
    .execute();
});
afterAll(async () => {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function logIds(raw: Record<string, string>): Promise<string[]> {
  const query = parseListQueryOrThrow(raw, FIELDS);
  const base = database.db.selectFrom('application_log').select(['application_log.id']);
  const { rows } = await fetchList(base, query, { fields: FIELDS, dialect: database.dialect, tieBreaker: 'application_log.id' });
  return rows.map((row) => row.id);
}

async function failure(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

test.each([
  ['status>=400', ['b', 'c']],
  ['status<201', ['a']],
  ['status==404', ['b']],
  ['status!=404', ['a', 'c', 'd']],
  ['createdAt>=2026-01-03', ['c', 'd']],
  ['createdAt<2026-01-02T12:00:00Z', ['a', 'b']],
  ['createdAt>2026-01-03T10:00:00+01:00', ['d']],
])('filter %s', async (filter, expected) => {
  expect(await logIds({ filter })).toEqual(expected);
});

test('numbers sort numerically and the tie-breaker keeps the order stable', async () => {
  expect(await logIds({ sort: '-responseTime' })).toEqual(['c', 'd', 'a', 'b']);
  expect(await logIds({ sort: 'status', limit: '2', offset: '1' })).toEqual(['d', 'b']);
});

test('booleans filter with the boolean-text rule on both databases', async () => {
  const run = async (filter: string): Promise<string[]> => {
    const query = parseListQueryOrThrow({ filter }, USER_FIELDS);
    const base = database.db.selectFrom('users').select(['users.id']);
    const { rows } = await fetchList(base, query, { fields: USER_FIELDS, dialect: database.dialect, tieBreaker: 'users.id' });
    return rows.map((row) => row.id);
  };
  expect(await run('doctor==yes')).toEqual(['u1']);
  expect(await run('doctor==0')).toEqual(['u2']);
  expect(await run('doctor!=true')).toEqual(['u2']);
  const error = await failure(() => run('doctor>=true'));
  expect(error.errors).toEqual([{ path: 'filter', key: 'list.filterOperator', context: { field: 'doctor', operator: '>=' } }]);
});

test.each([
  ['status>=many', 'list.filterValue', { field: 'status', value: 'many', type: 'number' }],
  ['createdAt<yesterday', 'list.filterValue', { field: 'createdAt', value: 'yesterday', type: 'date' }],
  ['status=@40', 'list.filterOperator', { field: 'status', operator: '=@' }],
])('%s is a 400 naming the field', async (filter, key, context) => {
  const error = await failure(() => logIds({ filter }));
  expect(error.statusCode).toBe(400);
  expect(error.errors).toEqual([{ path: 'filter', key, context }]);
});

test('a field marked filter: false can be sorted on but not filtered on', async () => {
  const error = await failure(() => logIds({ filter: 'responseTime>1' }));
  expect(error.errors?.[0]).toMatchObject({ key: 'list.unknownFilterField', context: { field: 'responseTime', allowed: 'url, status, createdAt' } });
});

test('ties run the way the last sort key runs, so an index serves the order walked backwards', async () => {
  const at = '2026-02-01T09:00:00.000Z';
  await database.db
    .insertInto('application_log')
    .values(['tie-1', 'tie-2', 'tie-3'].map((id) => ({ id, url: '/api/tie', http_response_code: 302, created_at: at, response_time: 7 })))
    .execute();
  expect(await logIds({ filter: 'status==302', sort: '-createdAt' })).toEqual(['tie-3', 'tie-2', 'tie-1']);
  expect(await logIds({ filter: 'status==302', sort: 'createdAt' })).toEqual(['tie-1', 'tie-2', 'tie-3']);
  expect(await logIds({ filter: 'status==302', sort: '-responseTime,createdAt' })).toEqual(['tie-1', 'tie-2', 'tie-3']);
});
