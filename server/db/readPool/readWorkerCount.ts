// How many read workers a SQLite file database gets (SQLITE_READ_WORKERS; docs/operations.md).

/** Measured on a 2-core machine (docs/decisions.md "SQLite read pool"). */
export const DEFAULT_READ_WORKERS = 2;
export const MAX_READ_WORKERS = 16;

/**
 * For callers without a loaded config (CLIs, tests): the environment's count, else the default.
 * The server itself takes the count from its config, which rejects a bad value at start.
 */
export function readWorkersFromEnvironment(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SQLITE_READ_WORKERS?.trim();
  const value = raw && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_READ_WORKERS;
  return Math.min(value, MAX_READ_WORKERS);
}
