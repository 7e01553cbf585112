// The queue on SQLite: a loop in this process claims queued rows one at a time, woken by enqueue and
// by a timer. Jobs run one after the other: SQLite has one writer, and a second export at once would
// only make both slower. With several API processes on the file (server/cluster.ts) each runs its
// loop; a claim is one conditional update, so a job still runs once, and a lease brings back the
// job of a process that died.
import type { JobQueue } from './jobQueue';
import { queuedJobIds } from './jobs.repository';
import { createQueueCore, STOP_GRACE_MS, waitUntilNoOpenJobs, type QueueSettings } from './queueCore';

export function createInProcessQueue(settings: QueueSettings): JobQueue {
  const core = createQueueCore(settings);
  let started = false;
  let draining: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastRecovery = 0;

  async function drainOnce(): Promise<void> {
    if (Date.now() - lastRecovery >= settings.leaseMs / 2) {
      lastRecovery = Date.now();
      await core.runner.recover();
    }
    for (;;) {
      if (!started) return;
      const [id] = await queuedJobIds(settings.db, [...core.kinds.keys()], 1);
      if (!id) return;
      await core.runner.run(id);
    }
  }

  function drain(): Promise<void> {
    draining ??= core
      .track(drainOnce())
      .catch((error: unknown) => settings.logger.error({ err: error }, 'job queue pass failed'))
      .finally(() => {
        draining = null;
      });
    return draining;
  }

  return {
    async enqueue(kind, parameters, requesterId, options) {
      const job = await core.insert(kind, parameters, requesterId, options);
      if (started) void drain();
      return job;
    },
    register(kind, handler) {
      core.kinds.set(kind, handler);
    },
    async start() {
      if (started) return;
      started = true;
      lastRecovery = 0;
      timer = setInterval(() => void drain(), settings.pollMs);
      timer.unref();
      await drain();
    },
    async stop() {
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      await core.settled(STOP_GRACE_MS);
    },
    cancel: (id) => core.cancel(id),
    async retryFailed(dedupeKey) {
      const requeued = await core.requeueFailed(dedupeKey);
      if (requeued && started) void drain();
      return requeued;
    },
    async idle() {
      await waitUntilNoOpenJobs(settings.db, [...core.kinds.keys()]);
      await core.settled();
    },
  };
}
