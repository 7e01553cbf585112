// Runs one claimed job: the part both queue implementations share. The claim (queued -> running in
// one conditional update) is what makes a job run once however many instances receive "job X is
// due"; the lease, renewed while the job works, is what lets another instance see that the runner
// died (jobs.repository.ts recoverExpiredJobs).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Clock } from '../services';
import { JobFailure, type JobKind } from './jobQueue';
import { openJobSecret } from './jobSecrets';
import { claimJob, findJob, findJobRow, finishJob, recoverExpiredJobs, renewLease, toJob, type JobEnding } from './jobs.repository';

/** Progress is written at most this often; the last call before the end is always written. */
export const PROGRESS_WRITE_MS = 500;

export interface JobRunnerOptions {
  db: Kysely<Database>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** This instance's name in lease_owner. */
  owner: string;
  secretKey: Buffer;
  /** How long a lease holds without renewal; renewed every third of it. */
  leaseMs: number;
  kinds: ReadonlyMap<string, JobKind>;
}

export interface JobRunner {
  /** Claims and runs the job; false when it was not queued (someone else runs or ran it). */
  run(id: string): Promise<boolean>;
  /** Requeues or fails the jobs of dead instances; answers the requeued ids. */
  recover(): Promise<string[]>;
}

function describe(error: unknown): Required<Pick<JobEnding, 'errorCode' | 'error'>> {
  if (error instanceof JobFailure) return { errorCode: error.code, error: error.message };
  return { errorCode: 'job_failed', error: error instanceof Error ? error.message : String(error) };
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, logger, owner, leaseMs } = options;

  async function ended(id: string): Promise<void> {
    const job = await findJob(db, id);
    const kind = job ? options.kinds.get(job.kind) : undefined;
    if (!job || !kind?.onEnded) return;
    try {
      await kind.onEnded(job);
    } catch (error) {
      logger.error({ err: error, jobId: id }, 'job delivery failed');
    }
  }

  async function execute(id: string, kind: JobKind): Promise<void> {
    const row = await findJobRow(db, id);
    if (!row) return;
    const controller = new AbortController();
    let lastWrite = 0;
    let pending: { done: number; total: number } | undefined;
    const renew = async (progress?: { done: number; total: number }): Promise<void> => {
      const ours = await renewLease(db, id, owner, clock(), leaseMs, progress);
      if (!ours && !controller.signal.aborted) controller.abort(new JobFailure('cancelled', 'The job was cancelled'));
    };
    const heartbeat = setInterval(() => void renew().catch((error: unknown) => logger.warn({ err: error, jobId: id }, 'job lease renewal failed')), Math.max(50, leaseMs / 3));
    let ending: JobEnding;
    try {
      const secret = row.secret === null ? null : openJobSecret(options.secretKey, row.secret);
      if (row.secret !== null && secret === null) throw new JobFailure('secret_unavailable', 'The job was queued under another APP_SECRET; start it again');
      const result = await kind.run({
        job: toJob(row),
        secret,
        signal: controller.signal,
        progress: async (done, total) => {
          pending = { done, total };
          if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = Date.now();
          await renew(pending);
          pending = undefined;
        },
      });
      ending = { state: 'succeeded', result: result ?? null };
    } catch (error) {
      ending = { state: 'failed', ...describe(controller.signal.aborted ? controller.signal.reason : error) };
      if (!controller.signal.aborted) logger.warn({ err: error, jobId: id, kind: row.kind }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
    if (pending && ending.state === 'succeeded') await renew(pending);
    if (await finishJob(db, id, owner, ending, clock())) await ended(id);
  }

  return {
    async run(id) {
      const row = await findJobRow(db, id);
      const kind = row ? options.kinds.get(row.kind) : undefined;
      if (!row || !kind) return false;
      if (!(await claimJob(db, id, owner, clock(), leaseMs))) return false;
      await execute(id, kind);
      return true;
    },
    async recover() {
      const recovery = await recoverExpiredJobs(db, clock());
      if (recovery.requeued.length > 0 || recovery.failed.length > 0) logger.warn({ requeued: recovery.requeued, failed: recovery.failed }, 'jobs of a stopped instance recovered');
      for (const id of recovery.failed) await ended(id);
      return recovery.requeued;
    },
  };
}
