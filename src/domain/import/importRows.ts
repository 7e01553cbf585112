// What one import row means before anything is written: its keys (patient, institute, attendance,
// draft form), its values parsed per field type, calculated fields recomputed by the form engine,
// and the form validated as a submit would validate it. Nothing here reads the database; the
// import job resolves the keys and writes.
import {
  FIELD_TYPES,
  SEVERITIES,
  compileDescriptor,
  createFormEvaluator,
  validateForm,
  type FormDescriptor,
  type FormLocale,
  type FormValues,
  type ValidationIssue,
  type ValueLabel,
} from '../forms';
import { checkImportHeader, type ColumnRole, type ImportIssue, type KeyColumn } from './importColumns';
import { parseImportDate, parseImportValue, type ValueParseOptions } from './importValues';

export interface ImportOptions {
  locale: FormLocale;
  arraySeparator?: string;
  /** The same form type version in its other locales, so that choices read by label in each. */
  otherLocales?: readonly FormDescriptor[];
  /** Today's date (YYYY-MM-DD) for `today()` formulas and `notInFuture` rules. */
  today?: () => string;
}

export interface ImportPlan {
  descriptor: FormDescriptor;
  header: readonly string[];
  columns: readonly ColumnRole[];
  parseOptions: ValueParseOptions;
  today?: () => string;
}

export type RowKeys = Record<KeyColumn, string | null>;

export interface ImportRowError {
  /** Data row number: 1 is the first row after the header. */
  row: number;
  /** The column (or, for a form-level rule, the field) the message is about. */
  column: string;
  /** The cell as the file holds it ('' when the message is about a field without a column). */
  value: string;
  messageId: string;
  context: Record<string, unknown>;
}

export interface ImportRowResult {
  row: number;
  ok: boolean;
  keys: RowKeys;
  /** The values to store: parsed, recalculated, hidden dependent fields removed (as on submit). */
  values: FormValues;
  /** Calculated fields the engine gave a value in this row. */
  recalculatedFields: number;
  errors: ImportRowError[];
  /** Advisory findings (soft ranges); they do not stop the import. */
  warnings: ImportRowError[];
}

/** Checks the header and prepares the per-row work; `errors` is non-empty when the file cannot be read. */
export function createImportPlan(header: readonly string[], descriptor: FormDescriptor, options: ImportOptions): { plan: ImportPlan | null; errors: ImportIssue[] } {
  const check = checkImportHeader(header, descriptor);
  if (check.errors.length > 0) return { plan: null, errors: check.errors };
  const descriptors = [descriptor, ...(options.otherLocales ?? [])];
  // Every choice cell asks for its list: joined once per key, not once per cell.
  const lists = new Map<string, ValueLabel[]>();
  const optionLists = (key: string): ValueLabel[] => {
    let list = lists.get(key);
    if (!list) {
      list = descriptors.flatMap((d) => d.valueLabelMap[key] ?? []);
      lists.set(key, list);
    }
    return list;
  };
  const parseOptions: ValueParseOptions = { locale: options.locale, arraySeparator: options.arraySeparator, optionLists };
  return { plan: { descriptor, header: header.map((h) => h.trim()), columns: check.columns, parseOptions, today: options.today }, errors: [] };
}

const emptyKeys = (): RowKeys => ({
  patientNumber: null,
  insuranceNumber: null,
  institute: null,
  attendanceId: null,
  attendanceStart: null,
  physician: null,
  formId: null,
});

/** The attendance start as a stored date-time; a bare date starts at midnight. */
function attendanceStartOf(text: string, locale: FormLocale): string | null {
  const withTime = parseImportDate(text, true, locale);
  if (withTime !== null) return withTime;
  const date = parseImportDate(text, false, locale);
  return date === null ? null : `${date}T00:00`;
}

function keyErrors(keys: RowKeys, add: (column: string, messageId: string) => void): void {
  if (keys.patientNumber === null && keys.insuranceNumber === null) add('patientNumber', 'import.row.patientKeyMissing');
  if (keys.institute === null) add('institute', 'import.row.instituteMissing');
  const startsOne = keys.attendanceStart !== null && keys.physician !== null;
  if (keys.attendanceId === null && keys.formId === null && !startsOne) add('attendanceId', 'import.row.attendanceKeyMissing');
}

