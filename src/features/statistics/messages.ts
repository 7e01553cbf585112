import { defineMessages, type NoMessageValues } from 'react-intl';

const MESSAGE_DEFINITIONS = {
  title: { id: 'statistics.page.title', defaultMessage: 'Statistics' },
  intro: { id: 'statistics.page.intro', defaultMessage: 'Numbers over the patients you may see. Each statistic downloads as an Excel workbook under the same filters.' },
  filters: { id: 'statistics.filters.title', defaultMessage: 'Filters' },
  registry: { id: 'statistics.filters.registry', defaultMessage: 'Registry' },
  institute: { id: 'statistics.filters.institute', defaultMessage: 'Institute' },
  all: { id: 'statistics.filters.all', defaultMessage: 'All' },
  from: { id: 'statistics.filters.from', defaultMessage: 'From' },
  to: { id: 'statistics.filters.to', defaultMessage: 'To' },
  apply: { id: 'statistics.filters.apply', defaultMessage: 'Apply filters' },
  reset: { id: 'statistics.filters.reset', defaultMessage: 'Reset' },
  loadError: { id: 'statistics.page.loadError', defaultMessage: 'The statistics could not be loaded: {message}' },
  downloadError: { id: 'statistics.page.downloadError', defaultMessage: 'The download failed: {message}' },
  download: { id: 'statistics.download', defaultMessage: 'Download {name}' },
  noData: { id: 'statistics.noData', defaultMessage: 'No data under these filters.' },
  approvalLevelsTitle: { id: 'statistics.approvalLevels.title', defaultMessage: 'Registry attendance count' },
  approvalLevelsChart: { id: 'statistics.approvalLevels.chart', defaultMessage: 'Forms per institute by state' },
  attendancesChart: { id: 'statistics.attendances.chart', defaultMessage: 'Attendances per month and patients reached against the target' },
  attendancesSeries: { id: 'statistics.attendances.series', defaultMessage: 'Attendances in the month' },
  patientsSeries: { id: 'statistics.attendances.patients', defaultMessage: 'Patients reached' },
  target: { id: 'statistics.attendances.target', defaultMessage: 'Target: {count} patients' },
  noTarget: { id: 'statistics.attendances.noTarget', defaultMessage: 'Choose a registry to see its target patient count.' },
  month: { id: 'statistics.attendances.month', defaultMessage: 'Month' },
  userActivityTitle: { id: 'statistics.userActivity.title', defaultMessage: 'User activity' },
  userActivityChart: { id: 'statistics.userActivity.chart', defaultMessage: 'Form operations per user' },
  user: { id: 'statistics.userActivity.user', defaultMessage: 'User' },
  created: { id: 'statistics.userActivity.created', defaultMessage: 'Created' },
  saved: { id: 'statistics.userActivity.saved', defaultMessage: 'Saved' },
  approved: { id: 'statistics.userActivity.approved', defaultMessage: 'Approved' },
  rejected: { id: 'statistics.userActivity.rejected', defaultMessage: 'Rejected' },
  corrected: { id: 'statistics.userActivity.corrected', defaultMessage: 'Corrected' },
  signIns: { id: 'statistics.userActivity.signIns', defaultMessage: 'Sign-ins' },
  rejectionsTitle: { id: 'statistics.rejections.title', defaultMessage: 'Rejection count' },
  rejectionsChart: { id: 'statistics.rejections.chart', defaultMessage: 'Rejections per field' },
  field: { id: 'statistics.rejections.field', defaultMessage: 'Field' },
  rejections: { id: 'statistics.rejections.count', defaultMessage: 'Rejections' },
  followUpsTitle: { id: 'statistics.followUps.title', defaultMessage: 'Follow up' },
  overdueTable: { id: 'statistics.followUps.table', defaultMessage: 'Overdue follow-ups' },
  noOverdue: { id: 'statistics.followUps.none', defaultMessage: 'No follow-up is overdue.' },
  patientNumber: { id: 'statistics.followUps.patientNumber', defaultMessage: 'Patient number' },
  lastVisit: { id: 'statistics.followUps.lastVisit', defaultMessage: 'Last visit' },
  nextPeriod: { id: 'statistics.followUps.nextPeriod', defaultMessage: 'Next period' },
  nextExpected: { id: 'statistics.followUps.nextExpected', defaultMessage: 'Expected on' },
  overdueCount: { id: 'statistics.followUps.count', defaultMessage: '{overdue} of {total} patients are overdue.' },
  showTable: { id: 'statistics.chart.showTable', defaultMessage: 'Show as table' },
  showChart: { id: 'statistics.chart.showChart', defaultMessage: 'Show as chart' },
} as const;

type WithValues = 'loadError' | 'downloadError' | 'download' | 'target' | 'overdueCount';
/** Values of the messages with placeholders; every other message takes none. */
type MessageValueTypes = Omit<{ [K in keyof typeof MESSAGE_DEFINITIONS]: NoMessageValues }, WithValues> & {
  loadError: { message: string };
  downloadError: { message: string };
  download: { name: string };
  target: { count: string };
  overdueCount: { overdue: string; total: string };
};

export const messages = defineMessages<MessageValueTypes>(MESSAGE_DEFINITIONS);
