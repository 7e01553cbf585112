// One interface for durable jobs (DESIGN §5, issue 14 item 1): export now, import, statistics and
// daily work later. Two implementations share the job row (jobs.repository.ts) as the source of
// truth and the runner (jobRunner.ts): pg-boss on PostgreSQL carries "job X is due" to whichever
// instance is free; an in-process poller claims queued rows on SQLite. See docs/decisions.md
// "Durable jobs and the data export".
import type { Job } from './jobs.repository';

export interface JobContext {
  job: Job;
  /** The decrypted secret given to enqueue (e.g. the export password); null when none was. */
  secret: string | null;
  /** Aborted when the job is cancelled (or its lease was lost): stop and clean up. */
  signal: AbortSignal;
  /** Records progress (written at most every PROGRESS_WRITE_MS, and renews the lease). */
  progress(done: number, total: number): Promise<void>;
}

export interface JobKind {
  run(context: JobContext): Promise<unknown>;
  /** Attempts in all, counting the first; a crash mid-run uses one. */
  maxAttempts: number;
  /** Called once after the job ended (succeeded or failed, also when recovery failed it): delivery. */
  onEnded?(job: Job): Promise<void>;
}

/** A failure the job explains itself: `code` is shown translated on the page and in the mail. */
export class JobFailure extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'JobFailure';
    this.code = code;
  }
}

export interface EnqueueOptions {
  /** Encrypted into the row's private column, wiped when the job ends. */
  secret?: string;
  /** At most one job ever has this key: enqueue answers the existing row instead of a new one. */
  dedupeKey?: string;
}

export interface JobQueue {
  /** Stores the job row (state queued) and wakes a worker; answers the row (the existing one for a known dedupeKey). */
  enqueue(kind: string, parameters: unknown, requesterId: string | null, options?: EnqueueOptions): Promise<Job>;
  register(kind: string, handler: JobKind): void;
  /** Recovers jobs of dead instances, then starts taking work. */
  start(): Promise<void>;
  /** Stops taking work and waits for the jobs this instance runs to settle. */
  stop(): Promise<void>;
  /** queued or running -> cancelled; false when the job had already ended. */
  cancel(id: string): Promise<boolean>;
  /** A failed keyed job with attempts left is queued again and a worker woken; false otherwise. */
  retryFailed(dedupeKey: string): Promise<boolean>;
  /** Resolves when this instance runs nothing and has nothing queued that it knows of (tests). */
  idle(): Promise<void>;
}
