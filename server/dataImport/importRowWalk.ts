// One pass over an import file, shared by both steps: the CSV read chunk by chunk, each row checked
// by the domain rules (src/domain/import) and then resolved against the database. Only the row at
// hand is in memory; `onRow` sees each row with what it names.
import { checkImportRow, createCsvParser, createImportPlan, createImportReport, CsvSyntaxError, type CsvRecord, type ImportPlan, type ImportReport, type ImportRowResult } from '../../src/domain/import';
import type { FormValues } from '../../src/domain/forms';
import type { ImportContext } from './importContext';
import type { Resolver, ResolvedRow } from './importResolve';

export type RowVisitor = (result: ImportRowResult, resolved: ResolvedRow | null) => Promise<void>;

const KEY_COLUMNS = new Set(['patientNumber', 'insuranceNumber', 'institute', 'attendanceId', 'attendanceStart', 'physician', 'formId', '']);

export async function walkImportRows(chunks: AsyncIterable<string>, context: ImportContext, resolver: Resolver, onRow: RowVisitor, signal?: AbortSignal): Promise<ImportReport> {
  const builder = createImportReport();
  const parser = createCsvParser();
  let plan: ImportPlan | null = null;
  let headerRead = false;
  let row = 0;
  const take = async (records: CsvRecord[]): Promise<boolean> => {
    for (const record of records) {
      if (signal?.aborted) throw signal.reason;
      if (!headerRead) {
        headerRead = true;
        const created = createImportPlan(record.fields, context.descriptor, context.options);
        created.errors.forEach((e) => builder.fail(e));
        plan = created.plan;
        if (plan === null) return false;
        continue;
      }
      if (plan === null) return false;
      row += 1;
      const checked = checkImportRow(plan, record.fields, row);
      // A row whose keys are unreadable names nothing to look up.
      const keysReadable = !checked.errors.some((e) => KEY_COLUMNS.has(e.column));
      const lookup = keysReadable ? await resolver.resolve(checked) : { resolved: null, errors: [] };
      // A draft being updated is checked as it will be: its stored values with the file's on top
      // (an empty cell keeps the stored value).
      const draft = lookup.resolved?.form;
      const full = draft ? checkImportRow(plan, record.fields, row, JSON.parse(draft.field_values) as FormValues) : checked;
      const result: ImportRowResult = lookup.errors.length > 0 ? { ...full, ok: false, errors: [...full.errors, ...lookup.errors] } : full;
      builder.add(result);
      await onRow(result, lookup.resolved);
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
