// The columns an import file may have: the key columns that find the patient, the attendance and
// (optionally) the draft form to update, and the value fields of one form type version. The
// header check names every unknown column at once, so the importer fixes the file in one go.
import { FIELD_TYPES, fieldIndexOf, type FieldDescriptor, type FormDescriptor } from '../forms';

/** Key columns; the names follow the identity columns of our own export where both have them. */
export const KEY_COLUMNS = {
  patientNumber: 'patientNumber',
  insuranceNumber: 'insuranceNumber',
  institute: 'institute',
  attendanceId: 'attendanceId',
  attendanceStart: 'attendanceStart',
  physician: 'physician',
  formId: 'formId',
} as const;
export type KeyColumn = (typeof KEY_COLUMNS)[keyof typeof KEY_COLUMNS];
const KEY_COLUMN_SET: ReadonlySet<string> = new Set(Object.values(KEY_COLUMNS));

/** Columns our export writes that an import reads past (the server decides them, not the file). */
export const IGNORED_EXPORT_COLUMNS: ReadonlySet<string> = new Set([
  'registry',
  'state',
  'approvalLevel',
  'createdAt',
  'updatedAt',
  'patientName',
  'patientBirthDate',
]);

/** Field types whose values no CSV cell can carry (entries, files, gene lists) or that hold none. */
const NOT_IMPORTABLE: ReadonlySet<string> = new Set([
  FIELD_TYPES.multiField,
  FIELD_TYPES.fileUpload,
  FIELD_TYPES.geneList,
  FIELD_TYPES.staticText,
  FIELD_TYPES.dependentGroup,
]);

export interface ImportIssue {
  messageId: string;
  context: Record<string, string | number>;
}

export type ColumnRole =
  | { kind: 'key'; key: KeyColumn }
  | { kind: 'field'; field: FieldDescriptor }
  /** Calculated fields are recomputed, header fields come from the keys, export columns are informational. */
  | { kind: 'ignored' };

export interface HeaderCheck {
  /** One entry per file column, in file order (only meaningful when `errors` is empty). */
  columns: ColumnRole[];
  errors: ImportIssue[];
}

/** The field ids a file may give values for: top-level, typed-in fields of the form's sections. */
export function importableFields(descriptor: FormDescriptor): FieldDescriptor[] {
  return fieldIndexOf(descriptor)
    .ordered.filter((info) => info.sectionId !== null && info.multiField === null)
    .map((info) => info.field)
    .filter((field) => !NOT_IMPORTABLE.has(field.type) && field.type !== FIELD_TYPES.calculated);
}

function roleOf(name: string, descriptor: FormDescriptor): ColumnRole | 'unknown' | 'notImportable' {
  if (KEY_COLUMN_SET.has(name)) return { kind: 'key', key: name as KeyColumn };
  if (IGNORED_EXPORT_COLUMNS.has(name)) return { kind: 'ignored' };
  const info = fieldIndexOf(descriptor).byId.get(name);
  if (!info) return 'unknown';
  if (info.sectionId === null || info.field.type === FIELD_TYPES.calculated) return { kind: 'ignored' };
  if (info.multiField !== null || NOT_IMPORTABLE.has(info.field.type)) return 'notImportable';
  return { kind: 'field', field: info.field };
}

/** Checks a header row against the descriptor: names, duplicates and the key columns needed. */
export function checkImportHeader(header: readonly string[], descriptor: FormDescriptor): HeaderCheck {
  const errors: ImportIssue[] = [];
  const columns: ColumnRole[] = [];
  const unknown: string[] = [];
  const notImportable: string[] = [];
  const seen = new Set<string>();
  header.forEach((raw, i) => {
    const name = raw.trim();
    if (name === '') errors.push({ messageId: 'import.header.emptyColumn', context: { position: i + 1 } });
    else if (seen.has(name)) errors.push({ messageId: 'import.header.duplicateColumn', context: { column: name } });
    seen.add(name);
    const role = roleOf(name, descriptor);
    if (role === 'unknown') {
      if (name !== '') unknown.push(name);
      columns.push({ kind: 'ignored' });
    } else if (role === 'notImportable') {
      notImportable.push(name);
      columns.push({ kind: 'ignored' });
    } else columns.push(role);
  });
  if (unknown.length > 0) errors.push({ messageId: 'import.header.unknownColumns', context: { columns: unknown.join(', ') } });
  if (notImportable.length > 0) errors.push({ messageId: 'import.header.notImportable', context: { columns: notImportable.join(', ') } });
  const has = (key: KeyColumn): boolean => seen.has(key);
  if (!has('patientNumber') && !has('insuranceNumber')) errors.push({ messageId: 'import.header.patientKeyMissing', context: {} });
  if (!has('institute')) errors.push({ messageId: 'import.header.instituteMissing', context: {} });
  // A draft form named by formId carries its attendance; otherwise the file names or starts one.
  if (!has('attendanceId') && !has('formId') && !(has('attendanceStart') && has('physician'))) {
    errors.push({ messageId: 'import.header.attendanceKeyMissing', context: {} });
  }
  return { columns, errors };
}
