// /data-export (data_exporter and admin): the export form, the export being watched, and the
// user's recent exports. The mail's link opens it with ?job=<id> to show that export.
import { useEffect, type ReactElement } from 'react';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { dataExportActions } from './dataExport.slice';
import { selectDataExport, selectWatchedJob } from './dataExport.selectors';
import { ExportForm } from './ExportForm';
import { ExportProgress } from './ExportProgress';
import { RecentExports } from './RecentExports';
import { messages } from './messages';

export function DataExportPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const jobId = search.get('job');
  const { options, optionsError } = useAppSelector(selectDataExport);
  const watched = useAppSelector(selectWatchedJob);
  useEffect(() => {
    dispatch(dataExportActions.pageOpened({ jobId }));
    return () => void dispatch(dataExportActions.pageClosed());
  }, [dispatch, jobId]);

  return (
    <Stack gap="lg">
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      <Text>{intl.formatMessage(messages.intro)}</Text>
      {watched && <ExportProgress job={watched} />}
      {optionsError && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.optionsError, { message: optionsError.message ?? optionsError.code })}
        </Alert>
      )}
      {!options && !optionsError && <Loader aria-label={intl.formatMessage(messages.title)} />}
      {options && options.registries.length === 0 && <Alert color="yellow">{intl.formatMessage(messages.nothingToExport)}</Alert>}
      {options && options.registries.length > 0 && <ExportForm options={options} />}
      <RecentExports />
    </Stack>
  );
}
