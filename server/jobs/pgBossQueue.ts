// The queue on PostgreSQL: pg-boss carries "job X is due" to whichever instance fetches it first
// (SELECT ... FOR UPDATE SKIP LOCKED), so work spreads over the instances. The job row stays the
// source of truth: a message is only a doorbell, and the row's claim (queued -> running) makes a
// duplicate or late message harmless. pg-boss keeps its tables in a schema of its own next to ours.
import PgBoss from 'pg-boss';
import { sql } from 'kysely';
import type { JobQueue } from './jobQueue';
import { queuedJobIds } from './jobs.repository';
import { createQueueCore, STOP_GRACE_MS, waitUntilNoOpenJobs, type QueueSettings } from './queueCore';

export const JOB_QUEUE_NAME = 'registry-jobs';

interface DueMessage {
  jobId: string;
}

/** PostgreSQL errors two instances creating the queue at the same moment may meet: deadlock, duplicate. */
const CREATE_RACE_CODES = new Set(['40P01', '23505']);

/**
 * Creates our queue; several API instances starting together over one database race for it and
 * PostgreSQL may break the race with a deadlock. The loser waits a moment and tries again (creating
 * an existing queue is harmless).
 */
async function createQueueOnce(instance: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await instance.createQueue(JOB_QUEUE_NAME);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 5 || typeof code !== 'string' || !CREATE_RACE_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/** `pgboss` beside the default schema; `<schema>_pgboss` beside any other (each test file has one). */
export async function pgBossSchemaFor(settings: Pick<QueueSettings, 'db'>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(settings.db);
  const schema = rows[0]?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}

export function createPgBossQueue(settings: QueueSettings & { connectionString: string }): JobQueue {
  const core = createQueueCore(settings);
  let boss: PgBoss | null = null;
  let recoveryTimer: NodeJS.Timeout | null = null;

  async function ring(ids: readonly string[]): Promise<void> {
    if (!boss) return;
    // Our rows carry the retries; pg-boss's own retry would only ring twice.
    for (const jobId of ids) await boss.send(JOB_QUEUE_NAME, { jobId } satisfies DueMessage, { retryLimit: 0, expireInHours: 23 });
  }

  async function recover(): Promise<void> {
    await ring(await core.runner.recover());
  }

  return {
    async enqueue(kind, parameters, requesterId, options) {
      const job = await core.insert(kind, parameters, requesterId, options);
      await ring([job.id]);
      return job;
    },
    register(kind, handler) {
      core.kinds.set(kind, handler);
    },
    async start() {
      if (boss) return;
      const instance = new PgBoss({ connectionString: settings.connectionString, schema: await pgBossSchemaFor(settings), max: 3, schedule: false });
      instance.on('error', (error: unknown) => settings.logger.error({ err: error }, 'pg-boss error'));
      await instance.start();
      try {
        await createQueueOnce(instance);
      } catch (error) {
        // A started pg-boss keeps timers and connections: never leave one behind a failed start.
        await instance.stop({ graceful: false, wait: true, timeout: 5_000 });
        throw error;
      }
      boss = instance;
      await recover();
      // Rows queued while no instance was listening (or whose message was lost) ring again; the
      // claim keeps a double ring from running a job twice.
      await ring(await queuedJobIds(settings.db, [...core.kinds.keys()], 1000));
      await instance.work<DueMessage>(JOB_QUEUE_NAME, { pollingIntervalSeconds: Math.max(0.5, settings.pollMs / 1000), batchSize: 1 }, async ([message]) => {
        if (message) await core.track(core.runner.run(message.data.jobId));
      });
      recoveryTimer = setInterval(() => void recover().catch((error: unknown) => settings.logger.error({ err: error }, 'job recovery failed')), settings.leaseMs / 2);
      recoveryTimer.unref();
    },
    async stop() {
      if (recoveryTimer) clearInterval(recoveryTimer);
      recoveryTimer = null;
      const instance = boss;
      boss = null;
      await core.settled(STOP_GRACE_MS);
      if (instance) await instance.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    cancel: (id) => core.cancel(id),
    async retryFailed(dedupeKey) {
      const requeued = await core.requeueFailed(dedupeKey);
      if (requeued) await ring(await queuedJobIds(settings.db, [...core.kinds.keys()], 1000));
      return requeued;
    },
    async idle() {
      await waitUntilNoOpenJobs(settings.db, [...core.kinds.keys()]);
      await core.settled();
    },
  };
}
