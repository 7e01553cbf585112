// The SQL of durable jobs. Every state change is one conditional UPDATE: whoever's update lands
// owns the change, so two instances (or a runner and a cancel) can never both win.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobsTable, JobState } from '../db/database';

export type JobRow = Selectable<JobsTable>;

export interface Job {
  id: string;
  kind: string;
  parameters: unknown;
  requesterId: string | null;
  state: JobState;
  progress: { done: number; total: number | null };
  result: unknown;
  errorCode: string | null;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    parameters: parsed(row.parameters),
    requesterId: row.requester_id,
    state: row.state,
    progress: { done: Number(row.progress_done), total: row.progress_total === null ? null : Number(row.progress_total) },
    result: parsed(row.result),
    errorCode: row.error_code,
    error: row.error,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    createdAt: iso(row.created_at) ?? '',
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

export interface NewJob {
  kind: string;
  parameters: unknown;
  requesterId: string | null;
  /** Already encrypted (jobSecrets.ts). */
  secret: string | null;
  maxAttempts: number;
  /** Unique key (daily work); a second insert with the same key inserts nothing. */
  dedupeKey?: string;
}

export async function insertJob(db: Kysely<Database>, job: NewJob, now: Date): Promise<Job> {
  const at = now.toISOString();
  const row: JobRow = {
    id: randomUUID(),
    kind: job.kind,
    parameters: JSON.stringify(job.parameters ?? null),
    secret: job.secret,
    requester_id: job.requesterId,
    state: 'queued',
    progress_done: 0,
    progress_total: null,
    result: null,
    error_code: null,
    error: null,
    attempts: 0,
    max_attempts: job.maxAttempts,
    lease_owner: null,
    lease_until: null,
    created_at: at,
    started_at: null,
    finished_at: null,
    updated_at: at,
    dedupe_key: job.dedupeKey ?? null,
  };
  if (job.dedupeKey === undefined) {
    await db.insertInto('jobs').values(row).execute();
    return toJob(row);
  }
  // ON CONFLICT DO NOTHING on the unique key: two instances enqueueing the same day's task at once
  // both succeed, one row results, and both answer that row.
  await db.insertInto('jobs').values(row).onConflict((oc) => oc.column('dedupe_key').doNothing()).execute();
  const stored = await db.selectFrom('jobs').selectAll().where('dedupe_key', '=', job.dedupeKey).executeTakeFirstOrThrow();
  return toJob(stored);
}

/**
 * failed -> queued for a keyed job that has attempts left: a daily task that failed (mail server
 * down) is taken again by the next tick of the same day instead of waiting for tomorrow.
 */
export async function requeueFailedJob(db: Kysely<Database>, dedupeKey: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'queued', error_code: null, error: null, finished_at: null, updated_at: now.toISOString() })
    .where('dedupe_key', '=', dedupeKey)
    .where('state', '=', 'failed')
    .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findJobRow(db: Kysely<Database>, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findJob(db: Kysely<Database>, id: string): Promise<Job | null> {
  const row = await findJobRow(db, id);
  return row ? toJob(row) : null;
}

/** The requester's jobs of one kind, newest first. */
export async function listJobsOf(db: Kysely<Database>, requesterId: string, kind: string, limit: number): Promise<Job[]> {
  const rows = await db.selectFrom('jobs').selectAll().where('requester_id', '=', requesterId).where('kind', '=', kind).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toJob);
}

export async function queuedJobIds(db: Kysely<Database>, kinds: readonly string[], limit: number): Promise<string[]> {
  if (kinds.length === 0) return [];
  const rows = await db.selectFrom('jobs').select('id').where('state', '=', 'queued').where('kind', 'in', kinds).orderBy('created_at').orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** queued -> running for this instance; false when another instance (or a cancel) got there first. */
export async function claimJob(db: Kysely<Database>, id: string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      attempts: eb('attempts', '+', 1),
      lease_owner: owner,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      started_at: at,
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Renews the lease (and records progress); false when the job is no longer ours to run (cancelled). */
export async function renewLease(db: Kysely<Database>, id: string, owner: string, now: Date, leaseMs: number, progress?: { done: number; total: number }): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      updated_at: now.toISOString(),
      ...(progress ? { progress_done: progress.done, progress_total: progress.total } : {}),
    })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface JobEnding {
  state: 'succeeded' | 'failed';
  result?: unknown;
  errorCode?: string;
  error?: string;
}

/** running -> succeeded/failed, wiping the secret; false when the job was cancelled meanwhile. */
export async function finishJob(db: Kysely<Database>, id: string, owner: string, ending: JobEnding, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('jobs')
    .set({
      state: ending.state,
      result: ending.result === undefined ? null : JSON.stringify(ending.result),
      error_code: ending.errorCode ?? null,
      error: ending.error ?? null,
      secret: null,
      lease_owner: null,
      lease_until: null,
      finished_at: at,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** queued or running -> cancelled (a running job's runner notices at its next lease renewal). */
export async function cancelJob(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('jobs')
    .set({ state: 'cancelled', secret: null, lease_owner: null, lease_until: null, finished_at: at, updated_at: at, error_code: 'cancelled' })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface Recovery {
  requeued: string[];
  failed: string[];
}

/**
 * Running rows whose lease ran out belong to an instance that died (crash, kill, power): queued
 * again while attempts remain, else failed with the reason. Each row changes in one conditional
 * update, so two instances recovering at once do not both requeue it.
 */
export async function recoverExpiredJobs(db: Kysely<Database>, now: Date): Promise<Recovery> {
  const at = now.toISOString();
  const expired = await db.selectFrom('jobs').select(['id', 'attempts', 'max_attempts', 'lease_until']).where('state', '=', 'running').where('lease_until', '<', at).execute();
  const recovery: Recovery = { requeued: [], failed: [] };
  for (const row of expired) {
    const retry = Number(row.attempts) < Number(row.max_attempts);
    const result = await db
      .updateTable('jobs')
      .set(
        retry
          ? { state: 'queued', lease_owner: null, lease_until: null, updated_at: at }
          : {
              state: 'failed',
              error_code: 'interrupted',
              error: `The server running the job stopped during attempt ${row.attempts} of ${row.max_attempts}`,
              secret: null,
              lease_owner: null,
              lease_until: null,
              finished_at: at,
              updated_at: at,
            },
      )
      .where('id', '=', row.id)
      .where('state', '=', 'running')
      .where('lease_until', '=', row.lease_until)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) (retry ? recovery.requeued : recovery.failed).push(row.id);
  }
  return recovery;
}

/** Jobs of a kind that ended before `before` (retention of their files). */
export async function endedJobsBefore(db: Kysely<Database>, kind: string, before: Date): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('state', 'in', ['succeeded', 'failed', 'cancelled']).where('finished_at', '<', before.toISOString()).execute();
}

export async function updateJobResult(db: Kysely<Database>, id: string, result: unknown, now: Date): Promise<void> {
  await db.updateTable('jobs').set({ result: JSON.stringify(result), updated_at: now.toISOString() }).where('id', '=', id).execute();
}
