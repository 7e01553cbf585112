// The four statistics' charts, each with its table alternative (ChartFigure). Numbers and dates
// go through the shared formatter, so both languages show them their own way.
import type { ReactElement } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ApprovalLevelRow, AttendancesPerMonth, FollowUpRow, RejectionCountRow, UserActivityRow } from '../../api/statistics';
import { useFormatter } from '../../i18n/useFormatter';
import { stateMessages } from '../forms/messages';
import { FORM_STATES, operationsPerUser, rejectionsPerField, statesPerInstitute } from './chartData';
import { ChartFigure, DataTable } from './ChartFigure';
import { messages } from './messages';

const HEIGHT = 260;
const STATE_COLORS: Record<string, string> = { draft: 'gray.5', await_inspect: 'blue.6', rejected: 'red.6', correct_draft: 'orange.5', corrected: 'yellow.6', final: 'teal.6' };

export function StatesPerInstituteChart({ rows }: { rows: ApprovalLevelRow[] }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const data = statesPerInstitute(rows);
  const series = FORM_STATES.map((state) => ({ name: state, label: intl.formatMessage(stateMessages[state]), color: STATE_COLORS[state] }));
  const title = intl.formatMessage(messages.approvalLevelsChart);
  return (
    <ChartFigure
      title={title}
      chart={<BarChart h={HEIGHT} data={data} dataKey="institute" type="stacked" series={series} withLegend valueFormatter={(v) => format.number(v)} />}
      table={{
        columns: [intl.formatMessage(messages.institute), ...series.map((s) => s.label)],
        rows: data.map((row) => [String(row.institute), ...FORM_STATES.map((state) => format.number(Number(row[state])))]),
      }}
    />
  );
}

export function AttendancesChart({ attendances }: { attendances: AttendancesPerMonth }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const target = attendances.targetPatientCount;
  const series = [
    { name: 'attendances', label: intl.formatMessage(messages.attendancesSeries), color: 'blue.6' },
    { name: 'patients', label: intl.formatMessage(messages.patientsSeries), color: 'teal.6' },
  ];
  const targetText = target === null ? null : intl.formatMessage(messages.target, { count: format.number(target) });
  return (
    <ChartFigure
      title={intl.formatMessage(messages.attendancesChart)}
      chart={
        <LineChart
          h={HEIGHT}
          data={attendances.results}
          dataKey="month"
          series={series}
          withLegend
          valueFormatter={(v) => format.number(v)}
          referenceLines={targetText === null ? [] : [{ y: target ?? 0, label: targetText, color: 'red.6' }]}
        />
      }
      table={{
        columns: [intl.formatMessage(messages.month), ...series.map((s) => s.label)],
        rows: attendances.results.map((row) => [row.month, format.number(row.attendances), format.number(row.patients)]),
      }}
      note={<Text size="sm">{targetText ?? intl.formatMessage(messages.noTarget)}</Text>}
    />
  );
}

export function UserActivityChart({ rows }: { rows: UserActivityRow[] }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const data = operationsPerUser(rows);
  const keys = ['created', 'saved', 'approved', 'rejected', 'corrected'] as const;
  const colors = ['blue.6', 'cyan.6', 'teal.6', 'red.6', 'yellow.6'];
  const series = keys.map((key, i) => ({ name: key, label: intl.formatMessage(messages[key]), color: colors[i] }));
  return (
    <ChartFigure
      title={intl.formatMessage(messages.userActivityChart)}
      chart={<BarChart h={HEIGHT} data={data} dataKey="user" series={series} withLegend valueFormatter={(v) => format.number(v)} />}
      table={{
        columns: [intl.formatMessage(messages.user), ...series.map((s) => s.label), intl.formatMessage(messages.signIns)],
        rows: data.map((row, i) => [row.user, ...keys.map((key) => format.number(row[key])), format.number(rows[i].signIns)]),
      }}
    />
  );
}

export function RejectionsChart({ rows }: { rows: RejectionCountRow[] }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const data = rejectionsPerField(rows);
  const series = [
    { name: 'rejections', label: intl.formatMessage(messages.rejections), color: 'red.6' },
    { name: 'corrected', label: intl.formatMessage(messages.corrected), color: 'teal.6' },
  ];
  return (
    <ChartFigure
      title={intl.formatMessage(messages.rejectionsChart)}
      chart={<BarChart h={HEIGHT} data={data} dataKey="field" series={series} withLegend valueFormatter={(v) => format.number(v)} />}
      table={{
        columns: [intl.formatMessage(messages.field), ...series.map((s) => s.label)],
        rows: data.map((row) => [row.field, format.number(row.rejections), format.number(row.corrected)]),
      }}
    />
  );
}

export function OverdueFollowUps({ rows }: { rows: FollowUpRow[] }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const overdue = rows.filter((row) => row.overdue);
  const title = intl.formatMessage(messages.overdueTable);
  return (
    <>
      <Text size="sm">{intl.formatMessage(messages.overdueCount, { overdue: format.number(overdue.length), total: format.number(rows.length) })}</Text>
      {overdue.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(messages.noOverdue)}</Text>
      ) : (
        <DataTable
          title={title}
          table={{
            columns: [messages.patientNumber, messages.registry, messages.institute, messages.lastVisit, messages.nextPeriod, messages.nextExpected].map((m) => intl.formatMessage(m)),
            rows: overdue.map((row) => [
              row.patientNumber,
              row.registry,
              row.institute,
              format.date(row.lastVisit),
              row.nextPeriod ?? '',
              row.nextExpected === null ? '' : format.wallClock(row.nextExpected, 'date'),
            ]),
          }}
        />
      )}
    </>
  );
}
