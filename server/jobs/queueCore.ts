// What both queue implementations share: the registered kinds, the row insert of enqueue, cancel,
// and waiting for the work to settle.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Clock } from '../services';
import type { EnqueueOptions, JobKind } from './jobQueue';
import { createJobRunner, type JobRunner } from './jobRunner';
import { sealJobSecret } from './jobSecrets';
import { cancelJob, insertJob, requeueFailedJob, type Job } from './jobs.repository';

export interface QueueSettings {
  db: Kysely<Database>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** This instance's name (host:pid by default). */
  owner: string;
  secretKey: Buffer;
  /** Lease of a running job; a dead instance's jobs are recovered this long after its last renewal. */
  leaseMs: number;
  /** How often an idle worker looks for queued rows (SQLite) or messages (pg-boss). */
  pollMs: number;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_POLL_MS = 2_000;
/**
 * How long stop() waits for running jobs. A deploy should not wait for a million-form export: a
 * job still running when the process exits keeps its row `running` until its lease runs out, and
 * is then retried by whichever instance recovers it.
 */
export const STOP_GRACE_MS = 10_000;

export interface QueueCore {
  kinds: Map<string, JobKind>;
  runner: JobRunner;
  insert(kind: string, parameters: unknown, requesterId: string | null, options?: EnqueueOptions): Promise<Job>;
  cancel(id: string): Promise<boolean>;
  requeueFailed(dedupeKey: string): Promise<boolean>;
  /** Runs every job this instance took on, tracking them so stop() and idle() can wait. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves when nothing runs here, or after `graceMs` (a job still running then is left to its lease). */
  settled(graceMs?: number): Promise<void>;
}

export function createQueueCore(settings: QueueSettings): QueueCore {
  const kinds = new Map<string, JobKind>();
  const inFlight = new Set<Promise<unknown>>();
  const runner = createJobRunner({ ...settings, kinds });
  return {
    kinds,
    runner,
    async insert(kind, parameters, requesterId, options = {}) {
      const handler = kinds.get(kind);
      if (!handler) throw new Error(`No job kind ${kind} is registered`);
      const secret = options.secret === undefined ? null : sealJobSecret(settings.secretKey, options.secret);
      return insertJob(settings.db, { kind, parameters, requesterId, secret, maxAttempts: handler.maxAttempts, dedupeKey: options.dedupeKey }, settings.clock());
    },
    cancel: (id) => cancelJob(settings.db, id, settings.clock()),
    requeueFailed: (dedupeKey) => requeueFailedJob(settings.db, dedupeKey, settings.clock()),
    track(work) {
      inFlight.add(work);
      void work.catch(() => undefined).finally(() => inFlight.delete(work));
      return work;
    },
    async settled(graceMs) {
      const drained = (async (): Promise<void> => {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      })();
      if (graceMs === undefined) return drained;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
        timer.unref();
      });
      await Promise.race([drained, grace]);
      clearTimeout(timer);
    },
  };
}

/** Waits until no job of the registered kinds is queued or running (tests, shutdown checks). */
export async function waitUntilNoOpenJobs(db: Kysely<Database>, kinds: readonly string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (kinds.length === 0) return;
    const open = await db.selectFrom('jobs').select('id').where('kind', 'in', kinds).where('state', 'in', ['queued', 'running']).limit(1).executeTakeFirst();
    if (!open) return;
    if (Date.now() > deadline) throw new Error('jobs still open after waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
