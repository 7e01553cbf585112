// One REDCap row -> one of our fields (docs/redcap-import.md, "Field types"). Problems that do
// not stop the row (a dropped validation, an untranslated calculation) go to the report.
import type { DictionaryRow } from './dictionary';
import { translateRedcapExpression, type ExpressionField } from './expression';

export interface ReportEntry {
  /** CSV row (the header is row 1); 0 for the whole dictionary. */
  row: number;
  variable: string;
  code: 'recordId' | 'renamed' | 'duplicate' | 'unsupportedType' | 'validation' | 'range' | 'choices' | 'calculation' | 'branching';
  message: string;
}

export type Json = Record<string, unknown>;

/** What a built field adds to the descriptor besides itself. */
export interface FieldParts {
  field: Json;
  labels: Record<string, string>;
  options?: { value: string; label: string }[];
}

export interface FieldContext {
  id: string;
  fields: ReadonlyMap<string, ExpressionField>;
  report: (code: ReportEntry['code'], message: string) => void;
}

const DATE_VALIDATIONS = /^date_(ymd|dmy|mdy)$/;
const DATETIME_VALIDATIONS = /^datetime_(seconds_)?(ymd|dmy|mdy)$/;
const DECIMAL_VALIDATIONS = /^number(_(\d)dp)?(_comma_decimal)?$/;

/** Labels may hold HTML (REDCap's rich text): we keep the text. */
export function plainText(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim();
}

/** REDCap's "1, Yes | 2, No" (the value before the first comma). */
export function parseChoices(text: string): { value: string; label: string }[] | null {
  const options = text
    .split('|')
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '')
    .map((choice) => {
      const comma = choice.indexOf(',');
      return comma < 0 ? { value: choice, label: choice } : { value: choice.slice(0, comma).trim(), label: plainText(choice.slice(comma + 1)) };
    });
  const values = options.map((o) => o.value);
  if (options.length === 0 || values.some((v) => v === '') || new Set(values).size !== values.length) return null;
  return options;
}

function numberOrReport(text: string, which: 'min' | 'max', context: FieldContext): number | undefined {
  if (text === '') return undefined;
  const value = Number(text);
  if (text.trim() !== '' && Number.isFinite(value)) return value;
  context.report('range', `${which} "${text}" is not a number and was dropped`);
  return undefined;
}

function textField(row: DictionaryRow, context: FieldContext): Json {
  const { validation } = row;
  const rangeDropped = (): void => {
    if (row.min !== '' || row.max !== '') context.report('range', `the ${validation} range ${row.min || '…'} – ${row.max || '…'} has no equivalent and was dropped`);
  };
  if (DATE_VALIDATIONS.test(validation)) return rangeDropped(), { type: 'date' };
  if (DATETIME_VALIDATIONS.test(validation)) return rangeDropped(), { type: 'datetime' };
  if (validation === 'time') return rangeDropped(), { type: 'time' };
  const decimal = DECIMAL_VALIDATIONS.exec(validation);
  if (validation === 'integer' || decimal) {
    const min = numberOrReport(row.min, 'min', context);
    const max = numberOrReport(row.max, 'max', context);
    return {
      type: validation === 'integer' ? 'integer' : 'decimal',
      ...(decimal?.[2] ? { precision: Number(decimal[2]) } : {}),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    };
  }
  if (validation === 'email') return { type: 'text', format: 'email' };
  if (validation !== '') context.report('validation', `the validation "${validation}" has no equivalent; the field is plain text`);
  return { type: 'text' };
}

function choiceField(row: DictionaryRow, context: FieldContext, field: Json): FieldParts | null {
  const options = parseChoices(row.choices);
  if (!options) {
    context.report('choices', `the choices "${row.choices}" are not "code, label | code, label"; the row was skipped`);
    return null;
  }
  return { field: { ...field, options: context.id }, labels: {}, options };
}

function calculatedField(row: DictionaryRow, context: FieldContext): FieldParts {
  const translated = translateRedcapExpression(row.choices, context.fields);
  if (!translated.ok) {
    context.report('calculation', `the calculation "${row.choices}" was not translated (${translated.reason}); the field is entered by hand`);
    return { field: { type: 'decimal' }, labels: {} };
  }
  return { field: { type: 'calculated', formula: translated.expression, parameters: translated.reads }, labels: {} };
}

/** The field of a row without id, label and the common properties, or null when it is skipped. */
export function buildFieldBody(row: DictionaryRow, context: FieldContext): FieldParts | null {
  switch (row.fieldType) {
    case 'text':
      return { field: textField(row, context), labels: {} };
    case 'notes':
      return { field: { type: 'longText' }, labels: {} };
    case 'radio':
      return choiceField(row, context, { type: 'singleChoice', widget: 'radio' });
    case 'dropdown':
      return choiceField(row, context, { type: 'singleChoice', widget: 'select' });
    case 'checkbox':
      return choiceField(row, context, { type: 'multipleChoice' });
    case 'yesno':
    case 'truefalse':
      return { field: { type: 'boolean' }, labels: {} };
    case 'calc':
      return calculatedField(row, context);
    case 'descriptive':
      return { field: { type: 'staticText', text: `${context.id}_text` }, labels: { [`${context.id}_text`]: plainText(row.label) } };
    case 'file':
      return { field: { type: 'fileUpload' }, labels: {} };
    case 'slider': {
      const min = numberOrReport(row.min, 'min', context) ?? 0;
      const max = numberOrReport(row.max, 'max', context) ?? 100;
      const anchors = row.choices.split('|').map(plainText).filter((t) => t !== '');
      const help = anchors.length > 0 ? { [`${context.id}_anchors`]: `${min}: ${anchors[0]} … ${max}: ${anchors[anchors.length - 1]}` } : {};
      return { field: { type: 'integer', min, max, ...(anchors.length > 0 ? { help: `${context.id}_anchors` } : {}) }, labels: help };
    }
    default:
      context.report('unsupportedType', `the field type "${row.fieldType}" has no equivalent; the row was skipped`);
      return null;
  }
}

const CHOICE_TYPES = new Set(['radio', 'dropdown', 'checkbox']);
const BUILT_TYPES = new Set(['text', 'notes', 'yesno', 'truefalse', 'calc', 'descriptive', 'file', 'slider', ...CHOICE_TYPES]);

/** Will the row become a field? Expressions may only read rows that do. */
export function becomesField(row: DictionaryRow): boolean {
  return BUILT_TYPES.has(row.fieldType) && (!CHOICE_TYPES.has(row.fieldType) || parseChoices(row.choices) !== null);
}

/** The kind an expression needs to know, by REDCap field type. */
export function expressionKind(fieldType: string): ExpressionField['kind'] {
  if (fieldType === 'yesno' || fieldType === 'truefalse') return 'boolean';
  return fieldType === 'checkbox' ? 'checkbox' : 'other';
}
