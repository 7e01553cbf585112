// The export form's values (texts, as inputs hold them) and their conversion to the parameters of
// POST /data-export; the client's checks are the domain's (the server runs them again) plus the
// password confirmation, which is the client's alone.
import type { ExportParameters } from '../../domain/export/exportParameters';
import { defaultExportParameters, parseFieldFilter, validateExportParameters } from '../../domain/export/exportValidation';

export interface ExportFormValues {
  fileName: string;
  password: string;
  passwordConfirmation: string;
  format: ExportParameters['format'];
  locale: ExportParameters['locale'];
  registryIds: string[];
  instituteIds: string[];
  formTypeIds: string[];
  minimumApprovalLevel: string;
  fieldFilters: string;
  groupBy: ExportParameters['groupBy'];
  renderType: ExportParameters['renderType'];
  maxCellSize: string;
  daysLimit: string;
  columnsPerSheet: string;
  formsPerSheet: string;
  arraySeparator: string;
  ordering: ExportParameters['ordering'];
  includePersonalData: boolean;
}

export function initialExportFormValues(locale: 'hu' | 'en'): ExportFormValues {
  const d = defaultExportParameters(locale);
  return {
    ...d,
    passwordConfirmation: '',
    minimumApprovalLevel: String(d.minimumApprovalLevel),
    fieldFilters: '',
    maxCellSize: String(d.maxCellSize),
    daysLimit: '',
    columnsPerSheet: String(d.columnsPerSheet),
    formsPerSheet: String(d.formsPerSheet),
  };
}

/** '' and anything not a whole number become NaN, which the domain check reports. */
const whole = (text: string): number => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export function toExportParameters(values: ExportFormValues): ExportParameters {
  const { passwordConfirmation: _confirmation, ...rest } = values;
  return {
    ...rest,
    fileName: values.fileName.trim(),
    minimumApprovalLevel: whole(values.minimumApprovalLevel),
    fieldFilters: parseFieldFilter(values.fieldFilters),
    maxCellSize: whole(values.maxCellSize),
    daysLimit: values.daysLimit.trim() === '' ? null : whole(values.daysLimit),
    columnsPerSheet: whole(values.columnsPerSheet),
    formsPerSheet: whole(values.formsPerSheet),
  };
}

export interface FormProblem {
  path: string;
  key: string;
  context: Record<string, unknown>;
}

export function exportFormProblems(values: ExportFormValues): FormProblem[] {
  const problems: FormProblem[] = validateExportParameters(toExportParameters(values));
  if (values.password !== '' && values.password !== values.passwordConfirmation) problems.push({ path: 'passwordConfirmation', key: 'api.match', context: {} });
  return problems;
}
