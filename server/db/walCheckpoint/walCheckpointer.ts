// The server's writing connection never checkpoints (`wal_autocheckpoint = 0`): a worker thread
// (checkpointWorker.cjs) does it every CHECKPOINT_EVERY_MS on a connection of its own, so the
// copying and syncing never holds the event loop. Should that worker fail, the writing connection
// checkpoints again itself, as SQLite does by default: slower answers now and then, but a log that
// keeps its size (docs/decisions.md "SQLite: commits synced off the event loop").
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** How often the worker copies the log into the file; SQLite's own trigger is 1,000 pages of log. */
export const CHECKPOINT_EVERY_MS = 1000;

const WORKER_FILE = join(__dirname, 'checkpointWorker.cjs');

export interface CheckpointStats {
  /** Checkpoints that copied something. */
  checkpoints: number;
  /** Whether the writing connection checkpoints itself again because the worker failed. */
  fallenBack: boolean;
}

export class WalCheckpointer {
  readonly #worker: Worker;
  readonly #fallBack: () => void;
  #checkpoints = 0;
  #fallenBack = false;
  #closing = false;
  #exited = false;

  /** `fallBack` turns the writing connection's own checkpoints on again. */
  constructor(path: string, fallBack: () => void, everyMs = CHECKPOINT_EVERY_MS) {
    this.#fallBack = fallBack;
    this.#worker = new Worker(WORKER_FILE, { workerData: { path, everyMs } });
    // Never what keeps the process alive.
    this.#worker.unref();
    // The worker reports each checkpoint that copied something; a failed one it tries again.
    this.#worker.on('message', () => (this.#checkpoints += 1));
    this.#worker.on('error', () => this.#failed());
    this.#worker.on('exit', () => {
      this.#exited = true;
      this.#failed();
    });
  }

  stats(): CheckpointStats {
    return { checkpoints: this.#checkpoints, fallenBack: this.#fallenBack };
  }

  async close(): Promise<void> {
    if (this.#closing || this.#exited) return;
    this.#closing = true;
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    this.#worker.postMessage({ type: 'close' });
    await exited;
  }

  #failed(): void {
    if (this.#closing || this.#fallenBack) return;
    this.#fallenBack = true;
    this.#fallBack();
  }
}
