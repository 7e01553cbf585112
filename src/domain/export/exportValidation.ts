// The checks of the export parameters that need no database: the export form runs them live, the
// server runs them again (authoritative) before its own checks of what the user may export.
// Problems use the validation catalogue's keys (spec §5), with the parameter's name as the path.
import { isPasswordComplexEnough } from '../auth/password';
import { EXPORT_FORMATS, EXPORT_GROUP_BYS, EXPORT_LIMITS, EXPORT_ORDERINGS, EXPORT_RENDER_TYPES, type ExportParameters } from './exportParameters';

export interface ExportProblem {
  path: keyof ExportParameters;
  key: string;
  context: Record<string, unknown>;
}

/** Characters a file name may not hold on any common system (and no path separators). */
const FILE_NAME_FORBIDDEN = /[\\/:*?"<>|]/u;
const hasControlCharacter = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20);

function rangeProblem(path: keyof ExportParameters, value: number, limits: { min: number; max: number }): ExportProblem[] {
  if (!Number.isInteger(value)) return [{ path, key: 'number.integer', context: {} }];
  if (value < limits.min) return [{ path, key: 'number.min', context: { limit: limits.min } }];
  if (value > limits.max) return [{ path, key: 'number.max', context: { limit: limits.max } }];
  return [];
}

function oneOf(path: keyof ExportParameters, value: string, valids: readonly string[]): ExportProblem[] {
  return valids.includes(value) ? [] : [{ path, key: 'any.only', context: { valids: valids.join(', ') } }];
}

export function validateExportParameters(values: ExportParameters): ExportProblem[] {
  const problems: ExportProblem[] = [];
  const fileName = values.fileName.trim();
  if (fileName === '') problems.push({ path: 'fileName', key: 'any.required', context: {} });
  else if (fileName.length > EXPORT_LIMITS.fileNameMaxLength) problems.push({ path: 'fileName', key: 'string.max', context: { limit: EXPORT_LIMITS.fileNameMaxLength } });
  else if (FILE_NAME_FORBIDDEN.test(fileName) || hasControlCharacter(fileName) || fileName.startsWith('.')) problems.push({ path: 'fileName', key: 'string.regex.base', context: {} });
  if (values.password === '') problems.push({ path: 'password', key: 'any.required', context: {} });
  else if (!isPasswordComplexEnough(values.password)) problems.push({ path: 'password', key: 'string.notComplexEnough', context: {} });
  problems.push(...oneOf('format', values.format, EXPORT_FORMATS));
  problems.push(...oneOf('locale', values.locale, ['hu', 'en']));
  problems.push(...oneOf('groupBy', values.groupBy, EXPORT_GROUP_BYS));
  problems.push(...oneOf('renderType', values.renderType, EXPORT_RENDER_TYPES));
  problems.push(...oneOf('ordering', values.ordering, EXPORT_ORDERINGS));
  problems.push(...rangeProblem('minimumApprovalLevel', values.minimumApprovalLevel, { min: 0, max: EXPORT_LIMITS.maxApprovalLevel }));
  problems.push(...rangeProblem('maxCellSize', values.maxCellSize, EXPORT_LIMITS.maxCellSize));
  if (values.daysLimit !== null) problems.push(...rangeProblem('daysLimit', values.daysLimit, EXPORT_LIMITS.daysLimit));
  problems.push(...rangeProblem('columnsPerSheet', values.columnsPerSheet, EXPORT_LIMITS.columnsPerSheet));
  problems.push(...rangeProblem('formsPerSheet', values.formsPerSheet, EXPORT_LIMITS.formsPerSheet));
  if (values.arraySeparator === '') problems.push({ path: 'arraySeparator', key: 'any.required', context: {} });
  else if (values.arraySeparator.length > EXPORT_LIMITS.arraySeparatorMaxLength) problems.push({ path: 'arraySeparator', key: 'string.max', context: { limit: EXPORT_LIMITS.arraySeparatorMaxLength } });
  return problems;
}

/** "a, b,,c " -> ["a", "b", "c"]: the field filter as typed in the form. */
export function parseFieldFilter(text: string): string[] {
  return [...new Set(text.split(',').map((id) => id.trim()).filter((id) => id !== ''))];
}

/** The defaults the export form starts from. */
export function defaultExportParameters(locale: 'hu' | 'en'): ExportParameters {
  return {
    fileName: '',
    password: '',
    format: 'xlsx',
    locale,
    registryIds: [],
    instituteIds: [],
    formTypeIds: [],
    minimumApprovalLevel: 0,
    fieldFilters: [],
    groupBy: 'none',
    renderType: 'byForm',
    maxCellSize: EXPORT_LIMITS.maxCellSize.default,
    daysLimit: null,
    columnsPerSheet: EXPORT_LIMITS.columnsPerSheet.default,
    formsPerSheet: EXPORT_LIMITS.formsPerSheet.default,
    arraySeparator: '; ',
    ordering: 'formOrder',
    includePersonalData: false,
  };
}
