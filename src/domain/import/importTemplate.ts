// The template an importer downloads: the CSV header of a form type version (key columns, then
// its importable fields in form order) and one example row that the import itself accepts.
import { FIELD_TYPES, type FieldDescriptor, type FormDescriptor, type FormLocale } from '../forms';
import { formatCsvLine, type CsvDelimiter } from './csvParser';
import { importableFields, KEY_COLUMNS } from './importColumns';
import { DEFAULT_ARRAY_SEPARATOR } from './importValues';

export interface TemplateOptions {
  locale: FormLocale;
  /** Hungarian spreadsheets open semicolon files directly; comma is the default. */
  delimiter?: CsvDelimiter;
  arraySeparator?: string;
}

// A new attendance by start and physician: the form of key columns every importer can fill.
const EXAMPLE_KEYS: Record<string, string> = {
  patientNumber: 'P-000001',
  insuranceNumber: '',
  institute: 'INST',
  attendanceId: '',
  attendanceStart: '2026-01-12T09:00',
  physician: 'physician@example.org',
  formId: '',
};

function exampleNumber(field: { min?: number; max?: number }, integer: boolean, locale: FormLocale): string {
  const base = field.min ?? (field.max !== undefined ? Math.min(field.max, 1) : 1);
  if (integer) return String(Math.ceil(base));
  const text = String(base);
  return locale === 'hu' ? text.replace('.', ',') : text;
}

function exampleValue(field: FieldDescriptor, descriptor: FormDescriptor, options: TemplateOptions): string {
  switch (field.type) {
    case FIELD_TYPES.integer:
    case FIELD_TYPES.decimal:
      return exampleNumber(field, field.type === FIELD_TYPES.integer, options.locale);
    case FIELD_TYPES.date:
      return options.locale === 'hu' ? '2026. 01. 12.' : '12/01/2026';
    case FIELD_TYPES.datetime:
      return '2026-01-12T09:00';
    case FIELD_TYPES.time:
      return '09:00';
    case FIELD_TYPES.boolean:
      return 'true';
    case FIELD_TYPES.singleChoice:
      return descriptor.valueLabelMap[field.options]?.[0]?.value ?? '';
    case FIELD_TYPES.multipleChoice:
      return (descriptor.valueLabelMap[field.options] ?? [])
        .slice(0, 2)
        .map((o) => o.value)
        .join(options.arraySeparator ?? DEFAULT_ARRAY_SEPARATOR);
    case FIELD_TYPES.text:
    case FIELD_TYPES.longText:
      // A patterned or length-bound text has no example we can make up; the importer fills it in.
      return field.pattern || field.length !== undefined || field.format ? '' : 'example';
    default:
      return '';
  }
}

/** The template's CSV text: header line and one example line, CRLF-terminated. */
export function importTemplate(descriptor: FormDescriptor, options: TemplateOptions): string {
  const fields = importableFields(descriptor);
  const header = [...Object.values(KEY_COLUMNS), ...fields.map((f) => f.id)];
  const example = [...Object.values(KEY_COLUMNS).map((key) => EXAMPLE_KEYS[key]), ...fields.map((f) => exampleValue(f, descriptor, options))];
  const delimiter = options.delimiter ?? ',';
  return `${formatCsvLine(header, delimiter)}\r\n${formatCsvLine(example, delimiter)}\r\n`;
}
