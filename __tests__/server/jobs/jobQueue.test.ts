// The durable job queue over a real database (SQLite, or PostgreSQL with pg-boss when
// TEST_DATABASE_URL is set): states, progress, the sealed secret, failures, cancel, and recovery of
// jobs a killed process left running.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJobQueue } from '../../../server/jobs/createJobQueue';
import { JobFailure, type JobContext, type JobQueue } from '../../../server/jobs/jobQueue';
import { findJob, findJobRow, type Job } from '../../../server/jobs/jobs.repository';
import { createLogger } from '../../../server/logger';
import { migrateToLatest } from '../../../server/db/migrate';
import { createTestDatabase, testConfig, waitFor, type TestDatabase } from '../../helpers/serverApp';

let workDir: string;
let database: TestDatabase;
const queues: JobQueue[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'jobs-test-'));
  database = await createTestDatabase(workDir);
  await migrateToLatest(database.db);
});

afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
  await database.db.deleteFrom('jobs').execute();
});

afterAll(async () => {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

function newQueue(db = database.db, leaseMs = 60_000): JobQueue {
  const queue = createJobQueue({ config: testConfig(workDir, database.url), db, clock: () => new Date(), logger: createLogger('silent') }, { leaseMs, pollMs: 200 });
  queues.push(queue);
  return queue;
}

/** A row as a process killed mid-run leaves it: running, its lease expired. */
async function strandedJob(kind: string, attempts: number, maxAttempts: number): Promise<string> {
  const id = `stranded-${attempts}-${maxAttempts}-${Math.random().toString(36).slice(2)}`;
  const past = new Date(Date.now() - 120_000).toISOString();
  await database.db
    .insertInto('jobs')
    .values({
      id,
      kind,
      parameters: JSON.stringify({ n: 1 }),
      secret: null,
      requester_id: null,
      state: 'running',
      progress_done: 3,
      progress_total: 10,
      result: null,
      error_code: null,
      error: null,
      attempts,
      max_attempts: maxAttempts,
      lease_owner: 'a-dead-process',
      lease_until: past,
      created_at: past,
      started_at: past,
      finished_at: null,
      updated_at: past,
    })
    .execute();
  return id;
}

const settledJob = (id: string): Promise<Job> =>
  waitFor(async () => {
    const job = await findJob(database.db, id);
    return job && !['queued', 'running'].includes(job.state) ? job : undefined;
  }, 15_000);

test('a job runs once to succeeded, with its progress, result and the secret it was given, which the row holds only sealed and loses at the end', async () => {
  const queue = newQueue();
  const seen: { secret: string | null; parameters: unknown }[] = [];
  queue.register('sample', {
    maxAttempts: 1,
    async run({ job, secret, progress }) {
      seen.push({ secret, parameters: job.parameters });
      await progress(5, 5);
      return { rows: 5 };
    },
  });
  const job = await queue.enqueue('sample', { fileName: 'x' }, null, { secret: 'Secret-Passw0rd!' });
  expect(job.state).toBe('queued');
  const stored = await findJobRow(database.db, job.id);
  expect(stored?.secret).toBeTruthy();
  expect(stored?.secret).not.toContain('Secret-Passw0rd!');
  expect(stored?.parameters).not.toContain('Secret-Passw0rd!');

  await queue.start();
  const done = await settledJob(job.id);
  expect(done).toMatchObject({ state: 'succeeded', result: { rows: 5 }, progress: { done: 5, total: 5 }, attempts: 1, errorCode: null });
  expect(seen).toEqual([{ secret: 'Secret-Passw0rd!', parameters: { fileName: 'x' } }]);
  expect((await findJobRow(database.db, job.id))?.secret).toBeNull();
});

test('a job that fails is failed with its code and reason, and its delivery hook sees it', async () => {
  const queue = newQueue();
  const ended: Job[] = [];
  queue.register('sample', {
    maxAttempts: 3,
    run: () => Promise.reject(new JobFailure('export_failed', 'the disk is full')),
    onEnded: async (job) => {
      ended.push(job);
    },
  });
  await queue.start();
  const job = await queue.enqueue('sample', {}, null);
  const done = await settledJob(job.id);
  // A job's own failure is not retried: only a crash is.
  expect(done).toMatchObject({ state: 'failed', errorCode: 'export_failed', error: 'the disk is full', attempts: 1 });
  await waitFor(async () => (ended.length > 0 ? true : undefined));
  expect(ended.map((j) => j.state)).toEqual(['failed']);
});

test('a job left running by a killed process is retried on start while attempts remain, and failed with the reason when none do', async () => {
  const retried = await strandedJob('sample', 1, 2);
  const exhausted = await strandedJob('sample', 2, 2);
  const ended: Job[] = [];
  const queue = newQueue();
  queue.register('sample', { maxAttempts: 2, run: async () => ({ ok: true }), onEnded: async (job) => void ended.push(job) });
  await queue.start();

  expect(await settledJob(retried)).toMatchObject({ state: 'succeeded', attempts: 2, result: { ok: true } });
  const failed = await settledJob(exhausted);
  expect(failed).toMatchObject({ state: 'failed', errorCode: 'interrupted', attempts: 2 });
  expect(failed.error).toMatch(/stopped during attempt 2 of 2/);
  await waitFor(async () => (ended.length === 2 ? true : undefined));
  expect(ended.map((j) => `${j.id}:${j.state}`).sort()).toEqual([`${exhausted}:failed`, `${retried}:succeeded`].sort());
});

test('a running job whose lease is still valid is left alone: only an expired lease means its process died', async () => {
  const id = await strandedJob('sample', 1, 2);
  await database.db.updateTable('jobs').set({ lease_until: new Date(Date.now() + 600_000).toISOString() }).where('id', '=', id).execute();
  const queue = newQueue();
  queue.register('sample', { maxAttempts: 2, run: async () => ({}) });
  await queue.start();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await findJob(database.db, id))?.state).toBe('running');
});

