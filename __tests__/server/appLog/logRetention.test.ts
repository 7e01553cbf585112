// The daily pruning of the application log over a real database with a fake clock: request rows
// older than LOG_RETENTION_DAYS go, in batches; every event row (clinical data, security, crash
// reports, feedback) stays whatever its age; recent requests stay; the day's run happens once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { insertRequestLog, logEvent } from '../../../server/appLog/appLog.repository';
import { migrateToLatest } from '../../../server/db/migrate';
import { dailyTasks } from '../../../server/jobs/dailyTasks';
import { LOG_RETENTION_TASK, pruneRequestLog } from '../../../server/jobs/logRetention';
import { createMailer } from '../../../server/mail/mailer';
import { createTestDatabase, type TestDatabase } from '../../helpers/serverApp';
import { startDailyInstance, type DailyInstance, type DailyRun } from '../jobs/dailyJobKit';

const DAY = 86400 * 1000;
const START = Date.parse('2031-06-01T03:00:00.000Z');
const ago = (days: number): string => new Date(START - days * DAY).toISOString();

let workDir = '';
let database: TestDatabase;
let now = START;
const clock = (): Date => new Date(now);
let daily: DailyInstance | undefined;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'registry-retention-test-'));
  database = await createTestDatabase(workDir);
  await migrateToLatest(database.db);
});
afterAll(async () => {
  await daily?.queue.stop();
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function request(daysAgo: number, url = '/api/v1/health'): Promise<string> {
  const id = await insertRequestLog(database.db, { reqId: `r-${daysAgo}-${Math.random()}`, httpMethod: 'GET', url, httpResponseCode: 200, responseTime: 1 });
  await database.db.updateTable('application_log').set({ created_at: ago(daysAgo) }).where('id', '=', id).execute();
  return id;
}

async function event(daysAgo: number, name: string): Promise<string> {
  const id = await logEvent(database.db, { event: name, targetType: 'form', targetId: 'f1', message: name });
  await database.db.updateTable('application_log').set({ created_at: ago(daysAgo) }).where('id', '=', id).execute();
  return id;
}

const remaining = async (): Promise<string[]> => (await database.db.selectFrom('application_log').select('id').execute()).map((row) => row.id).sort();

function tasks(): ReturnType<typeof dailyTasks> {
  const transport = { destination: 'memory', send: async () => ({ messageId: '1' }), close: () => undefined };
  return dailyTasks({ db: database.db, mailer: createMailer(transport, database.db, pino({ level: 'silent' })), config: { inactivationDays: 180, publicUrl: 'https://registry.example.org', logRetentionDays: 30 } });
}

test('prunes only request rows older than the retention, once a day, keeping every event', async () => {
  const oldRequests = [await request(31), await request(400), await request(30.5, '/api/v1/forms/1')];
  const agesTomorrow = await request(29.99);
  const kept = [
    agesTomorrow,
    await request(1),
    await event(400, 'form.updated'),
    await event(400, 'auth.lockout'),
    await event(90, 'client.crash'),
    await event(90, 'client.feedback'),
    await event(31, 'impersonation.started'),
  ].sort();

  daily = await startDailyInstance({ db: database.db, workDir, databaseUrl: database.url, clock }, tasks());
  const retention = (runs: DailyRun[]): DailyRun | undefined => runs.find((run) => run.task === LOG_RETENTION_TASK);
  const first = retention(await daily.tick());
  expect(first?.job).toMatchObject({ state: 'succeeded', attempts: 1, result: { pruned: oldRequests.length, before: ago(30) } });
  expect(await remaining()).toEqual(kept);

  // The same day again: the day's job ran already, nothing happens even to rows that aged meanwhile.
  const late = await request(45);
  const again = retention(await daily.tick());
  expect(again?.job).toMatchObject({ id: first?.job.id, state: 'succeeded', attempts: 1 });
  expect(await remaining()).toContain(late);

  // The next day prunes it, and the request that has now passed 30 days.
  now = START + DAY + 1000;
  const next = retention(await daily.tick());
  expect(next?.job).toMatchObject({ state: 'succeeded', result: { pruned: 2 } });
  expect(next?.job.id).not.toBe(first?.job.id);
  expect(await remaining()).toEqual(kept.filter((id) => id !== agesTomorrow));
  now = START;
});

test('deletes in batches until nothing old is left, pausing between batches for the requests', async () => {
  const old: string[] = [];
  for (let i = 0; i < 7; i += 1) old.push(await request(100 + i));
  const recent = await request(2);
  const before = await remaining();
  // Three batches (3, 3, 1) with a pause after each full one: the thread is free for requests meanwhile.
  const started = performance.now();
  const result = await pruneRequestLog(database.db, 30, new Date(START), 3, 50);
  expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 50 - 1);
  expect(result.pruned).toBe(7);
  expect(await remaining()).toEqual(before.filter((id) => !old.includes(id)));
  expect(await remaining()).toContain(recent);
});
