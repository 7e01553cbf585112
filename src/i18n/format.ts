// The one way the client shows dates, times and numbers (DESIGN §3.10). Hungarian follows the
// Hungarian standard ("2026. 01. 12. 9:00", decimal comma); English uses an unambiguous European
// form ("12 Jan 2026, 09:00"), never a US short date. Instants (timestamps the server keeps in UTC)
// are shown in a time zone: the user's institute's, else the browser's. Values typed into forms
// ("2026-01-12T09:00") are wall-clock readings with no zone and are shown exactly as entered.
// Plain functions for sagas and the form engine; components use `useFormatter()`.
import { DEFAULT_LOCALE, isLocale, type Locale } from './catalogues';

/** An instant: ISO text with a zone (as the API sends it), epoch milliseconds, or a Date. */
export type Instant = string | number | Date;

/** The kinds of wall-clock values a form field holds. */
export type WallClockKind = 'date' | 'datetime' | 'time';

export interface Formatter {
  locale: Locale;
  timeZone: string;
  /** Day and time of an instant in the time zone: "2026. 01. 12. 9:00" / "12 Jan 2026, 09:00". */
  dateTime: (instant: Instant, options?: { seconds?: boolean }) => string;
  /** The day of an instant in the time zone. */
  date: (instant: Instant) => string;
  /** The time of day of an instant in the time zone. */
  time: (instant: Instant, options?: { seconds?: boolean }) => string;
  /** A value as typed into a form or a calendar day ("2026-01-12", "2026-01-12T09:00", "09:00"), shown as entered; unreadable text as it is. */
  wallClock: (value: string, kind: WallClockKind) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/** Intl locale per interface language: en-GB for day-month-year order and a 24-hour clock. */
const INTL_LOCALES: Record<Locale, string> = { hu: 'hu-HU', en: 'en-GB' };

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const EN_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' };
const EN_TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

type Shape = 'date' | 'time' | 'dateTime' | 'timeSeconds' | 'dateTimeSeconds';

function optionsOf(locale: Locale, shape: Shape): Intl.DateTimeFormatOptions {
  const date = locale === 'en' ? EN_DATE : DATE;
  const time = locale === 'en' ? EN_TIME : TIME;
  switch (shape) {
    case 'date':
      return date;
    case 'time':
      return time;
    case 'timeSeconds':
      return { ...time, second: '2-digit' };
    case 'dateTime':
      return { ...date, ...time };
    case 'dateTimeSeconds':
      return { ...date, ...time, second: '2-digit' };
  }
}

// Building an Intl formatter costs far more than using one; lists format hundreds of cells.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(locale: Locale, timeZone: string, shape: Shape): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${shape}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(INTL_LOCALES[locale], { ...optionsOf(locale, shape), timeZone })));
  return format;
}

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions | undefined): Intl.NumberFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(INTL_LOCALES[locale], options ?? { maximumFractionDigits: 6 })));
  return format;
}

/** The browser's own IANA zone; UTC where the runtime cannot tell. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zone if the runtime knows it, else the browser's (a bad zone must never break a screen). */
export function usableTimeZone(zone: string | null | undefined): string {
  if (!zone) return browserTimeZone();
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return browserTimeZone();
  }
}

function toDate(instant: Instant): Date | null {
  const date = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Reads a zone-less value as the same reading in UTC, so formatting in UTC shows it unchanged. */
function wallClockDate(value: string, kind: WallClockKind): Date | null {
  if (kind === 'time') {
    const t = TIME_OF_DAY.exec(value);
    return t ? toDate(Date.UTC(2000, 0, 1, Number(t[1]), Number(t[2]), Number(t[3] ?? 0))) : null;
  }
  const d = WALL_CLOCK.exec(value);
  if (!d) return null;
  return toDate(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(d[4] ?? 0), Number(d[5] ?? 0), Number(d[6] ?? 0)));
}

/** The interface language of a react-intl locale ("hu", "en"); the default for anything else. */
export function localeOf(intlLocale: string): Locale {
  return isLocale(intlLocale) ? intlLocale : DEFAULT_LOCALE;
}

/** A form value or calendar day as entered, in the language's form; for per-field code that keeps no formatter. */
export function formatWallClock(locale: Locale, value: string, kind: WallClockKind): string {
  const date = wallClockDate(value, kind);
  if (!date) return value;
  const shape: Shape = kind === 'time' ? 'time' : kind === 'date' || !value.includes(':') ? 'date' : 'dateTime';
  return dateFormat(locale, 'UTC', shape).format(date);
}

/** A number in the language's form (decimal comma and grouping in Hungarian). */
export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

export function createFormatter(locale: Locale, timeZone?: string | null): Formatter {
  const zone = usableTimeZone(timeZone);
  const instantText = (instant: Instant, shape: Shape): string => {
    const date = toDate(instant);
    return date ? dateFormat(locale, zone, shape).format(date) : String(instant);
  };
  return {
    locale,
    timeZone: zone,
    dateTime: (instant, options) => instantText(instant, options?.seconds ? 'dateTimeSeconds' : 'dateTime'),
    date: (instant) => instantText(instant, 'date'),
    time: (instant, options) => instantText(instant, options?.seconds ? 'timeSeconds' : 'time'),
    wallClock: (value, kind) => formatWallClock(locale, value, kind),
    number: (value, options) => formatNumber(locale, value, options),
  };
}
