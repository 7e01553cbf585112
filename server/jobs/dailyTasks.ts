// The daily work of the server, in the order it runs each day. Long work on request (exports)
// runs on the job queue (server/jobs/jobQueue.ts); its daily clean-up runs here.
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { exportRetentionTask } from '../export/exportRetention';
import type { Mailer } from '../mail/mailer';
import type { DailyTask } from './dailySchedule';
import { inactivationTask } from './inactivation';
import { logRetentionTask } from './logRetention';

/** LOG_RETENTION_DAYS' default, for callers that build the tasks without a full config (tests). */
const DEFAULT_LOG_RETENTION_DAYS = 365;

export function dailyTasks(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<AppConfig, 'inactivationDays' | 'publicUrl'> & Partial<Pick<AppConfig, 'logRetentionDays' | 'exports'>>;
}): DailyTask[] {
  const exports = deps.config.exports;
  return [
    inactivationTask({ db: deps.db, mailer: deps.mailer, inactivationDays: deps.config.inactivationDays, publicUrl: deps.config.publicUrl }),
    logRetentionTask({ db: deps.db, retentionDays: deps.config.logRetentionDays ?? DEFAULT_LOG_RETENTION_DAYS }),
    ...(exports ? [exportRetentionTask({ db: deps.db, config: { exports } })] : []),
  ];
}
