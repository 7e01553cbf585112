// AJV formats every request schema gets by default (issue "no 500 for bad input"), so new routes
// are covered without doing anything:
// - text a person types never holds control characters, text-direction overrides or lone
//   surrogates; they only hide or disguise what a name, number or code says. Every string of a
//   route's params, query, headers and body is `plain-text` unless its schema names another format;
//   multi-line free text (notes, reasons, crash reports) opts in to `free-text` explicitly;
// - numbers must be `finite` (AJV lets a coerced "1e400" through as Infinity, past any maximum;
//   the keyword is defined in requestValidators.ts) and integers without bounds of their own get
//   those of a PostgreSQL `integer` column.

/** C0 and C1 controls, DEL, bidi embeddings/overrides (U+202A-202E) and isolates (U+2066-2069), lone surrogates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_PLAIN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The same, except tab, line feed and carriage return, which multi-line text needs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_FREE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const PLAIN_TEXT_FORMAT = 'plain-text';
export const FREE_TEXT_FORMAT = 'free-text';
export const STORABLE_DATE_FORMAT = 'storable-date';
export const TEXT_FORMATS: ReadonlySet<string> = new Set([PLAIN_TEXT_FORMAT, FREE_TEXT_FORMAT]);
export const INT32_RANGE = { min: -2147483648, max: 2147483647 } as const;

/** The years both databases store as dates and timestamps (PostgreSQL has no year 0). */
export const STORABLE_YEARS = { min: 1, max: 9999 } as const;
export const STORABLE_DATES = { min: '0001-01-01', max: '9999-12-31' } as const;

export function isPlainText(text: string): boolean {
  return !NOT_PLAIN.test(text);
}

export function isFreeText(text: string): boolean {
  return !NOT_FREE.test(text);
}

/**
 * A date text `YYYY-MM-DD...` in the storable years. Whether the day is on the calendar is the
 * service's check (it answers `date.format`); this one only keeps year 0000 out of the databases.
 */
export function isStorableDateText(text: string): boolean {
  const match = /^(\d{4})-/.exec(text);
  if (!match) return true;
  const year = Number(match[1]);
  return year >= STORABLE_YEARS.min && year <= STORABLE_YEARS.max;
}

/** A point in time whose UTC year both databases store. */
export function isStorableInstant(date: Date): boolean {
  const time = date.getTime();
  if (Number.isNaN(time)) return false;
  const year = date.getUTCFullYear();
  return year >= STORABLE_YEARS.min && year <= STORABLE_YEARS.max;
}

/** The formats for Fastify's AJV instance. */
export const AJV_FORMATS = {
  [PLAIN_TEXT_FORMAT]: isPlainText,
  [FREE_TEXT_FORMAT]: isFreeText,
  [STORABLE_DATE_FORMAT]: isStorableDateText,
} as const;

type Schema = Record<string, unknown>;

function hasType(schema: Schema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** The checks a schema gets by its type unless it has its own: text format, finiteness, integer range. */
function addDefaultChecks(schema: Schema): void {
  if (hasType(schema, 'string') && schema.format === undefined && schema.enum === undefined) schema.format = PLAIN_TEXT_FORMAT;
  if (hasType(schema, 'number') || hasType(schema, 'integer')) schema.finite = true;
  if (hasType(schema, 'integer') && schema.minimum === undefined && schema.maximum === undefined) {
    schema.minimum = INT32_RANGE.min;
    schema.maximum = INT32_RANGE.max;
  }
}

const NESTED_SCHEMA_KEYS = ['items', 'additionalProperties'] as const;
const SCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf'] as const;

/**
 * A copy of a request schema where every string, number and integer gets the default checks of
 * its type (addDefaultChecks). The route schemas are small literals of this code base, so the recursion is
 * bounded by them.
 */
export function withRequestFormats(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const copy: Schema = { ...(schema as Schema) };
  addDefaultChecks(copy);
  if (copy.properties && typeof copy.properties === 'object') {
    copy.properties = Object.fromEntries(Object.entries(copy.properties).map(([name, child]) => [name, withRequestFormats(child)]));
  }
  for (const key of NESTED_SCHEMA_KEYS) {
    if (copy[key] && typeof copy[key] === 'object') copy[key] = withRequestFormats(copy[key]);
  }
  for (const key of SCHEMA_LIST_KEYS) {
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map(withRequestFormats);
  }
  return copy;
}