function countRecalculated(descriptor: FormDescriptor, values: FormValues): number {
  return compileDescriptor(descriptor).index.ordered.filter(
    (info) => info.field.type === FIELD_TYPES.calculated && info.multiField === null && typeof values[info.field.id] === 'number',
  ).length;
}

export interface RowCheckOptions {
  /**
   * false: only the cells are read (keys, parse errors) and the values recomputed; the form rules
   * are not checked and nothing is counted as recalculated. For a commit whose validation step
   * already checked the same file's rows against the same form type version.
   */
  formRules?: boolean;
  /**
   * false (with `formRules: false`): the parsed values are answered as they are, without running
   * the form engine. For a writer that computes the calculated fields itself, and only for a form
   * that can hide nothing (no dependent groups), where a submit would keep every parsed value.
   */
  recompute?: boolean;
}

/**
 * One data row. `headerValues` are the form header's values (patient, physician, start) once the
 * job has resolved the keys; without them the header fields are left out of the validation.
 */
export function checkImportRow(plan: ImportPlan, cells: readonly string[], row: number, headerValues?: FormValues, options: RowCheckOptions = {}): ImportRowResult {
  const errors: ImportRowError[] = [];
  const warnings: ImportRowError[] = [];
  const keys = emptyKeys();
  const result = (values: FormValues, recalculatedFields: number): ImportRowResult => ({ row, ok: errors.length === 0, keys, values, recalculatedFields, errors, warnings });
  if (cells.length !== plan.header.length) {
    errors.push({ row, column: '', value: '', messageId: 'import.row.columnCount', context: { expected: plan.header.length, actual: cells.length } });
    return result({}, 0);
  }
  // The cell of a column, for a message (the last of equal names, as a map of the row would give).
  const cellOf = { get: (column: string): string | undefined => cells[plan.header.lastIndexOf(column)] };
  const values: FormValues = { ...headerValues };
  plan.columns.forEach((role, i) => {
    const column = plan.header[i];
    const cell = cells[i];
    if (role.kind === 'key') {
      keys[role.key] = cell.trim() === '' ? null : cell.trim();
    } else if (role.kind === 'field') {
      const parsed = parseImportValue(role.field, cell, plan.parseOptions);
      if ('issue' in parsed) errors.push({ row, column, value: cell, ...parsed.issue });
      else if (parsed.value !== undefined) values[role.field.id] = parsed.value;
    }
  });
  if (keys.attendanceStart !== null) {
    const start = attendanceStartOf(keys.attendanceStart, plan.parseOptions.locale);
    if (start === null) errors.push({ row, column: 'attendanceStart', value: keys.attendanceStart, messageId: 'import.value.date', context: { format: 'YYYY-MM-DDTHH:mm' } });
    keys.attendanceStart = start;
  }
  keyErrors(keys, (column, messageId) => errors.push({ row, column, value: cellOf.get(column) ?? '', messageId, context: {} }));
  if (options.formRules === false && options.recompute === false) return result(values, 0);
  // A cell that did not parse already has its message; validating it again as empty would add a second one.
  const unreadable = new Set(errors.map((e) => e.column));
  const evaluator = createFormEvaluator(plan.descriptor, values, { today: plan.today });
  if (options.formRules === false) return result(evaluator.valuesForSubmit(), 0);
  const headerIds = new Set(plan.descriptor.commonDataFields.map((f) => f.id));
  const toError = (issue: ValidationIssue): ImportRowError => {
    const column = issue.path.split(/[.[]/)[0];
    return { row, column, value: cellOf.get(column) ?? '', messageId: `validation.${issue.key}`, context: issue.context };
  };
  for (const issue of validateForm(evaluator, { today: plan.today })) {
    const column = issue.path.split(/[.[]/)[0];
    if (unreadable.has(column) || (headerValues === undefined && headerIds.has(column))) continue;
    (issue.severity === SEVERITIES.error ? errors : warnings).push(toError(issue));
  }
  return result(evaluator.valuesForSubmit(), countRecalculated(plan.descriptor, evaluator.values()));
}
