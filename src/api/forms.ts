// The form lists and counts of the clinical contract (docs/api-clinical.md § Forms). The form page's
// own calls come with it.
import type { ApiRequest } from './client';
import type { FormSummary } from './attendances';

export type FormListKind = 'approvable' | 'correctable';

export interface ListedForm extends FormSummary {
  patient: { id: string; internalPatientNumber: string; name: string | null };
  attendance: { id: string; displayId: string };
  registry: { id: string; shortName: string };
}

export const getFormList = (kind: FormListKind, params: Record<string, string>): ApiRequest => ({
  method: 'GET',
  path: `/forms/${kind}`,
  query: params,
});

export const getFormCount = (kind: FormListKind): ApiRequest => ({ method: 'GET', path: `/forms/${kind}-count` });
