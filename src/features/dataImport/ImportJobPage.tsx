// /data-import/jobs/:jobId: one import job, polled while it runs: its state and progress, the
// report, then "Commit import" (all rows or none) once it is checked without errors, "Cancel import"
// before the commit, and after success the counts and the way to the registry's status matrix.
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isImportJobOpen, type ImportJob } from '../../api/dataImport';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../common/confirmDialog';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { useFormatter } from '../../i18n/useFormatter';
import { dataImportActions, type JobAction } from './dataImport.slice';
import { selectDataImport } from './dataImport.selectors';
import { ImportReport } from './ImportReport';
import { failureText, progressText, StateBadge } from './importTexts';
import { messages } from './messages';

const CANCELLABLE = new Set(['queued', 'validating', 'validated']);

/** Percent done; a running job without a total yet shows a full striped bar (how far is unknown). */
function percentOf(job: ImportJob): number {
  const total = job.progress.total ?? 0;
  if (job.state === 'succeeded' || job.state === 'validated' || total === 0) return 100;
  return Math.min(100, Math.round((job.progress.done / total) * 100));
}

function JobActions({ job }: { job: ImportJob }): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { action, actionError } = useAppSelector(selectDataImport);
  const [asking, setAsking] = useState<JobAction | null>(null);
  const rows = job.results?.rowsTotal ?? 0;
  const committable = job.state === 'validated' && (job.results?.rowsWithErrors ?? 0) === 0 && job.validationErrorsNumber === 0;
  const confirm = (): void => {
    if (asking) dispatch(dataImportActions.actionRequested({ id: job.id, action: asking }));
    setAsking(null);
  };
  if (!committable && !CANCELLABLE.has(job.state) && !actionError) return null;
  return (
    <Stack gap="xs">
      {actionError && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.actionError, { message: actionError.message ?? actionError.code })}
        </Alert>
      )}
      <Group>
        {committable && (
          <Button onClick={() => setAsking('commit')} loading={action === 'commit'} disabled={action !== null}>
            {intl.formatMessage(messages.commit)}
          </Button>
        )}
        {CANCELLABLE.has(job.state) && (
          <Button variant="default" onClick={() => setAsking('cancel')} loading={action === 'cancel'} disabled={action !== null}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={asking === 'commit'}
        title={intl.formatMessage(messages.commitTitle)}
        body={intl.formatMessage(messages.commitBody, { rows })}
        confirmLabel={intl.formatMessage(messages.commit)}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'cancel'}
        title={intl.formatMessage(messages.cancelTitle)}
        body={intl.formatMessage(messages.cancelBody)}
        confirmLabel={intl.formatMessage(messages.cancel)}
        danger
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
}

function JobView({ job }: { job: ImportJob }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const running = isImportJobOpen(job);
  return (
    <Stack gap="lg">
      <Title order={1}>{intl.formatMessage(messages.detailTitle, { name: job.name })}</Title>
      <Text>
        {intl.formatMessage(messages.summary, {
          fileName: job.fileName,
          registry: job.registry.name,
          formType: job.formType.name,
          version: job.formType.version,
          initiatedBy: job.initiatedByName,
          createdAt: format.dateTime(job.createdAt),
        })}
      </Text>
      <Group gap="sm" role="status">
        <StateBadge state={job.state} />
        <Text size="sm">{progressText(intl, format, job)}</Text>
      </Group>
      {(running || job.state === 'validated' || job.state === 'succeeded') && (
        <Progress value={percentOf(job)} striped={running} animated={running} aria-label={intl.formatMessage(messages.progressLabel)} />
      )}
      {job.state === 'failed' && (
        <Alert color="red" role="alert">
          {failureText(intl, job)}
        </Alert>
      )}
      {job.state === 'succeeded' && (
        <Alert color="green">
          <Stack gap="xs">
            <Text>{intl.formatMessage(messages.succeeded)}</Text>
            <Anchor component={Link} to={`/registries/${encodeURIComponent(job.registry.id)}/status-matrix`}>
              {intl.formatMessage(messages.matrixLink, { registry: job.registry.name })}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <JobActions job={job} />
      <ImportReport job={job} />
    </Stack>
  );
}

export function ImportJobPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const jobId = useParams().jobId ?? '';
  const { job, jobError } = useAppSelector(selectDataImport);
  const shown = job?.id === jobId ? job : null;
  useDocumentTitle(messages.detailTitle, { name: shown?.name ?? '' });
  useEffect(() => {
    dispatch(dataImportActions.jobOpened(jobId));
    return () => void dispatch(dataImportActions.jobClosed());
  }, [dispatch, jobId]);

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/data-import/jobs">
        {intl.formatMessage(messages.backToList)}
      </Anchor>
      {jobError && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.jobError, { message: jobError.message ?? jobError.code })}
        </Alert>
      )}
      {!shown && !jobError && <Loader aria-label={intl.formatMessage(messages.detailTitle, { name: '' })} />}
      {shown && <JobView job={shown} />}
    </Stack>
  );
}
