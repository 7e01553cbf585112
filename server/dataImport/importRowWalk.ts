// One pass over an import file, shared by both steps: the domain's walk (src/domain/import) reads the
// CSV chunk by chunk and checks each row by the pure rules; here each row is also resolved against
// the database. Only the row at hand is in memory; `onRow` sees each row with what it names.
import { checkImportChunks, checkImportRow, type ImportPlan, type ImportReport, type ImportRowResult } from '../../src/domain/import';
import { compileDescriptor, FIELD_TYPES, type FormValues } from '../../src/domain/forms';
import type { ImportContext } from './importContext';
import type { Resolver, ResolvedRow } from './importResolve';

export type RowVisitor = (result: ImportRowResult, resolved: ResolvedRow | null) => Promise<void>;

const KEY_COLUMNS = new Set(['patientNumber', 'insuranceNumber', 'institute', 'attendanceId', 'attendanceStart', 'physician', 'formId', '']);

export interface WalkOptions {
  signal?: AbortSignal;
  /**
   * The commit's walk: the validation step already checked every row of this file (the same bytes,
   * by their hash) against the same form type version and found no error, so a new form's row is
   * only read again, not checked against the form rules a second time. A draft's row is checked in
   * full: it is merged with the draft's stored values, which may have changed since.
   */
  formRulesChecked?: boolean;
}

export async function walkImportRows(chunks: AsyncIterable<string>, context: ImportContext, resolver: Resolver, onRow: RowVisitor, options: WalkOptions = {}): Promise<ImportReport> {
  // What the row being checked names, handed from checkRow to onRow (one row at a time).
  let resolved: ResolvedRow | null = null;
  // A checked file's new form is computed by the writer (createFormIn's normalization): when the
  // form can hide nothing, its parsed values are all a submit keeps, and the engine need not run here.
  const canHide = compileDescriptor(context.descriptor).index.ordered.some((info) => info.field.type === FIELD_TYPES.dependentGroup);
  const rowOptions = { formRules: !options.formRulesChecked, recompute: !options.formRulesChecked || canHide };
  const checkRow = async (plan: ImportPlan, fields: readonly string[], row: number): Promise<ImportRowResult> => {
    const checked = checkImportRow(plan, fields, row, undefined, rowOptions);
    // A row whose keys are unreadable names nothing to look up.
    const keysReadable = !checked.errors.some((e) => KEY_COLUMNS.has(e.column));
    const lookup = keysReadable ? await resolver.resolve(checked) : { resolved: null, errors: [] };
    resolved = lookup.resolved;
    // A draft being updated is checked as it will be: its stored values with the file's on top
    // (an empty cell keeps the stored value).
    const draft = lookup.resolved?.form;
    const full = draft ? checkImportRow(plan, fields, row, JSON.parse(draft.field_values) as FormValues) : checked;
    return lookup.errors.length > 0 ? { ...full, ok: false, errors: [...full.errors, ...lookup.errors] } : full;
  };
  // A chunk's patients are read together before its rows (the cells as checkImportRow reads them).
  const beforeRows = (plan: ImportPlan, rows: readonly (readonly string[])[]): Promise<void> => {
    const numberAt = plan.columns.findIndex((role) => role.kind === 'key' && role.key === 'patientNumber');
    const insuranceAt = plan.columns.findIndex((role) => role.kind === 'key' && role.key === 'insuranceNumber');
    const cell = (fields: readonly string[], at: number): string | null => (at < 0 || fields.length !== plan.header.length ? null : fields[at].trim() || null);
    return resolver.prefetch(rows.map((fields) => ({ patientNumber: cell(fields, numberAt), insuranceNumber: cell(fields, insuranceAt) })));
  };
  return checkImportChunks(chunks, context.descriptor, context.options, { checkRow, beforeRows, onRow: (result) => onRow(result, resolved), signal: options.signal });
}
