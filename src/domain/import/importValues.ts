// One CSV cell as a stored form value, per field type: numbers with a dot or comma decimal, dates
// in ISO or the locale's own format (never month first), booleans by the spec's boolean text in
// strict mode, choices by code or by label in Hungarian or English.
import {
  DATE_FORMATS,
  FIELD_TYPES,
  InvalidBooleanError,
  isValidDateTime,
  isValidTime,
  parseBooleanText,
  parseDate,
  type FieldDescriptor,
  type FieldValue,
  type FormLocale,
  type ValueLabel,
} from '../forms';
import type { ImportIssue } from './importColumns';

// FIELD_TYPES read once: through the domain's re-exports every access is a getter call (two),
// and this runs for every field of every imported or written form.
const TYPES = FIELD_TYPES;

export interface ValueParseOptions {
  /** The file's locale: which local date format is read besides ISO. */
  locale: FormLocale;
  /** Joins the values of a multiple-choice cell, as in our export (default "; "). */
  arraySeparator?: string;
  /** Option lists by key in every locale of the form type version, for choices given by label. */
  optionLists: (key: string) => readonly ValueLabel[];
}

export type ParsedCell = { value: FieldValue } | { issue: ImportIssue };

export const DEFAULT_ARRAY_SEPARATOR = '; ';

const NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
const ISO_DATETIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2}(?::\d{2})?)$/;
// "2026. 01. 12." (the final dot optional), "2026. 01. 12. 9:00".
const HU_DATE = /^(\d{4})\.\s*(\d{1,2})\.\s*(\d{1,2})\.?(?:\s+(\d{1,2}:\d{2}(?::\d{2})?))?$/;
// "12/01/2026" day first, "12/01/2026 09:00" or "12/01/2026, 09:00".
const EN_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}:\d{2}(?::\d{2})?))?$/;

const pad = (text: string): string => text.padStart(2, '0');
const issue = (messageId: string, context: Record<string, string | number> = {}): ParsedCell => ({ issue: { messageId, context } });

/** "9:05" -> "09:05"; null when out of range. */
function normalizeTime(text: string): string | null {
  const [h, m, s] = text.split(':');
  const time = [pad(h), m, ...(s === undefined ? [] : [s])].join(':');
  return isValidTime(time) ? time : null;
}

/** A date or date-time text as stored ("2026-01-12", "2026-01-12T09:00"); null when unreadable. */
export function parseImportDate(text: string, withTime: boolean, locale: FormLocale): string | null {
  let date: string;
  let time: string | undefined;
  // Tried in turn: an ISO date (most cells) needs no other pattern.
  const isoDate = parseDate(text) !== null;
  const iso = isoDate ? null : ISO_DATETIME.exec(text);
  const local = isoDate || iso ? null : locale === 'hu' ? HU_DATE.exec(text) : EN_DATE.exec(text);
  if (isoDate) date = text;
  else if (iso) [date, time] = [iso[1], iso[2]];
  else if (local && locale === 'hu') [date, time] = [`${local[1]}-${pad(local[2])}-${pad(local[3])}`, local[4]];
  else if (local) [date, time] = [`${local[3]}-${pad(local[2])}-${pad(local[1])}`, local[4]];
  else return null;
  if (!parseDate(date) || withTime !== (time !== undefined)) return null;
  if (time === undefined) return date;
  const clock = normalizeTime(time);
  const stored = clock === null ? null : `${date}T${clock}`;
  return stored !== null && isValidDateTime(stored) ? stored : null;
}

function parseChoice(text: string, optionsKey: string, options: ValueParseOptions): ParsedCell {
  const list = options.optionLists(optionsKey);
  if (list.some((o) => o.value === text)) return { value: text };
  const wanted = text.toLocaleLowerCase();
  const codes = new Set(list.filter((o) => o.label.trim().toLocaleLowerCase() === wanted).map((o) => o.value));
  if (codes.size === 1) return { value: [...codes][0] };
  if (codes.size > 1) return issue('import.value.choiceAmbiguous', { value: text });
  return issue('import.value.choice', { value: text });
}

function parseMultipleChoice(text: string, optionsKey: string, options: ValueParseOptions): ParsedCell {
  // Split on the separator without its padding, so "a;b" and "a; b" both read.
  const separator = (options.arraySeparator ?? DEFAULT_ARRAY_SEPARATOR).trim() || (options.arraySeparator ?? DEFAULT_ARRAY_SEPARATOR);
  const codes: string[] = [];
  for (const part of text.split(separator).map((p) => p.trim())) {
    if (part === '') continue;
    const parsed = parseChoice(part, optionsKey, options);
    if ('issue' in parsed) return parsed;
    if (!codes.includes(parsed.value as string)) codes.push(parsed.value as string);
  }
  return { value: codes };
}

/** The stored value of one cell of `field`; an empty cell is no value. */
export function parseImportValue(field: FieldDescriptor, cell: string, options: ValueParseOptions): ParsedCell {
  const text = cell.trim();
  if (text === '') return { value: undefined };
  switch (field.type) {
    case TYPES.text:
    case TYPES.longText:
      // Texts keep their spaces; only the emptiness test trims.
      return { value: cell };
    case TYPES.integer:
    case TYPES.decimal:
      // The range, integer and precision rules are the form validation's; here only the reading.
      return NUMBER.test(text) ? { value: Number(text.replace(',', '.')) } : issue('import.value.number');
    case TYPES.date:
    case TYPES.datetime: {
      const value = parseImportDate(text, field.type === TYPES.datetime, options.locale);
      return value === null ? issue('import.value.date', { format: DATE_FORMATS[field.type] }) : { value };
    }
    case TYPES.time: {
      const value = /^\d{1,2}:\d{2}(?::\d{2})?$/.test(text) ? normalizeTime(text) : null;
      return value === null ? issue('import.value.date', { format: DATE_FORMATS.time }) : { value };
    }
    case TYPES.boolean:
      try {
        return { value: parseBooleanText(text, { strict: true }) };
      } catch (error) {
        if (error instanceof InvalidBooleanError) return issue('import.value.boolean');
        throw error;
      }
    case TYPES.singleChoice:
      return parseChoice(text, field.options, options);
    case TYPES.multipleChoice:
      return parseMultipleChoice(text, field.options, options);
    default:
      return issue('import.value.notImportable');
  }
}