test('cancel stops a queued job before it runs and a running one at its next lease renewal; an ended job cannot be cancelled', async () => {
  const queue = newQueue(database.db, 300);
  let started = false;
  let aborted = false;
  queue.register('slow', {
    maxAttempts: 1,
    run: ({ signal }: JobContext) =>
      new Promise((resolve, reject) => {
        started = true;
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(signal.reason);
        });
      }),
  });
  const waiting = await queue.enqueue('slow', {}, null);
  expect(await queue.cancel(waiting.id)).toBe(true);
  expect((await findJob(database.db, waiting.id))?.state).toBe('cancelled');

  await queue.start();
  const running = await queue.enqueue('slow', {}, null);
  await waitFor(async () => (started ? true : undefined), 10_000);
  expect(await queue.cancel(running.id)).toBe(true);
  await waitFor(async () => (aborted ? true : undefined), 5_000);
  const after = await findJob(database.db, running.id);
  expect(after).toMatchObject({ state: 'cancelled', errorCode: 'cancelled' });
  expect(await queue.cancel(running.id)).toBe(false);
});

test('two queues over one database (two server instances) run each job exactly once', async () => {
  const second = database.reopen();
  try {
    const runs: string[] = [];
    const kind = { maxAttempts: 1, run: async ({ job }: JobContext) => void runs.push(job.id) };
    const first = newQueue();
    const other = newQueue(second.db);
    first.register('sample', kind);
    other.register('sample', kind);
    await Promise.all([first.start(), other.start()]);
    const jobs = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? first : other).enqueue('sample', { i }, null)));
    for (const job of jobs) expect(await settledJob(job.id)).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect(runs.sort()).toEqual(jobs.map((j) => j.id).sort());
    await other.stop();
  } finally {
    await second.close();
  }
});
