// The whitelist of functions an expression may call. Each returns `null` (empty) for empty input
// and for domain errors (ln of 0, sqrt of -1) so that a half-filled form never shows NaN or throws.
import { datePart, daysBetweenDates, formatDate, yearsBetweenDates } from '../dates';
import type { ExpressionValue } from './ast';

/** [minimum, maximum] argument count per function; the parser checks calls against it. */
export const FUNCTION_ARITY: Readonly<Record<string, readonly [number, number]>> = {
  sqrt: [1, 1],
  ln: [1, 1],
  log10: [1, 1],
  exp: [1, 1],
  abs: [1, 1],
  round: [1, 2],
  min: [1, Infinity],
  max: [1, Infinity],
  sum: [1, Infinity],
  if: [3, 3],
  isEmpty: [1, 1],
  daysBetween: [2, 2],
  yearsBetween: [2, 2],
  today: [0, 0],
  contains: [2, 2],
  count: [1, 1],
};

export const FUNCTION_NAMES: readonly string[] = Object.keys(FUNCTION_ARITY);

export function isEmptyValue(value: ExpressionValue | undefined): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const NUMERIC_TEXT = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/** Numbers and numeric texts (a decimal comma is accepted, as Hungarian users type it). */
export function toNumber(value: ExpressionValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!NUMERIC_TEXT.test(text)) return null;
  return Number(text.replace(',', '.'));
}

export function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** Rounds half away from zero to `digits` decimals, without the 1.005 -> 1.00 binary surprise. */
export function roundTo(value: number, digits: number): number {
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${digits}`);
  return sign * Number(`${Math.round(shifted)}e${-digits}`);
}

type Unary = (x: number) => number | null;
const unary: Record<string, Unary> = {
  sqrt: (x) => (x < 0 ? null : Math.sqrt(x)),
  ln: (x) => (x <= 0 ? null : Math.log(x)),
  log10: (x) => (x <= 0 ? null : Math.log10(x)),
  exp: (x) => finite(Math.exp(x)),
  abs: (x) => Math.abs(x),
};

function dateArg(value: ExpressionValue): ReturnType<typeof datePart> {
  return typeof value === 'string' ? datePart(value) : null;
}

/** Calls a function whose arguments are already evaluated (`if` is lazy and handled by the evaluator). */
export function callFunction(name: string, args: readonly ExpressionValue[], today?: () => string): ExpressionValue {
  const unaryFn = unary[name];
  if (unaryFn) {
    const x = toNumber(args[0]);
    return x === null ? null : unaryFn(x);
  }
  switch (name) {
    case 'round': {
      const x = toNumber(args[0]);
      const digits = args.length > 1 ? toNumber(args[1]) : 0;
      if (x === null || digits === null || !Number.isInteger(digits) || digits < 0 || digits > 15) return null;
      return roundTo(x, digits);
    }
    case 'min':
    case 'max': {
      const numbers = args.map(toNumber);
      if (numbers.some((n) => n === null)) return null;
      return name === 'min' ? Math.min(...(numbers as number[])) : Math.max(...(numbers as number[]));
    }
    case 'sum': {
      // Blanks are skipped, as in REDCap's sum(); all blank gives blank.
      const numbers = args.filter((arg) => !isEmptyValue(arg)).map(toNumber);
      if (numbers.length === 0 || numbers.some((n) => n === null)) return null;
      return finite((numbers as number[]).reduce((total, n) => total + n, 0));
    }
    case 'isEmpty':
      return isEmptyValue(args[0]);
    case 'daysBetween':
    case 'yearsBetween': {
      const from = dateArg(args[0]);
      const to = dateArg(args[1]);
      if (!from || !to) return null;
      return name === 'daysBetween' ? daysBetweenDates(from, to) : yearsBetweenDates(from, to);
    }
    case 'today': {
      // Only with an injected clock: an expression must give the same result on server and client.
      const text = today?.();
      const date = text ? datePart(text) : null;
      return date ? formatDate(date) : null;
    }
    case 'contains': {
      const list = args[0];
      if (!Array.isArray(list) || isEmptyValue(args[1])) return false;
      return list.includes(String(args[1]));
    }
    case 'count':
      return Array.isArray(args[0]) ? args[0].length : isEmptyValue(args[0]) ? 0 : 1;
    default:
      return null;
  }
}
