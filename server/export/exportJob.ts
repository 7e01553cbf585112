// The data export as a durable job (issue 14): the job kind that calls the file writer
// (ProduceExport, server/export/exportContract.ts) with the password from the job's sealed secret,
// and its delivery when the job ends: a mail to the requester and an application-log event.
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { StoredExportParameters } from '../../src/domain/export/exportParameters';
import { logEvent } from '../appLog/appLog.repository';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { JobFailure, type JobKind } from '../jobs/jobQueue';
import type { Job } from '../jobs/jobs.repository';
import type { Mailer } from '../mail/mailer';
import { exportFailedMail, exportFailureReasons, exportReadyMail } from '../mail/templates/exportMails';
import { renderMail } from '../mail/templates/layout';
import { mailLocaleOf } from '../profile/profileSettings.repository';
import type { ExportRequester, ProduceExport, ProducedExport } from './exportContract';

export const EXPORT_JOB_KIND = 'data_export';
/** A crash mid-export is retried once; the file is written again from the start. */
export const EXPORT_MAX_ATTEMPTS = 2;
/** The file's name in the job's folder; the download offers `downloadName` instead. */
export const EXPORT_FILE = 'export.bin';

/** What the job row holds: the parameters without the password. */
export interface ExportJobParameters {
  parameters: StoredExportParameters;
}

export interface ExportJobResult extends ProducedExport {
  /** True once the retention task deleted the file. */
  deleted?: boolean;
}

export interface ExportJobDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'exports' | 'publicUrl'>;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  produce: ProduceExport;
}

export const exportFolder = (config: Pick<AppConfig, 'exports'>, jobId: string): string => join(config.exports.dir, jobId);
export const exportFilePath = (config: Pick<AppConfig, 'exports'>, jobId: string): string => join(exportFolder(config, jobId), EXPORT_FILE);
export const downloadPageUrl = (config: Pick<AppConfig, 'publicUrl'>, jobId: string): string => `${config.publicUrl}/data-export?job=${encodeURIComponent(jobId)}`;

async function requesterOf(db: Kysely<Database>, userId: string | null): Promise<ExportRequester | null> {
  if (userId === null) return null;
  const row = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
  return row ? { userId: row.id, name: row.name, email: row.email } : null;
}

async function deliver(deps: ExportJobDeps, job: Job): Promise<void> {
  const { parameters } = job.parameters as ExportJobParameters;
  const requester = await requesterOf(deps.db, job.requesterId);
  const result = job.result as ExportJobResult | null;
  const succeeded = job.state === 'succeeded' && result !== null;
  await logEvent(deps.db, {
    event: succeeded ? 'data_export.succeeded' : 'data_export.failed',
    severity: succeeded ? 'info' : 'warning',
    message: succeeded ? `Data export ${parameters.fileName}: ${result.forms} forms` : `Data export ${parameters.fileName} failed`,
    reason: succeeded ? undefined : `${job.errorCode ?? 'job_failed'}: ${job.error ?? ''}`,
    targetType: 'job',
    targetId: job.id,
    targetName: parameters.fileName,
    userId: requester?.userId,
    userName: requester?.name,
    data: { parameters, attempts: job.attempts, ...(succeeded ? { forms: result.forms, bytes: result.bytes } : { errorCode: job.errorCode }) },
  });
  if (!requester) return;
  const locale = await mailLocaleOf(deps.db, requester.userId);
  const url = downloadPageUrl(deps.config, job.id);
  if (succeeded) {
    // Only the encrypted workbook travels by mail: an ODM file is plain XML, so it is always a
    // link to the download that needs the requester's sign-in.
    const delivery = parameters.format !== 'xlsx' ? 'notEncrypted' : result.bytes > deps.config.exports.mailMaxBytes ? 'tooLarge' : 'attached';
    const message = renderMail(
      requester.email,
      exportReadyMail[locale]({ name: requester.name, fileName: result.downloadName, forms: result.forms, retentionDays: deps.config.exports.retentionDays, url, delivery }),
    );
    if (delivery === 'attached') message.attachments = [{ filename: result.downloadName, path: exportFilePath(deps.config, job.id), contentType: result.contentType }];
    deps.mailer.send(message, 'data_export_ready');
  } else {
    const reason = exportFailureReasons[locale][job.errorCode ?? 'job_failed'] ?? exportFailureReasons[locale].job_failed;
    deps.mailer.send(renderMail(requester.email, exportFailedMail[locale]({ name: requester.name, fileName: parameters.fileName, reason, url })), 'data_export_failed');
  }
}

export function exportJobKind(deps: ExportJobDeps): JobKind {
  return {
    maxAttempts: EXPORT_MAX_ATTEMPTS,
    async run({ job, secret, signal, progress }) {
      const { parameters } = job.parameters as ExportJobParameters;
      if (secret === null) throw new JobFailure('secret_unavailable', 'The export password is not available');
      const requester = await requesterOf(deps.db, job.requesterId);
      if (!requester) throw new JobFailure('requester_missing', 'The requester no longer exists');
      const folder = exportFolder(deps.config, job.id);
      // A retry after a crash starts over: whatever the last attempt left is thrown away.
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
      const targetPath = exportFilePath(deps.config, job.id);
      let produced: ProducedExport;
      try {
        produced = await deps.produce({ db: deps.db, parameters: { ...parameters, password: secret }, requester, targetPath, onProgress: progress, signal });
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        if (signal.aborted) throw signal.reason;
        deps.logger.error({ err: error, jobId: job.id }, 'export writer failed');
        throw new JobFailure('export_failed', error instanceof Error ? error.message : String(error));
      }
      const bytes = (await stat(targetPath)).size;
      return { ...produced, bytes } satisfies ExportJobResult;
    },
    onEnded: (job) => deliver(deps, job),
  };
}
