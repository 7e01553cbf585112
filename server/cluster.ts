// Several API processes on one machine (API_PROCESSES): one Node process has one main thread, and
// under load the main thread, not the database, is what a request waits for (bench/README.md).
// The primary prepares the database (migrations, demo seed) and then only supervises: it starts the
// processes, which share the port (Node's cluster hands each new connection to the next one) and
// the database, and starts a new one in place of one that dies. Nothing else is shared between
// them, as between instances behind a load balancer (docs/operations.md); on SQLite, the file's
// write lock orders their writes (db/sqliteBusy.ts). docs/decisions.md "Several API processes on
// one machine".
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** Which process this is (0, 1, ...): kept by a replacement, so process 0 alone runs the record checkpoints. */
export const PROCESS_INDEX_ENV = 'API_PROCESS_INDEX';

/** A process that died is replaced after this pause, so a crash at every start does not spin. */
const RESTART_DELAY_MS = 1000;

export interface Supervisor {
  /** The running processes, for the benchmark's figures. */
  processes(): Worker[];
}

export interface SuperviseOptions {
  count: number;
  logger: Logger;
  /** Called once, when every process first listens. */
  onListening(port: number): void;
}

/** The index of this API process, or null when it is not one of several. */
export function processIndex(): number | null {
  if (!cluster.isWorker) return null;
  const index = Number(process.env[PROCESS_INDEX_ENV]);
  return Number.isInteger(index) ? index : null;
}

/**
 * Starts `count` API processes and keeps them running until SIGINT or SIGTERM, which each gets
 * passed on; a second signal stops them at once. A process that stops before it ever listened ends
 * them all with exit code 1: it would fail the same way again (a port in use, a broken file).
 */
export function superviseApiProcesses(options: SuperviseOptions): Supervisor {
  const { count, logger } = options;
  const running = new Map<number, Worker>();
  let stopping = false;
  let exitCode = 0;
  let listening = 0;

  function stopAll(code: number): void {
    if (stopping) {
      // A second Ctrl-C means "now".
      for (const worker of running.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    exitCode = code;
    if (running.size === 0) process.exit(exitCode);
    for (const worker of running.values()) worker.process.kill('SIGTERM');
  }

  function start(index: number): void {
    const worker = cluster.fork({ [PROCESS_INDEX_ENV]: String(index) });
    running.set(index, worker);
    let listened = false;
    worker.on('listening', (address) => {
      if (listened) return;
      listened = true;
      listening += 1;
      if (listening === count) options.onListening(address.port);
    });
    worker.on('exit', (code, signal) => {
      if (running.get(index) === worker) running.delete(index);
      if (stopping) {
        if (running.size === 0) process.exit(exitCode);
        return;
      }
      if (!listened) {
        logger.error({ process: index, code, signal }, 'an API process stopped before it listened; stopping the others');
        stopAll(1);
        return;
      }
      logger.error({ process: index, code, signal }, 'an API process stopped; starting another in its place');
      setTimeout(() => {
        if (!stopping) start(index);
      }, RESTART_DELAY_MS);
    });
  }

  for (let index = 0; index < count; index += 1) start(index);
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  return { processes: () => [...running.values()] };
}
