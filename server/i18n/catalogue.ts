// Server texts come from the catalogues the client uses (translations/*.json, flat ICU messages),
// so an error reads the same wherever it is shown.
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../translations/en.json';
import hu from '../../translations/hu.json';
import type { Locale } from './locale';

export type MessageValues = Record<string, unknown>;

const CATALOGUES: Record<Locale, Record<string, string>> = { hu, en };
const compiled = new Map<string, IntlMessageFormat>();

function formatterFor(locale: Locale, id: string): IntlMessageFormat | undefined {
  const cacheKey = `${locale}\u0000${id}`;
  const cached = compiled.get(cacheKey);
  if (cached) return cached;
  const source = CATALOGUES[locale][id];
  if (source === undefined) return undefined;
  const formatter = new IntlMessageFormat(source, locale);
  compiled.set(cacheKey, formatter);
  return formatter;
}

function printableValue(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.join(', ');
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Formats a catalogue message. A missing id falls back to the other language and then to the id
 * itself: a slightly wrong text is better than a failed error answer.
 */
export function translate(locale: Locale, id: string, values: MessageValues = {}): string {
  const formatter = formatterFor(locale, id) ?? formatterFor(locale === 'hu' ? 'en' : 'hu', id);
  if (!formatter) return id;
  // Array-valued context (e.g. allowed values) reads as a comma-separated list.
  const printable = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, printableValue(value)]));
  try {
    return String(formatter.format(printable));
  } catch {
    return CATALOGUES[locale][id] ?? id;
  }
}
