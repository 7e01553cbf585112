// /data-import/jobs: the caller's import jobs (admins: everyone's), newest first, with their
// progress (refreshed while one runs); a name opens the job. Failed jobs can be cleared.
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ImportJob } from '../../api/dataImport';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../common/confirmDialog';
import { DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { useFormatter } from '../../i18n/useFormatter';
import { dataImportActions } from './dataImport.slice';
import { selectDataImport } from './dataImport.selectors';
import { progressText, StateBadge } from './importTexts';
import { messages } from './messages';

export function ImportJobsPage(): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const dispatch = useAppDispatch();
  const { jobs, total, page, jobsLoading, jobsError, clearing, clearError, cleared } = useAppSelector(selectDataImport);
  const [confirming, setConfirming] = useState(false);
  useDocumentTitle(messages.listTitle);
  useEffect(() => {
    dispatch(dataImportActions.jobsOpened());
    return () => void dispatch(dataImportActions.jobsClosed());
  }, [dispatch]);

  const columns = useMemo<DataGridColumn<ImportJob>[]>(
    () => [
      {
        id: 'name',
        header: messages.colName,
        cell: (job) => (
          <Anchor component={Link} to={`/data-import/jobs/${encodeURIComponent(job.id)}`}>
            {job.name}
          </Anchor>
        ),
      },
      { id: 'fileName', header: messages.colFile, cell: (job) => job.fileName },
      { id: 'formType', header: messages.colFormType, cell: (job) => intl.formatMessage(messages.formTypeVersion, { name: job.formType.name, version: job.formType.version }) },
      { id: 'state', header: messages.colState, cell: (job) => <StateBadge state={job.state} /> },
      { id: 'progress', header: messages.colProgress, cell: (job) => progressText(intl, format, job) },
      { id: 'errors', header: messages.colErrors, cell: (job) => format.number(job.validationErrorsNumber) },
      { id: 'initiatedBy', header: messages.colInitiatedBy, cell: (job) => job.initiatedByName },
      { id: 'createdAt', header: messages.colCreatedAt, cell: (job) => format.dateTime(job.createdAt) },
    ],
    [intl, format],
  );
  const query: GridQuery = { offset: page.offset, limit: page.limit, filter: [], sort: [] };

  return (
    <Stack gap="lg">
      <Title order={1}>{intl.formatMessage(messages.listTitle)}</Title>
      <Group>
        <Button component={Link} to="/data-import/new">
          {intl.formatMessage(messages.newJob)}
        </Button>
        <Button variant="default" color="red" onClick={() => setConfirming(true)} loading={clearing}>
          {intl.formatMessage(messages.clearFailed)}
        </Button>
      </Group>
      {cleared !== null && <Text role="status">{intl.formatMessage(messages.cleared, { count: cleared })}</Text>}
      {clearError && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.clearError, { message: clearError.message ?? clearError.code })}
        </Alert>
      )}
      <DataGrid
        label={messages.gridLabel}
        columns={columns}
        rows={jobs}
        total={total}
        loading={jobsLoading}
        error={jobsError}
        query={query}
        onQueryChange={(next) => dispatch(dataImportActions.jobsPageChanged({ offset: next.offset, limit: next.limit }))}
        onRetry={() => dispatch(dataImportActions.jobsOpened())}
        getRowId={(job) => job.id}
      />
      <ConfirmDialog
        opened={confirming}
        title={intl.formatMessage(messages.clearFailedTitle)}
        body={intl.formatMessage(messages.clearFailedBody)}
        danger
        onConfirm={() => {
          setConfirming(false);
          dispatch(dataImportActions.clearFailedRequested());
        }}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
