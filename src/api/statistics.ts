// The statistics calls (server/routes/statistics.ts, statisticsReview.ts): each statistic as JSON
// for the page's charts and as the .xlsx download, under the same filters.
import type { ApiRequest } from './client';

export const STATISTICS = ['approvalLevels', 'userActivity', 'rejections', 'followUps'] as const;
export type StatisticKind = (typeof STATISTICS)[number];

export interface StatisticsFilters {
  registryId: string;
  instituteId: string;
  /** YYYY-MM-DD or '' (open). */
  from: string;
  to: string;
  /** The chosen registry's short name: the follow-up statistic names registries by it. */
  registryShortName: string;
}

export interface ApprovalLevelRow {
  registry: string;
  institute: string;
  formType: string;
  state: string;
  approvalLevel: number;
  count: number;
}

export interface AttendanceMonthRow {
  /** YYYY-MM. */
  month: string;
  attendances: number;
  /** Patients whose first attendance falls in this month or earlier (within the filters). */
  patients: number;
}

export interface AttendancesPerMonth {
  results: AttendanceMonthRow[];
  /** The registry's target patient count; null without a registry filter or when the registry sets none. */
  targetPatientCount: number | null;
}

export interface RejectionCountRow {
  institute: string;
  formType: string;
  field: string;
  level: number;
  rejections: number;
  corrected: number;
  /** Median hours from rejection to correction over the corrected ones; null when none is corrected. */
  medianHoursToCorrection: number | null;
}

export interface FollowUpRow {
  registry: string;
  institute: string;
  patientNumber: string;
  attendance: string;
  /** ISO instant. */
  lastVisit: string;
  /** The period the next follow-up belongs to, in the caller's language; null when the plan is done. */
  nextPeriod: string | null;
  /** YYYY-MM-DD; null when no planned period is left. */
  nextExpected: string | null;
  overdue: boolean;
}

export interface UserActivityRow {
  userId: string;
  userName: string;
  signIns: number;
  created: number;
  saved: number;
  approvedLevel1: number;
  approvedLevel2: number;
  approvedLevel3: number;
  rejected: number;
  corrected: number;
}

/** The four statistics of spec §7, each a JSON answer for the page and an .xlsx download. */
const PATHS: Record<StatisticKind, string> = {
  approvalLevels: '/statistics/approval-levels',
  userActivity: '/statistics/user-activity',
  rejections: '/statistics/rejection-count',
  followUps: '/statistics/follow-up',
};

export const DOWNLOAD_NAMES: Record<StatisticKind, string> = {
  approvalLevels: 'registry-attendance-count.xlsx',
  userActivity: 'user-activity.xlsx',
  rejections: 'rejection-count.xlsx',
  followUps: 'follow-up.xlsx',
};

function filterQuery(filters: StatisticsFilters, kind: StatisticKind | 'attendancesPerMonth'): Record<string, string> {
  const query: Record<string, string> = {};
  if (kind === 'followUps') {
    if (filters.registryShortName) query.name = filters.registryShortName;
  } else if (filters.registryId) query.registryId = filters.registryId;
  if (filters.instituteId) query.instituteId = filters.instituteId;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

export const getStatisticJson = (kind: StatisticKind, filters: StatisticsFilters): ApiRequest => ({
  method: 'GET',
  path: PATHS[kind],
  query: { ...filterQuery(filters, kind), format: 'json' },
});

export const getAttendancesPerMonth = (filters: StatisticsFilters): ApiRequest => ({
  method: 'GET',
  path: '/statistics/attendances-per-month',
  query: filterQuery(filters, 'attendancesPerMonth'),
});

export const getStatisticFile = (kind: StatisticKind, filters: StatisticsFilters): ApiRequest => ({
  method: 'GET',
  path: PATHS[kind],
  query: { ...filterQuery(filters, kind), format: 'xlsx' },
  responseType: 'blob',
});
