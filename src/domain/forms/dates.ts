// Strict parsing of the stored date, date-time and time texts (ISO 8601 without zone:
// YYYY-MM-DD, YYYY-MM-DDTHH:mm[:ss], HH:mm[:ss]). Calendar arithmetic is done on UTC day
// numbers so that daylight-saving changes never shift a day count.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function validDate(year: number, month: number, day: number): CalendarDate | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : null;
}

function validTime(hours: number, minutes: number, seconds: number): boolean {
  return hours <= 23 && minutes <= 59 && seconds <= 59;
}

export function parseDate(text: string): CalendarDate | null {
  const m = DATE.exec(text);
  return m ? validDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

export function isValidDateTime(text: string): boolean {
  const m = DATETIME.exec(text);
  if (!m) return false;
  return validDate(Number(m[1]), Number(m[2]), Number(m[3])) !== null && validTime(Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
}

export function isValidTime(text: string): boolean {
  const m = TIME.exec(text);
  return m !== null && validTime(Number(m[1]), Number(m[2]), Number(m[3] ?? 0));
}

/** The calendar date of a date or date-time text; the time part is ignored. */
export function datePart(text: string): CalendarDate | null {
  if (DATE.test(text)) return parseDate(text);
  return isValidDateTime(text) ? parseDate(text.slice(0, 10)) : null;
}

export function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}

export function daysBetweenDates(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * Whole years from `from` to `to`, counted as a birthday is: the year is complete on the same
 * month and day. Someone born on 29 February completes a year on 1 March in common years.
 */
export function yearsBetweenDates(from: CalendarDate, to: CalendarDate): number {
  if (dayNumber(to) < dayNumber(from)) return -yearsBetweenDates(to, from);
  const beforeAnniversary = to.month < from.month || (to.month === from.month && to.day < from.day);
  return to.year - from.year - (beforeAnniversary ? 1 : 0);
}

export function formatDate(date: CalendarDate): string {
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}
