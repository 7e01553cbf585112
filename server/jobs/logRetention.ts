// The daily pruning of the application log (LOG_RETENTION_DAYS, issue 13 item 5). Only REQUEST
// rows are prunable: rows the request hook wrote (msg 'request completed') that carry no event,
// older than the retention. Every event row stays: the changes to clinical data, users,
// institutes and access, the security events (lockouts, impersonation, mail throttling), crash
// reports and feedback. Deletes go in batches so that a large first prune never holds one long
// write lock (SQLite) or one huge transaction (PostgreSQL), with a pause between them: a backlog
// of years (the first start after an upgrade) is worked off beside the requests, not ahead of
// them (on SQLite a batch of 1,000 takes ~10 ms of the server's only thread at a million rows).
import { setTimeout as pause } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { REQUEST_LOG_MSG } from '../appLog/appLog.repository';
import type { Database } from '../db/database';
import type { DailyTask } from './dailySchedule';

export const LOG_RETENTION_TASK = 'application_log_retention';
export const PRUNE_BATCH_SIZE = 1000;
/** Between two batches: at most about a third of the time goes to pruning while a backlog lasts. */
export const PRUNE_PAUSE_MS = 20;
const DAY_MS = 86400 * 1000;

export interface LogRetentionResult {
  pruned: number;
  before: string;
}

export async function pruneRequestLog(db: Kysely<Database>, retentionDays: number, now: Date, batchSize = PRUNE_BATCH_SIZE, pauseMs = PRUNE_PAUSE_MS): Promise<LogRetentionResult> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let pruned = 0;
  for (;;) {
    const batch = await db
      .selectFrom('application_log')
      .select('id')
      .where('msg', '=', REQUEST_LOG_MSG)
      .where('event', 'is', null)
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) break;
    const deleted = await db.deleteFrom('application_log').where('id', 'in', batch.map((row) => row.id)).executeTakeFirst();
    pruned += Number(deleted.numDeletedRows);
    if (batch.length < batchSize) break;
    await pause(pauseMs);
  }
  return { pruned, before };
}

export function logRetentionTask(deps: { db: Kysely<Database>; retentionDays: number }): DailyTask {
  return { name: LOG_RETENTION_TASK, run: ({ now }) => pruneRequestLog(deps.db, deps.retentionDays, now) };
}
