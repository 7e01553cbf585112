// One "server instance" of the daily work for tests: its own job queue over the given connection
// (pg-boss on PostgreSQL, the in-process runner on SQLite) with the daily job kind registered, and a
// tick that enqueues the due tasks the way the schedule does, waits for the queue to settle, and
// answers the job rows of the tick.
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/database';
import { createJobQueue } from '../../../server/jobs/createJobQueue';
import { DAILY_JOB_KIND, dailyJobKind, enqueueDueTasks, type DailyTask } from '../../../server/jobs/dailySchedule';
import type { JobQueue } from '../../../server/jobs/jobQueue';
import { findJob, type Job } from '../../../server/jobs/jobs.repository';
import { createLogger } from '../../../server/logger';
import type { Clock } from '../../../server/services';
import { testConfig } from '../../helpers/serverApp';

export interface DailyRun {
  task: string;
  day: string;
  job: Job;
}

export interface DailyInstance {
  queue: JobQueue;
  tick(): Promise<DailyRun[]>;
}

export async function startDailyInstance(
  deps: { db: Kysely<Database>; workDir: string; databaseUrl: string; clock: Clock; leaseMs?: number },
  tasks: readonly DailyTask[],
): Promise<DailyInstance> {
  const queue = createJobQueue(
    { config: testConfig(deps.workDir, deps.databaseUrl), db: deps.db, clock: deps.clock, logger: createLogger('silent') },
    { leaseMs: deps.leaseMs ?? 60_000, pollMs: 100 },
  );
  queue.register(DAILY_JOB_KIND, dailyJobKind(tasks, deps.clock));
  await queue.start();
  return {
    queue,
    async tick() {
      const outcomes = await enqueueDueTasks(
        queue,
        tasks.map((task) => task.name),
        deps.clock,
      );
      await queue.idle();
      const runs: DailyRun[] = [];
      for (const outcome of outcomes) {
        const job = await findJob(deps.db, outcome.jobId);
        if (!job) throw new Error(`job ${outcome.jobId} vanished`);
        runs.push({ task: outcome.task, day: outcome.day, job });
      }
      return runs;
    },
  };
}
