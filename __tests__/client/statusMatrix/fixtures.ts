// A status-matrix answer: two periods (baseline and adverse events, then a follow-up), one row
// whose baseline waits for the reader at level 2 and one disqualified row without forms.
import type { MatrixForm, MatrixRow, StatusMatrixAnswer } from '../../../src/api/statusMatrix';

export const form = (over: Partial<MatrixForm> = {}): MatrixForm => ({
  id: 'f-1',
  displayId: 'SZLK-RA-BIO-20260110-1-1',
  state: 'await_inspect',
  approvalLevel: 1,
  requiredLevels: 2,
  needsMyAction: true,
  ...over,
});

export const row = (over: Partial<MatrixRow> = {}): MatrixRow => ({
  attendanceId: 'a-1',
  attendanceDisplayId: 'SZLK-RA-BIO-20260110-1',
  attendanceState: 'open',
  startDateTime: '2026-01-10T08:30:00.000Z',
  patientId: 'p-1',
  internalPatientNumber: 'SZLK-000001',
  patientName: null,
  instituteId: 'i-1',
  instituteShortName: 'SZLK',
  cells: [[form()], [form({ id: 'f-2', displayId: 'AE-1', state: 'final', approvalLevel: 2, needsMyAction: false }), form({ id: 'f-3', displayId: 'AE-2', state: 'draft', approvalLevel: 0, needsMyAction: false })], []],
  ...over,
});

export const matrixAnswer = (rows: MatrixRow[] = [row()], total = rows.length): StatusMatrixAnswer => ({
  columns: [
    { periodIndex: 0, periodName: 'Baseline', formTypeId: 1, formTypeShortName: 'Baseline', formTypeName: 'Baseline visit', maxPerPeriod: 1 },
    { periodIndex: 0, periodName: 'Baseline', formTypeId: 3, formTypeShortName: 'AE', formTypeName: 'Adverse event', maxPerPeriod: null },
    { periodIndex: 1, periodName: 'Month 3', formTypeId: 2, formTypeShortName: 'Follow-up', formTypeName: 'Follow-up visit', maxPerPeriod: 1 },
  ],
  institutes: [
    { id: 'i-1', shortName: 'SZLK' },
    { id: 'i-2', shortName: 'DEK' },
  ],
  results: rows,
  statistics: { total },
});
