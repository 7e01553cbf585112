// The daily work of the server, in the order it is enqueued each day. Each runs as a job of kind
// `daily` on the job queue (server/jobs/jobQueue.ts, dailySchedule.ts), like the exports.
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import { IMPORT_FILE_RETENTION_TASK, importFileRetentionTask } from '../dataImport/importFileRetention';
import type { Database } from '../db/database';
import { PLANNER_STATISTICS_TASK, plannerStatisticsTask } from '../db/plannerStatistics';
import { EXPORT_RETENTION_TASK, exportRetentionTask } from '../export/exportRetention';
import type { Mailer } from '../mail/mailer';
import type { DailyTask } from './dailySchedule';
import { INACTIVATION_TASK, inactivationTask } from './inactivation';
import { LOG_RETENTION_TASK, logRetentionTask } from './logRetention';

/** LOG_RETENTION_DAYS' default, for callers that build the tasks without a full config (tests). */
const DEFAULT_LOG_RETENTION_DAYS = 365;

export function dailyTasks(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<AppConfig, 'inactivationDays' | 'publicUrl'> & Partial<Pick<AppConfig, 'logRetentionDays' | 'exports' | 'fileStoreDir'>>;
}): DailyTask[] {
  const { exports, fileStoreDir } = deps.config;
  return [
    inactivationTask({ db: deps.db, mailer: deps.mailer, inactivationDays: deps.config.inactivationDays, publicUrl: deps.config.publicUrl }),
    logRetentionTask({ db: deps.db, retentionDays: deps.config.logRetentionDays ?? DEFAULT_LOG_RETENTION_DAYS }),
    ...(exports ? [exportRetentionTask({ db: deps.db, config: { exports } })] : []),
    ...(fileStoreDir ? [importFileRetentionTask({ db: deps.db, fileStoreDir })] : []),
    plannerStatisticsTask({ db: deps.db }),
  ];
}

/** The names dailyTasks() answers for this config: what the schedule enqueues each day. */
export function dailyTaskNames(config: Partial<Pick<AppConfig, 'exports' | 'fileStoreDir'>>): string[] {
  return [INACTIVATION_TASK, LOG_RETENTION_TASK, ...(config.exports ? [EXPORT_RETENTION_TASK] : []), ...(config.fileStoreDir ? [IMPORT_FILE_RETENTION_TASK] : []), PLANNER_STATISTICS_TASK];
}
