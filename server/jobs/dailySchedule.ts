// The schedule of daily work (DESIGN §5 "durable jobs"): each task runs once per UTC day across
// every server instance. The claim is a row in job_runs keyed (task, day), inserted in one
// statement: the instance whose insert lands runs the task, the others see the row and skip. A run
// that failed, or one left `running` by an instance that died, may be claimed again (an atomic
// update on the row's state), so a bad day is retried on the next tick instead of being lost.
// The same claim works on SQLite and PostgreSQL; a queue library (pg-boss) would add a second
// store and PostgreSQL only (docs/decisions.md "Administration").
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Clock } from '../services';

export interface DailyTaskContext {
  /** The instant the tick saw (from the injectable clock). */
  now: Date;
  /** YYYY-MM-DD, UTC. */
  day: string;
}

export interface DailyTask {
  /** Stable name: the claim key in job_runs. */
  name: string;
  /** Answers a small JSON-able summary, stored with the run. */
  run(context: DailyTaskContext): Promise<unknown>;
}

export type RunOutcome = { task: string; day: string; ran: false } | { task: string; day: string; ran: true; ok: boolean; result: unknown };

/** A run still `running` after this long is taken to be from an instance that died. */
export const STALE_RUN_SECONDS = 3600;
/** How often each instance looks for due work; the claim makes extra looks harmless. */
export const TICK_SECONDS = 600;

export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

export function instanceName(): string {
  return `${hostname()}:${process.pid}`;
}

async function claim(db: Kysely<Database>, task: string, day: string, instance: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto('job_runs')
    .values({ task, day, instance, started_at: at, state: 'running', finished_at: null, result: null })
    .onConflict((oc) => oc.columns(['task', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const staleBefore = new Date(now.getTime() - STALE_RUN_SECONDS * 1000).toISOString();
  const retaken = await db
    .updateTable('job_runs')
    .set({ instance, started_at: at, state: 'running', finished_at: null, result: null })
    .where('task', '=', task)
    .where('day', '=', day)
    .where((eb) => eb.or([eb('state', '=', 'failed'), eb.and([eb('state', '=', 'running'), eb('started_at', '<', staleBefore)])]))
    .executeTakeFirst();
  return Number(retaken.numUpdatedRows) > 0;
}

/** Runs every task whose run of today nobody has claimed yet; answers what happened to each. */
export async function runDueTasks(
  db: Kysely<Database>,
  tasks: readonly DailyTask[],
  options: { clock: Clock; instance?: string; logger?: FastifyBaseLogger },
): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = [];
  for (const task of tasks) {
    const now = options.clock();
    const day = utcDay(now);
    if (!(await claim(db, task.name, day, options.instance ?? instanceName(), now))) {
      outcomes.push({ task: task.name, day, ran: false });
      continue;
    }
    let ok = true;
    let result: unknown;
    try {
      result = await task.run({ now, day });
      options.logger?.info({ task: task.name, day, result }, 'daily task done');
    } catch (error) {
      ok = false;
      result = { error: error instanceof Error ? error.message : String(error) };
      options.logger?.error({ err: error, task: task.name, day }, 'daily task failed');
    }
    await db
      .updateTable('job_runs')
      .set({ state: ok ? 'done' : 'failed', finished_at: options.clock().toISOString(), result: JSON.stringify(result ?? null) })
      .where('task', '=', task.name)
      .where('day', '=', day)
      .execute();
    outcomes.push({ task: task.name, day, ran: true, ok, result });
  }
  return outcomes;
}

export interface DailySchedule {
  /** One look for due work now (what the timer does); tests call it directly. */
  tick(): Promise<RunOutcome[]>;
  stop(): void;
}

/** Looks for due work at start and every TICK_SECONDS; a tick never overlaps the previous one. */
export function startDailySchedule(
  db: Kysely<Database>,
  tasks: readonly DailyTask[],
  options: { clock: Clock; logger: FastifyBaseLogger; intervalSeconds?: number; instance?: string },
): DailySchedule {
  let running: Promise<RunOutcome[]> | null = null;
  const tick = (): Promise<RunOutcome[]> => {
    running ??= runDueTasks(db, tasks, options)
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
