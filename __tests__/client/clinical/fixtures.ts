// Shared answers of the clinical contract (docs/api-clinical.md) for the clinical client tests.
import nock from 'nock';
import type { Attendance } from '../../../src/api/attendances';
import type { DashboardRegistry } from '../../../src/api/dashboard';
import type { ListedForm } from '../../../src/api/forms';
import type { Patient } from '../../../src/api/patients';
import { API, SIGNED_IN_CONFIGURATION } from '../../helpers/storeHelpers';

export const signedIn = { auth: { step: 'loggedIn' as const, accessToken: { token: 'clinical.token', expiresAt: Date.now() + 600_000 } } };

/** Startup asks for the configuration once per store; answer it so no test sees a stray error. */
export function answerStartup(): void {
  nock(API).get('/api/v1/client-configuration').reply(200, SIGNED_IN_CONFIGURATION);
}

export const patient = (over: Partial<Patient> = {}): Patient => ({
  id: 'p-1',
  internalPatientNumber: 'SZLK-000001',
  registryPatientNumber: 'R-17',
  insuranceNumber: '123456788',
  name: 'Kovács Anna',
  dob: '1970-03-14',
  gender: 'female',
  country: 'HU',
  registry: { id: 'r-1', shortName: 'RA' },
  institute: { id: 'i-1', shortName: 'SZLK', name: 'Szent Lukács Kórház' },
  instituteCount: 1,
  attendanceCount: 2,
  bioSampleCount: 0,
  createdAt: '2026-01-10T09:00:00.000Z',
  personalDataHidden: false,
  ...over,
});

export const hiddenPatient = patient({ id: 'p-2', internalPatientNumber: 'SZLK-000002', name: null, insuranceNumber: null, dob: null, gender: 'male', personalDataHidden: true });

export const dashboardRegistry = (over: Partial<DashboardRegistry> = {}): DashboardRegistry => ({
  id: 'r-1',
  name: 'Rheumatoid arthritis registry',
  nameEn: 'Rheumatoid arthritis registry',
  nameHu: 'Rheumatoid arthritis regiszter',
  shortName: 'RA',
  registryType: 'registry',
  permissions: ['reg_access', 'frm_create', 'frm_read'],
  formTypeCount: 3,
  instituteCount: 2,
  counts: { patients: 12, attendances: 30, formsAwaitingApproval: 4, formsToCorrect: 1 },
  ...over,
});

export const attendance = (over: Partial<Attendance> = {}): Attendance => ({
  id: 'a-1',
  displayId: 'SZLK-RA-20260110-1',
  legacyDisplayId: null,
  state: 'open',
  patient: { id: 'p-1', internalPatientNumber: 'SZLK-000001', name: 'Kovács Anna' },
  registry: { id: 'r-1', shortName: 'RA', registryType: 'registry' },
  institute: { id: 'i-1', shortName: 'SZLK' },
  physician: { id: 'u-9', name: 'Dr. Nagy Péter' },
  owner: { id: 'u-1', name: 'Dr. Kiss Anna' },
  startDateTime: '2026-01-10T09:00:00.000Z',
  endDateTime: null,
  completed: false,
  inpatientDays: [{ from: '2026-01-10', to: '2026-01-14' }],
  randomGroup: null,
  formId: 'f-1',
  createdAt: '2026-01-10T09:00:00.000Z',
  periods: [
    {
      id: 'ap-1',
      index: 0,
      name: { hu: 'Kiindulás', en: 'Baseline' },
      forms: (['draft', 'await_inspect', 'rejected', 'correct_draft', 'corrected', 'final'] as const).map((state, i) => ({
        id: `f-${i + 1}`,
        formTypeId: i + 1,
        formTypeName: `Form type ${i + 1}`,
        displayId: `F-${i + 1}`,
        state,
        approvals: state === 'final' ? [1, 2] : [],
        version: 1,
        updatedAt: '2026-01-11T10:00:00.000Z',
        physicianId: 'u-9',
      })),
    },
  ],
  ...over,
});

export const listedForm = (over: Partial<ListedForm> = {}): ListedForm => ({
  id: 'f-2',
  formTypeId: 2,
  formTypeName: 'Baseline',
  displayId: 'F-2',
  state: 'await_inspect',
  approvals: [1],
  version: 3,
  updatedAt: '2026-01-11T10:00:00.000Z',
  physicianId: 'u-9',
  patient: { id: 'p-1', internalPatientNumber: 'SZLK-000001', name: 'Kovács Anna' },
  attendance: { id: 'a-1', displayId: 'SZLK-RA-20260110-1' },
  registry: { id: 'r-1', shortName: 'RA' },
  ...over,
});

export const list = <T>(results: T[], total = results.length): { results: T[]; statistics: { total: number } } => ({ results, statistics: { total } });
