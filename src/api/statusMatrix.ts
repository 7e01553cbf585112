// GET /registries/{id}/status-matrix (server/routes/statusMatrix.ts): the registry's period x form
// type columns once, and one page of attendance rows whose cells line up with the columns.
import type { FormState } from '../domain/forms/lifecycle';
import type { ApiRequest } from './client';

export interface MatrixColumn {
  periodIndex: number;
  periodName: string;
  formTypeId: number;
  formTypeShortName: string;
  formTypeName: string;
  maxPerPeriod: number | null;
}

export interface MatrixForm {
  id: string;
  displayId: string;
  state: FormState;
  approvalLevel: number;
  requiredLevels: number;
  needsMyAction: boolean;
}

export interface MatrixRow {
  attendanceId: string;
  attendanceDisplayId: string;
  attendanceState: 'open' | 'completed' | 'disqualified';
  startDateTime: string;
  patientId: string;
  internalPatientNumber: string;
  patientName: string | null;
  instituteId: string;
  instituteShortName: string;
  /** One entry per column, in the order of `columns`. */
  cells: MatrixForm[][];
}

export interface StatusMatrixAnswer {
  columns: MatrixColumn[];
  institutes: { id: string; shortName: string }[];
  results: MatrixRow[];
  /** `capped`: more rows match than `total` (a common code search counts no further). */
  statistics?: { total: number; capped?: boolean };
}

export const getStatusMatrix = (registryId: string, params: Record<string, string>): ApiRequest => ({
  method: 'GET',
  path: `/registries/${encodeURIComponent(registryId)}/status-matrix`,
  query: params,
});
