// /statistics: the filters, then the four statistics of spec §7, each a section with its chart(s)
// beside the button that downloads it as .xlsx under the same filters. Charts (@mantine/charts over
// recharts) load with this page's chunk only, so no other route pays for them.
import '@mantine/charts/styles.css';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { DOWNLOAD_NAMES, type StatisticKind } from '../../api/statistics';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import { statisticsActions } from './statistics.slice';
import { AttendancesChart, OverdueFollowUps, RejectionsChart, StatesPerInstituteChart, UserActivityChart } from './StatisticsCharts';
import { StatisticsFiltersForm } from './StatisticsFiltersForm';
import { messages } from './messages';

function StatisticSection({ kind, title, children }: { kind: StatisticKind; title: string; children: ReactNode }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const downloading = useAppSelector((state: RootState) => state.statistics.downloading.includes(kind));
  const headingId = `statistics-${kind}`;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        <Button variant="light" loading={downloading} onClick={() => dispatch(statisticsActions.downloadRequested(kind))}>
          {intl.formatMessage(messages.download, { name: DOWNLOAD_NAMES[kind] })}
        </Button>
      </Group>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

export function StatisticsPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { filters, registries, institutes, data, loading, error, downloadError } = useAppSelector((state: RootState) => state.statistics);
  useEffect(() => {
    dispatch(statisticsActions.pageOpened());
  }, [dispatch]);

  return (
    <Stack gap="lg">
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      <Text>{intl.formatMessage(messages.intro)}</Text>
      <StatisticsFiltersForm
        key={`${registries.length}-${institutes.length}`}
        filters={filters}
        registries={registries}
        institutes={institutes}
        onApply={(next) => dispatch(statisticsActions.filtersApplied(next))}
      />
      {error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadError, { message: error.message ?? error.code ?? '' })}
        </Alert>
      )}
      {downloadError && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.downloadError, { message: downloadError.message ?? downloadError.code ?? '' })}
        </Alert>
      )}
      {loading && <Loader aria-label={intl.formatMessage(messages.title)} />}
      {data && (
        <>
          <StatisticSection kind="approvalLevels" title={intl.formatMessage(messages.approvalLevelsTitle)}>
            <StatesPerInstituteChart rows={data.approvalLevels} />
            <AttendancesChart attendances={data.attendances} />
          </StatisticSection>
          <StatisticSection kind="userActivity" title={intl.formatMessage(messages.userActivityTitle)}>
            <UserActivityChart rows={data.userActivity} />
          </StatisticSection>
          <StatisticSection kind="rejections" title={intl.formatMessage(messages.rejectionsTitle)}>
            <RejectionsChart rows={data.rejections} />
          </StatisticSection>
          <StatisticSection kind="followUps" title={intl.formatMessage(messages.followUpsTitle)}>
            <OverdueFollowUps rows={data.followUps} />
          </StatisticSection>
        </>
      )}
    </Stack>
  );
}
