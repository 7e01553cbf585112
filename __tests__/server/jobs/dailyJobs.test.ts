// The daily schedule on the job queue over a real database (SQLite, or PostgreSQL with pg-boss when
// TEST_DATABASE_URL is set): two schedules over one database enqueue a day's task once and it runs
// once; the job row carries the task's result; a daily job a killed process left running is retried.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { createJobQueue } from '../../../server/jobs/createJobQueue';
import { DAILY_JOB_KIND, dailyJobKind, startDailySchedule, type DailySchedule, type DailyTask } from '../../../server/jobs/dailySchedule';
import type { JobQueue } from '../../../server/jobs/jobQueue';
import { findJobRow } from '../../../server/jobs/jobs.repository';
import { createLogger } from '../../../server/logger';
import { createTestDatabase, testConfig, type TestDatabase } from '../../helpers/serverApp';
import { startDailyInstance, type DailyInstance } from './dailyJobKit';

const NOW = Date.parse('2032-02-02T04:00:00.000Z');
const clock = (): Date => new Date(NOW);

let workDir = '';
let database: TestDatabase;
let second: { db: Kysely<Database>; close(): Promise<void> };
const queues: JobQueue[] = [];
const schedules: DailySchedule[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'daily-jobs-test-'));
  database = await createTestDatabase(workDir);
  await migrateToLatest(database.db);
  second = database.reopen();
});
afterEach(async () => {
  for (const schedule of schedules.splice(0)) schedule.stop();
  for (const queue of queues.splice(0)) await queue.stop();
  await database.db.deleteFrom('jobs').execute();
});
afterAll(async () => {
  await second.close();
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** A task that counts its runs across instances (one process runs both in the test). */
function countingTask(name: string): DailyTask & { calls: number } {
  const task = {
    name,
    calls: 0,
    run: async ({ day }: { day: string }): Promise<unknown> => {
      task.calls += 1;
      return { day, call: task.calls };
    },
  };
  return task;
}

async function queueWithDailyWork(db: Kysely<Database>, tasks: readonly DailyTask[]): Promise<JobQueue> {
  const queue = createJobQueue({ config: testConfig(workDir, database.url), db, clock, logger: createLogger('silent') }, { leaseMs: 60_000, pollMs: 100 });
  queue.register(DAILY_JOB_KIND, dailyJobKind(tasks, clock));
  queues.push(queue);
  await queue.start();
  return queue;
}

test('two schedules over one database enqueue the day\'s task once; it runs once and its result is in the job row', async () => {
  const task = countingTask('sweep');
  const [one, two] = await Promise.all([queueWithDailyWork(database.db, [task]), queueWithDailyWork(second.db, [task])]);
  // Each schedule ticks at start; ticking again at once is what two instances' timers may do.
  for (const queue of [one, two]) schedules.push(startDailySchedule(queue, [task.name], { clock, logger: createLogger('silent'), intervalSeconds: 3600 }));
  const outcomes = (await Promise.all(schedules.flatMap((schedule) => [schedule.tick(), schedule.tick()]))).flat();
  await Promise.all([one.idle(), two.idle()]);

  const rows = await database.db.selectFrom('jobs').selectAll().where('kind', '=', DAILY_JOB_KIND).execute();
  expect(rows).toHaveLength(1);
  expect(new Set(outcomes.map((outcome) => outcome.jobId))).toEqual(new Set([rows[0].id]));
  expect(task.calls).toBe(1);
  expect(rows[0]).toMatchObject({ dedupe_key: 'daily:sweep:2032-02-02', state: 'succeeded', error: null });
  expect(Number(rows[0].attempts)).toBe(1);
  expect(JSON.parse(rows[0].parameters)).toEqual({ task: 'sweep', day: '2032-02-02' });
  expect(JSON.parse(rows[0].result ?? 'null')).toEqual({ day: '2032-02-02', call: 1 });
});

/** A daily job row as a process killed mid-run leaves it: running, its lease expired. */
async function strandedDailyJob(task: string, attempts: number): Promise<string> {
  const id = `stranded-daily-${attempts}`;
  const past = new Date(Date.now() - 120_000).toISOString();
  await database.db
    .insertInto('jobs')
    .values({
      id,
      kind: DAILY_JOB_KIND,
      parameters: JSON.stringify({ task, day: '2032-02-02' }),
      secret: null,
      requester_id: null,
      state: 'running',
      progress_done: 0,
      progress_total: null,
      result: null,
      error_code: null,
      error: null,
      attempts,
      max_attempts: 3,
      lease_owner: 'a-dead-process',
      lease_until: past,
      created_at: past,
      started_at: past,
      finished_at: null,
      updated_at: past,
      dedupe_key: `daily:${task}:2032-02-02`,
    })
    .execute();
  return id;
}

test('a daily job a crashed instance left running is retried by the queue, not enqueued a second time', async () => {
  const task = countingTask('crashy');
  const id = await strandedDailyJob(task.name, 1);
  const instance: DailyInstance = await startDailyInstance({ db: database.db, workDir, databaseUrl: database.url, clock }, [task]);
  queues.push(instance.queue);
  const [run] = await instance.tick();
  expect(run.job).toMatchObject({ id, state: 'succeeded', attempts: 2, result: { day: '2032-02-02', call: 1 } });
  expect(task.calls).toBe(1);
  expect((await database.db.selectFrom('jobs').select('id').execute()).map((row) => row.id)).toEqual([id]);
});

test('a daily job that crashed on its last attempt is failed with the reason in its row', async () => {
  const task = countingTask('doomed');
  const id = await strandedDailyJob(task.name, 3);
  const instance = await startDailyInstance({ db: database.db, workDir, databaseUrl: database.url, clock }, [task]);
  queues.push(instance.queue);
  await instance.tick();
  const row = await findJobRow(database.db, id);
  expect(row).toMatchObject({ state: 'failed', error_code: 'interrupted' });
  expect(task.calls).toBe(0);
});
