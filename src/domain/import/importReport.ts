// The validation report of a whole file (spec §3 data import job): rows ok, rows with errors,
// each error with row, column, value and message, and the recalculated count. The counts cover
// every row; the error list keeps the first MAX_REPORTED_ERRORS so a broken 100,000-row file
// still answers a report of bounded size.
import type { FormDescriptor } from '../forms';
import { createCsvParser, CsvSyntaxError, type CsvRecord } from './csvParser';
import type { ImportIssue } from './importColumns';
import { checkImportRow, createImportPlan, type ImportOptions, type ImportPlan, type ImportRowError, type ImportRowResult } from './importRows';

export const MAX_REPORTED_ERRORS = 1000;

export interface ImportReport {
  /** Problems of the file as a whole (not CSV, bad header); no row is checked when there are any. */
  fileErrors: ImportIssue[];
  rowsTotal: number;
  rowsOk: number;
  rowsWithErrors: number;
  /** Every row error, counted even past the reported list. */
  validationErrorsNumber: number;
  warningsNumber: number;
  recalculatedFieldsNumber: number;
  errors: ImportRowError[];
  /** More errors exist than `errors` lists. */
  errorsTruncated: boolean;
}

export interface ImportReportBuilder {
  add(result: ImportRowResult): void;
  fail(issue: ImportIssue): void;
  report(): ImportReport;
}

export function createImportReport(): ImportReportBuilder {
  const report: ImportReport = {
    fileErrors: [],
    rowsTotal: 0,
    rowsOk: 0,
    rowsWithErrors: 0,
    validationErrorsNumber: 0,
    warningsNumber: 0,
    recalculatedFieldsNumber: 0,
    errors: [],
    errorsTruncated: false,
  };
  return {
    add(result: ImportRowResult): void {
      report.rowsTotal += 1;
      if (result.ok) report.rowsOk += 1;
      else report.rowsWithErrors += 1;
      report.validationErrorsNumber += result.errors.length;
      report.warningsNumber += result.warnings.length;
      report.recalculatedFieldsNumber += result.recalculatedFields;
      const room = MAX_REPORTED_ERRORS - report.errors.length;
      report.errors.push(...result.errors.slice(0, Math.max(room, 0)));
      if (result.errors.length > room) report.errorsTruncated = true;
    },
    fail(issue: ImportIssue): void {
      report.fileErrors.push(issue);
    },
    report: (): ImportReport => report,
  };
}

/** How a walk over the rows checks each one; the server adds its database look-ups to the pure rules. */
export interface RowCheckHooks {
  /** Checks one data row (default: the pure rules of checkImportRow). */
  checkRow?: (plan: ImportPlan, fields: readonly string[], row: number) => ImportRowResult | Promise<ImportRowResult>;
  /**
   * Sees the data rows of one chunk before any of them is checked (the server reads the patients
   * they name in one statement instead of one per row).
   */
  beforeRows?: (plan: ImportPlan, rows: readonly (readonly string[])[]) => void | Promise<void>;
  /** Sees each row's result (the job keeps what it will write). */
  onRow?: (result: ImportRowResult) => void | Promise<void>;
  /** Stops the walk between rows (a cancelled job): the walk throws the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Reads a file chunk by chunk and checks every row. Rows are never held together here. `onRow` may
 * be given alone (as the fourth argument) or with the other hooks.
 */
export async function checkImportChunks(
  chunks: AsyncIterable<string> | Iterable<string>,
  descriptor: FormDescriptor,
  options: ImportOptions,
  hooks: RowCheckHooks | RowCheckHooks['onRow'] = {},
): Promise<ImportReport> {
  const { checkRow = checkImportRow, beforeRows, onRow, signal } = typeof hooks === 'function' ? { onRow: hooks } : hooks;
  const builder = createImportReport();
  const parser = createCsvParser();
  // Set once the header is read; an object so the closure below sees it without a cast.
  const state: { plan: ImportPlan | null } = { plan: null };
  let headerRead = false;
  let row = 0;
  const take = async (records: CsvRecord[]): Promise<boolean> => {
    let first = 0;
    if (!headerRead && records.length > 0) {
      if (signal?.aborted) throw signal.reason;
      headerRead = true;
      const created = createImportPlan(records[0].fields, descriptor, options);
      created.errors.forEach((e) => builder.fail(e));
      state.plan = created.plan;
      first = 1;
    }
    const { plan } = state;
    if (plan === null) return records.length === 0;
    if (beforeRows && first < records.length) await beforeRows(plan, records.slice(first).map((r) => r.fields));
    for (let i = first; i < records.length; i += 1) {
      if (signal?.aborted) throw signal.reason;
      row += 1;
      const result = await checkRow(plan, records[i].fields, row);
      builder.add(result);
      await onRow?.(result);
    }
    return true;
  };
  try {
    for await (const chunk of chunks) if (!(await take(parser.feed(chunk)))) return builder.report();
    if (!(await take(parser.end()))) return builder.report();
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    builder.fail({ messageId: error.messageId, context: { line: error.line } });
    return builder.report();
  }
  if (!headerRead) builder.fail({ messageId: 'import.csv.empty', context: {} });
  return builder.report();
}

/** The report of a whole CSV text (small files, tests). */
export function checkImportText(text: string, descriptor: FormDescriptor, options: ImportOptions): Promise<ImportReport> {
  return checkImportChunks([text], descriptor, options);
}
