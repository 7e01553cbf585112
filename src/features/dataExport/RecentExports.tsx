// The user's recent exports (the server keeps the newest 20 in view), in the shared DataGrid:
// one page, newest first; a row opens the export above the list, a ready one downloads directly.
import { useMemo, type ReactElement } from 'react';
import { Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ExportJob } from '../../api/dataExport';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { dataExportActions } from './dataExport.slice';
import { selectDataExport } from './dataExport.selectors';
import { DownloadButton, failureReason, stateText } from './ExportProgress';
import { messages } from './messages';

const ONE_PAGE: GridQuery = { offset: 0, limit: 20, filter: [], sort: [] };

export function RecentExports(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { jobs, jobsLoading, jobsError } = useAppSelector(selectDataExport);
  const columns = useMemo<DataGridColumn<ExportJob>[]>(
    () => [
      { id: 'createdAt', header: messages.colCreatedAt, cell: (job) => intl.formatDate(job.createdAt, { dateStyle: 'short', timeStyle: 'short' }) },
      {
        id: 'fileName',
        header: messages.colFileName,
        cell: (job) => (
          <UnstyledButton c="blue" onClick={() => dispatch(dataExportActions.jobWatched(job.id))}>
            {`${job.fileName} (${job.format === 'odm' ? 'ODM' : 'xlsx'})`}
          </UnstyledButton>
        ),
      },
      { id: 'state', header: messages.colState, cell: (job) => (job.state === 'failed' ? `${stateText(intl, job)}: ${failureReason(intl, job)}` : stateText(intl, job)) },
      { id: 'forms', header: messages.colForms, cell: (job) => (job.file ? intl.formatNumber(job.file.forms) : '') },
      {
        id: 'actions',
        header: messages.colActions,
        cell: (job) => (
          <Group gap="xs">
            <DownloadButton job={job} compact />
          </Group>
        ),
      },
    ],
    [dispatch, intl],
  );
  return (
    <Stack component="section" aria-labelledby="export-list-title" gap="xs">
      <Title order={2} size="h3" id="export-list-title">
        {intl.formatMessage(messages.listTitle)}
      </Title>
      <DataGrid
        label={messages.gridLabel}
        columns={columns}
        rows={jobs}
        total={jobs.length}
        loading={jobsLoading}
        error={jobsError}
        query={ONE_PAGE}
        onQueryChange={() => undefined}
        onRetry={() => dispatch(dataExportActions.pageOpened({ jobId: null }))}
        getRowId={(job) => job.id}
      />
    </Stack>
  );
}
