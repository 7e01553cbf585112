// The schedule of daily work (DESIGN §5 "durable jobs", issue 14 item 1): it only decides what is
// due. Each tick enqueues one job per (task, UTC day) on the JobQueue with the dedupe key
// `daily:<task>:<day>`; the unique index on jobs.dedupe_key makes that one row however many
// instances tick at once, and the queue's claim makes it run once, with the queue's lease, crash
// recovery and retries. The job row carries the day's state, result and error. A day whose run
// failed is queued again by the next tick while attempts remain (docs/decisions.md "Daily jobs on
// the job queue").
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../services';
import { JobFailure, type JobKind, type JobQueue } from './jobQueue';

export interface DailyTaskContext {
  /** The instant the job started (from the injectable clock). */
  now: Date;
  /** YYYY-MM-DD, UTC: the day the job was enqueued for. */
  day: string;
}

export interface DailyTask {
  /** Stable name: part of the job's dedupe key. */
  name: string;
  /** Answers a small JSON-able summary, stored as the job's result. */
  run(context: DailyTaskContext): Promise<unknown>;
}

/** The one job kind of all daily work; the task is in the parameters. */
export const DAILY_JOB_KIND = 'daily';
/** Attempts per task and day, counting the first: a failure or a crash uses one. */
export const DAILY_MAX_ATTEMPTS = 3;
/** How often each instance looks for due work; the dedupe key makes extra looks harmless. */
export const TICK_SECONDS = 600;

export interface DailyJobParameters {
  task: string;
  day: string;
}

export type TickOutcome = { task: string; day: string; jobId: string; state: string };

export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);
export const dailyDedupeKey = (task: string, day: string): string => `daily:${task}:${day}`;

/** The job kind that runs a daily task: register it on the queue under DAILY_JOB_KIND. */
export function dailyJobKind(tasks: readonly DailyTask[], clock: Clock): JobKind {
  const byName = new Map(tasks.map((task) => [task.name, task]));
  return {
    maxAttempts: DAILY_MAX_ATTEMPTS,
    async run({ job }) {
      const { task: name, day } = job.parameters as DailyJobParameters;
      const task = byName.get(name);
      if (!task) throw new JobFailure('unknown_daily_task', `No daily task ${name} on this server`);
      return task.run({ now: clock(), day });
    },
  };
}

/** Enqueues today's job of every task (once per day across instances); answers the job of each. */
export async function enqueueDueTasks(queue: JobQueue, taskNames: readonly string[], clock: Clock): Promise<TickOutcome[]> {
  const outcomes: TickOutcome[] = [];
  for (const task of taskNames) {
    const day = utcDay(clock());
    const dedupeKey = dailyDedupeKey(task, day);
    let job = await queue.enqueue(DAILY_JOB_KIND, { task, day } satisfies DailyJobParameters, null, { dedupeKey });
    if (job.state === 'failed' && (await queue.retryFailed(dedupeKey))) job = { ...job, state: 'queued' };
    outcomes.push({ task, day, jobId: job.id, state: job.state });
  }
  return outcomes;
}

export interface DailySchedule {
  /** One look for due work now (what the timer does); tests call it directly. */
  tick(): Promise<TickOutcome[]>;
  stop(): void;
}

/** Looks for due work at start and every TICK_SECONDS; a tick never overlaps the previous one. */
export function startDailySchedule(
  queue: JobQueue,
  taskNames: readonly string[],
  options: { clock: Clock; logger: FastifyBaseLogger; intervalSeconds?: number },
): DailySchedule {
  let running: Promise<TickOutcome[]> | null = null;
  const tick = (): Promise<TickOutcome[]> => {
    running ??= enqueueDueTasks(queue, taskNames, options.clock)
      .catch((error: unknown) => {
        options.logger.error({ err: error }, 'daily schedule tick failed');
        return [];
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  void tick();
  const timer = setInterval(() => void tick(), (options.intervalSeconds ?? TICK_SECONDS) * 1000);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
