// The data export calls' rules: start (check, narrow, queue, log), the caller's jobs, one job, its
// file. A job is the requester's alone: anyone else gets 404, as if it did not exist.
import { createReadStream, existsSync } from 'node:fs';
import type { ReadStream } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { ExportParameters } from '../../src/domain/export/exportParameters';
import { logEvent } from '../appLog/appLog.repository';
import type { AuthUser } from '../auth/authUser';
import { ApiError, notFoundError } from '../errors/apiError';
import { findJob, listJobsOf, type Job } from '../jobs/jobs.repository';
import { subjectOf } from '../permissions/subject';
import type { ServerServices } from '../services';
import { EXPORT_JOB_KIND, exportFilePath, type ExportJobParameters, type ExportJobResult } from './exportJob';
import { narrowExportRequest } from './exportRequest';

/** How many of the caller's exports the list shows. */
export const RECENT_EXPORTS = 20;

export interface ExportJobView {
  id: string;
  state: Job['state'];
  progress: Job['progress'];
  fileName: string;
  format: ExportParameters['format'];
  parameters: ExportJobParameters['parameters'];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  attempts: number;
  errorCode: string | null;
  error: string | null;
  file: { name: string; bytes: number; forms: number; contentType: string; available: boolean } | null;
}

export function exportJobView(job: Job): ExportJobView {
  const { parameters } = job.parameters as ExportJobParameters;
  const result = job.result as ExportJobResult | null;
  return {
    id: job.id,
    state: job.state,
    progress: job.progress,
    fileName: parameters.fileName,
    format: parameters.format,
    parameters,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    attempts: job.attempts,
    errorCode: job.errorCode,
    error: job.error,
    file:
      job.state === 'succeeded' && result
        ? { name: result.downloadName, bytes: result.bytes, forms: result.forms, contentType: result.contentType, available: result.deleted !== true }
        : null,
  };
}

export async function startExport(services: ServerServices, request: FastifyRequest, user: AuthUser, body: ExportParameters): Promise<ExportJobView> {
  const parameters = await narrowExportRequest(services.db, await subjectOf(request, services.db), body);
  const job = await services.jobs.enqueue(EXPORT_JOB_KIND, { parameters } satisfies ExportJobParameters, user.id, { secret: body.password });
  await logEvent(services.db, {
    event: 'data_export.requested',
    message: `Data export ${parameters.fileName} requested`,
    reqId: request.id,
    targetType: 'job',
    targetId: job.id,
    targetName: parameters.fileName,
    userId: user.id,
    userName: user.name,
    data: { parameters },
  });
  return exportJobView(job);
}

export async function ownExportJob(services: ServerServices, user: AuthUser, id: string): Promise<Job> {
  const job = await findJob(services.db, id);
  if (!job || job.kind !== EXPORT_JOB_KIND || job.requesterId !== user.id) throw notFoundError();
  return job;
}

export async function recentExports(services: ServerServices, user: AuthUser): Promise<ExportJobView[]> {
  return (await listJobsOf(services.db, user.id, EXPORT_JOB_KIND, RECENT_EXPORTS)).map(exportJobView);
}

export async function cancelExport(services: ServerServices, user: AuthUser, id: string): Promise<ExportJobView> {
  await ownExportJob(services, user, id);
  if (!(await services.jobs.cancel(id))) throw new ApiError({ statusCode: 409, code: 'job_ended', messageId: 'server.dataExport.jobEnded' });
  return exportJobView(await ownExportJob(services, user, id));
}

export interface ExportDownload {
  stream: ReadStream;
  name: string;
  contentType: string;
  bytes: number;
}

export async function exportDownload(services: ServerServices, user: AuthUser, id: string): Promise<ExportDownload> {
  const job = await ownExportJob(services, user, id);
  const view = exportJobView(job);
  if (!view.file) throw new ApiError({ statusCode: 409, code: 'export_not_ready', messageId: 'server.dataExport.notReady' });
  const path = exportFilePath(services.config, id);
  if (!view.file.available || !existsSync(path)) throw new ApiError({ statusCode: 410, code: 'export_deleted', messageId: 'server.dataExport.deleted', values: { days: services.config.exports.retentionDays } });
  return { stream: createReadStream(path), name: view.file.name, contentType: view.file.contentType, bytes: view.file.bytes };
}
