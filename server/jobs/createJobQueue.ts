// Picks the queue for the database: pg-boss on PostgreSQL, the in-process runner on SQLite.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../services';
import type { JobQueue } from './jobQueue';
import { deriveJobSecretKey } from './jobSecrets';
import { createInProcessQueue } from './inProcessQueue';
import { createPgBossQueue } from './pgBossQueue';
import { DEFAULT_LEASE_MS, DEFAULT_POLL_MS } from './queueCore';

export interface JobQueueTiming {
  leaseMs?: number;
  pollMs?: number;
}

export function createJobQueue(
  deps: { config: Pick<AppConfig, 'dialect' | 'databaseUrl' | 'appSecret'>; db: Kysely<Database>; clock: Clock; logger: FastifyBaseLogger },
  timing: JobQueueTiming = {},
): JobQueue {
  const settings = {
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    // The random part tells apart two app instances in one process (tests) or a restarted pid.
    owner: `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    secretKey: deriveJobSecretKey(deps.config.appSecret),
    leaseMs: timing.leaseMs ?? DEFAULT_LEASE_MS,
    pollMs: timing.pollMs ?? DEFAULT_POLL_MS,
  };
  return deps.config.dialect === 'postgres' ? createPgBossQueue({ ...settings, connectionString: deps.config.databaseUrl }) : createInProcessQueue(settings);
}
