// Several server processes may share one SQLite file (API_PROCESSES, server/cluster.ts); SQLite
// lets one of them write at a time. A process that finds the file's write lock taken gets
// SQLITE_BUSY. SQLite's own busy_timeout would wait for the lock inside the call, holding this
// process's event loop for as long as the other process's transaction lasts (a batch of an import
// holds it far longer than a save). Here the caller waits on a timer instead, so the process keeps
// answering reads meanwhile (docs/decisions.md "Several API processes on one machine").
//
// A statement refused with SQLITE_BUSY changed nothing, so running it again is safe.

/** How long a statement waits for the write lock before the request answers 503. */
export const BUSY_WAIT_LIMIT_MS = 30_000;

/** The waits between tries, ms: short at first (a form save holds the lock for a few milliseconds). */
const BACKOFF_MS = [1, 1, 2, 2, 4, 4, 8, 8, 16];

/** The write lock stayed taken for BUSY_WAIT_LIMIT_MS; the error handler answers 503 database_busy. */
export class DatabaseBusyError extends Error {
  constructor() {
    super(`The SQLite file stayed locked by another process for ${BUSY_WAIT_LIMIT_MS} ms`);
    this.name = 'DatabaseBusyError';
  }
}

/** SQLITE_BUSY and its extended codes (better-sqlite3 names them SQLITE_BUSY_*). */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` (one synchronous SQLite call) until it is not refused as busy, waiting on timers between tries. */
export async function retryWhileBusy<T>(work: () => T, limitMs: number = BUSY_WAIT_LIMIT_MS): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return work();
    } catch (error) {
      if (!isBusyError(error)) throw error;
      if (Date.now() >= deadline) throw new DatabaseBusyError();
      await sleep(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
    }
  }
}
