// Reads the rows of a REDCap data dictionary by their column headers (the Designer's names,
// matched loosely so that "Field Type" and "field_type" both count).
import { parseCsv } from './csv';

export interface DictionaryRow {
  /** 1-based CSV row, the header being row 1, for the import report. */
  row: number;
  name: string;
  formName: string;
  sectionHeader: string;
  fieldType: string;
  label: string;
  choices: string;
  note: string;
  validation: string;
  min: string;
  max: string;
  identifier: boolean;
  branching: string;
  required: boolean;
}

export interface DictionaryProblem {
  path: string;
  message: string;
}

export type DictionaryResult = { ok: true; rows: DictionaryRow[] } | { ok: false; errors: DictionaryProblem[] };

type Column = Exclude<keyof DictionaryRow, 'row' | 'identifier' | 'required'> | 'identifier' | 'required';

/** The header text each column starts with, lower-cased, without punctuation. */
const COLUMN_PREFIXES: ReadonlyArray<[Column, string[]]> = [
  ['name', ['variable field name', 'variable', 'field name']],
  ['formName', ['form name']],
  ['sectionHeader', ['section header']],
  ['fieldType', ['field type']],
  ['label', ['field label']],
  ['choices', ['choices', 'select choices or calculations']],
  ['note', ['field note']],
  ['validation', ['text validation type', 'text validation type or show slider number']],
  ['min', ['text validation min']],
  ['max', ['text validation max']],
  ['identifier', ['identifier']],
  ['branching', ['branching logic']],
  ['required', ['required field']],
];
const REQUIRED_COLUMNS: readonly Column[] = ['name', 'formName', 'fieldType', 'label'];

function normaliseHeader(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

function columnOf(header: string): Column | null {
  const text = normaliseHeader(header);
  for (const [column, prefixes] of COLUMN_PREFIXES) {
    if (prefixes.some((prefix) => text === prefix || text.startsWith(`${prefix} `))) return column;
  }
  return null;
}

export function readDictionary(csv: string): DictionaryResult {
  const parsed = parseCsv(csv);
  if (!parsed.ok) return { ok: false, errors: [{ path: `csv.line[${parsed.line}]`, message: parsed.message }] };
  const [header, ...body] = parsed.rows;
  if (!header) return { ok: false, errors: [{ path: 'csv', message: 'is empty' }] };
  const positions = new Map<Column, number>();
  header.forEach((text, i) => {
    const column = columnOf(text);
    if (column && !positions.has(column)) positions.set(column, i);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: [{ path: 'csv.header', message: `is not a REDCap data dictionary: missing the columns ${missing.join(', ')}` }],
    };
  }
  if (body.length === 0) return { ok: false, errors: [{ path: 'csv', message: 'holds no field rows' }] };
  const cell = (row: string[], column: Column): string => {
    const at = positions.get(column);
    return at === undefined ? '' : (row[at] ?? '').trim();
  };
  return {
    ok: true,
    rows: body.map((row, i) => ({
      row: i + 2,
      name: cell(row, 'name'),
      formName: cell(row, 'formName'),
      sectionHeader: cell(row, 'sectionHeader'),
      fieldType: cell(row, 'fieldType').toLowerCase(),
      label: cell(row, 'label'),
      choices: cell(row, 'choices'),
      note: cell(row, 'note'),
      validation: cell(row, 'validation').toLowerCase(),
      min: cell(row, 'min'),
      max: cell(row, 'max'),
      identifier: cell(row, 'identifier').toLowerCase() === 'y',
      branching: cell(row, 'branching'),
      required: cell(row, 'required').toLowerCase() === 'y',
    })),
  };
}
