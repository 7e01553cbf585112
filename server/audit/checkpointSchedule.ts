// The server's periodic checkpoint: a plain timer started by server/index.ts until a job runner
// exists (server/jobs); it only calls writeCheckpoint, which a job can call the same way. Several
// instances may each write one: file names carry time and digest, and an unchanged record is skipped.
import type { FastifyBaseLogger } from 'fastify';
import { writeCheckpoint, type CheckpointTarget } from './checkpoint';

export interface CheckpointSchedule {
  stop(): void;
}

export function startCheckpointSchedule(target: CheckpointTarget, intervalSeconds: number, logger: FastifyBaseLogger): CheckpointSchedule {
  if (intervalSeconds <= 0) return { stop: () => undefined };
  let running = false;
  const run = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      const result = await writeCheckpoint({ ...target, now: new Date() });
      if (result.file) logger.info({ file: result.file, records: result.checkpoint.records }, 'record checkpoint written');
    } catch (error) {
      logger.error({ err: error }, 'record checkpoint failed');
    } finally {
      running = false;
    }
  };
  // One at start too: right after an upgrade has sealed the legacy records, they get a checkpoint.
  void run();
  const timer = setInterval(() => void run(), intervalSeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
