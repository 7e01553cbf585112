// The watched export: its state with a progress bar while it runs, then the download button, or
// why it failed. The progress comes from the job row, polled by the saga.
import type { ReactElement } from 'react';
import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useIntl, type IntlShape } from 'react-intl';
import { isJobOpen, type ExportJob } from '../../api/dataExport';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { dataExportActions } from './dataExport.slice';
import { selectDataExport } from './dataExport.selectors';
import { messages } from './messages';

const REASONS = {
  interrupted: messages.reason_interrupted,
  export_failed: messages.reason_export_failed,
  secret_unavailable: messages.reason_secret_unavailable,
  requester_missing: messages.reason_requester_missing,
  job_failed: messages.reason_job_failed,
} as const;

export function failureReason(intl: IntlShape, job: ExportJob): string {
  const descriptor = REASONS[(job.errorCode ?? 'job_failed') as keyof typeof REASONS] ?? messages.reason_job_failed;
  return intl.formatMessage(descriptor);
}

export function stateText(intl: IntlShape, job: ExportJob): string {
  return intl.formatMessage(messages[`state_${job.state}`]);
}

export function DownloadButton({ job, compact = false }: { job: ExportJob; compact?: boolean }): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { downloading } = useAppSelector(selectDataExport);
  if (!job.file?.available) return null;
  return (
    <Button size={compact ? 'compact-sm' : 'sm'} loading={downloading.includes(job.id)} onClick={() => dispatch(dataExportActions.downloadRequested(job.id))}>
      {intl.formatMessage(messages.download, { name: job.file.name })}
    </Button>
  );
}

export function ExportProgress({ job }: { job: ExportJob }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { downloadError } = useAppSelector(selectDataExport);
  const total = job.progress.total ?? 0;
  const percent = job.state === 'succeeded' ? 100 : total > 0 ? Math.round((job.progress.done / total) * 100) : 0;
  return (
    <Stack component="section" aria-labelledby="export-progress-title" gap="xs">
      <Title order={2} size="h3" id="export-progress-title">
        {intl.formatMessage(messages.progressTitle, { fileName: job.fileName })}
      </Title>
      <Text role="status">{stateText(intl, job)}</Text>
      {(isJobOpen(job) || job.state === 'succeeded') && (
        <>
          <Progress value={percent} animated={isJobOpen(job)} aria-label={intl.formatMessage(messages.progressLabel)} />
          {total > 0 && <Text size="sm">{intl.formatMessage(messages.progressCount, { done: job.progress.done, total })}</Text>}
        </>
      )}
      {job.state === 'succeeded' && job.file && (
        <Stack gap="xs">
          <Text>{intl.formatMessage(messages.ready, { forms: job.file.forms })}</Text>
          {job.file.available ? (
            <Group>
              <DownloadButton job={job} />
            </Group>
          ) : (
            <Alert color="yellow">{intl.formatMessage(messages.fileDeleted)}</Alert>
          )}
        </Stack>
      )}
      {job.state === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.failedBecause, { reason: failureReason(intl, job) })}
        </Alert>
      )}
      {downloadError && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.downloadError, { message: downloadError.message ?? downloadError.code })}
        </Alert>
      )}
      {isJobOpen(job) && (
        <Group>
          <Button variant="default" onClick={() => dispatch(dataExportActions.cancelRequested(job.id))}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
