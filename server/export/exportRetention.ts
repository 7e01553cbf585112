// The daily deletion of export files (issue 14 item 4): a file is kept EXPORT_RETENTION_DAYS after
// its export ended, then deleted; the job row stays (the list shows the export as deleted).
import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { DailyTask } from '../jobs/dailySchedule';
import { endedJobsBefore, toJob, updateJobResult } from '../jobs/jobs.repository';
import { EXPORT_JOB_KIND, exportFolder, type ExportJobResult } from './exportJob';

export const EXPORT_RETENTION_TASK = 'export_retention';
const DAY_MS = 86400 * 1000;

export async function deleteExpiredExports(db: Kysely<Database>, config: Pick<AppConfig, 'exports'>, now: Date): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - config.exports.retentionDays * DAY_MS);
  let deleted = 0;
  for (const row of await endedJobsBefore(db, EXPORT_JOB_KIND, before)) {
    const job = toJob(row);
    const result = job.result as ExportJobResult | null;
    if (result?.deleted) continue;
    await rm(exportFolder(config, job.id), { recursive: true, force: true });
    if (result) await updateJobResult(db, job.id, { ...result, deleted: true } satisfies ExportJobResult, now);
    deleted += 1;
  }
  return { deleted };
}

export function exportRetentionTask(deps: { db: Kysely<Database>; config: Pick<AppConfig, 'exports'> }): DailyTask {
  return { name: EXPORT_RETENTION_TASK, run: ({ now }) => deleteExpiredExports(deps.db, deps.config, now) };
}
