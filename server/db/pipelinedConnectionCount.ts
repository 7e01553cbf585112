// How many shared pipelined connections a PostgreSQL database gets (PG_PIPELINED_CONNECTIONS;
// docs/operations.md, db/pipelinedStatements.ts).
import { availableParallelism } from 'node:os';

/**
 * Half the cores, at least one: on two cores one shared connection served ten clients best (×1.24
 * over two, which were ×1.1 over four: bench/README.md), as PostgreSQL's work for them then runs
 * on one core beside the server's on the other. Where PostgreSQL has a machine of its own, set it.
 */
export function defaultPipelinedConnections(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

export const MAX_PIPELINED_CONNECTIONS = 64;

/**
 * For callers without a loaded config (CLIs, tests): the environment's count, else the default.
 * The server itself takes the count from its config, which rejects a bad value at start.
 */
export function pipelinedConnectionsFromEnvironment(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PG_PIPELINED_CONNECTIONS?.trim();
  const value = raw && /^\d+$/.test(raw) ? Number(raw) : defaultPipelinedConnections();
  return Math.min(value, MAX_PIPELINED_CONNECTIONS);
}
