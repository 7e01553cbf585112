// Answers of the statistics calls for the client tests, and nock for each of them.
import nock from 'nock';
import { API } from '../../helpers/storeHelpers';

export const ADMIN_CALLER = { id: 'u-admin', name: 'Kovács Admin', roles: ['admin'], institute: null };

export const REGISTRIES = [
  { id: 'r-1', name: 'Rheumatology Biologic Therapy Registry', shortName: 'RA-BIO' },
  { id: 'r-2', name: 'Oncology trial', shortName: 'NSCLC-1L' },
];
export const INSTITUTES = [
  { id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK' },
  { id: 'i-2', name: 'Duna Klinika', shortName: 'DUNA' },
];

export const APPROVAL_LEVELS = [
  { registry: 'RA-BIO', institute: 'SZLK', formType: 'RA-BASELINE', state: 'draft', approvalLevel: 0, count: 3 },
  { registry: 'RA-BIO', institute: 'SZLK', formType: 'RA-FOLLOWUP', state: 'draft', approvalLevel: 0, count: 2 },
  { registry: 'RA-BIO', institute: 'SZLK', formType: 'RA-BASELINE', state: 'final', approvalLevel: 2, count: 4 },
  { registry: 'RA-BIO', institute: 'DUNA', formType: 'RA-BASELINE', state: 'await_inspect', approvalLevel: 0, count: 1 },
];
export const ATTENDANCES = {
  results: [
    { month: '2026-01', attendances: 1200, patients: 1100 },
    { month: '2026-02', attendances: 300, patients: 1250 },
  ],
  targetPatientCount: 1500,
};
export const USER_ACTIVITY = [
  { userId: 'u-1', userName: 'Dr. Nagy Eszter', signIns: 7, created: 5, saved: 9, approvedLevel1: 0, approvedLevel2: 0, approvedLevel3: 0, rejected: 0, corrected: 1 },
];
export const REJECTIONS = [
  { institute: 'SZLK', formType: 'RA-BASELINE', field: 'esr', level: 1, rejections: 3, corrected: 2, medianHoursToCorrection: 4 },
  { institute: 'DUNA', formType: 'RA-BASELINE', field: 'esr', level: 2, rejections: 1, corrected: 1, medianHoursToCorrection: 1.5 },
  { institute: 'SZLK', formType: 'RA-BASELINE', field: 'ghVas', level: 1, rejections: 2, corrected: 0, medianHoursToCorrection: null },
];
export const FOLLOW_UPS = [
  { registry: 'RA-BIO', institute: 'SZLK', patientNumber: 'SZLK-0007', attendance: 'A-7', lastVisit: '2026-01-10T08:00:00.000Z', nextPeriod: 'Month 3', nextExpected: '2026-04-10', overdue: true },
  { registry: 'RA-BIO', institute: 'SZLK', patientNumber: 'SZLK-0008', attendance: 'A-8', lastVisit: '2026-11-01T08:00:00.000Z', nextPeriod: 'Month 3', nextExpected: '2027-02-01', overdue: false },
];

/** Nock for the page's five JSON calls; `query` is what each must be asked with (true: anything). */
export function nockStatistics(query: Record<string, string> | true = true, followUpQuery: Record<string, string> | true = true): nock.Scope[] {
  const json = (q: Record<string, string> | true): Record<string, string> | true => (q === true ? true : { ...q, format: 'json' });
  return [
    nock(API).get('/api/v1/statistics/approval-levels').query(json(query)).reply(200, { results: APPROVAL_LEVELS }),
    nock(API).get('/api/v1/statistics/attendances-per-month').query(query).reply(200, ATTENDANCES),
    nock(API).get('/api/v1/statistics/user-activity').query(json(query)).reply(200, { results: USER_ACTIVITY }),
    nock(API).get('/api/v1/statistics/rejection-count').query(json(query)).reply(200, { results: REJECTIONS }),
    nock(API).get('/api/v1/statistics/follow-up').query(json(followUpQuery)).reply(200, { results: FOLLOW_UPS }),
  ];
}

export function nockChoices(): void {
  nock(API).get('/api/v1/registries').query(true).reply(200, { results: REGISTRIES });
  nock(API).get('/api/v1/institutes').query(true).reply(200, { results: INSTITUTES });
}
