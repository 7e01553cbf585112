// Value helpers shared by evaluation, validation and review: emptiness, change comparison,
// boolean texts and value paths such as `meds[2].dose`.
import type { FieldValue } from './types';

/** Spec §5: an empty value counts as absent; '', null, undefined and [] are all "no value". */
export function isEmptyFieldValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Whether two values are equal on the surface: both empty, identical, both NaN, or neither a container. */
function sameScalar(a: unknown, b: unknown): boolean | 'containers' {
  const emptyA = isEmptyFieldValue(a);
  const emptyB = isEmptyFieldValue(b);
  if (emptyA || emptyB) return emptyA && emptyB;
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length ? 'containers' : false;
  return typeof a === 'object' && typeof b === 'object' && a !== null && b !== null ? 'containers' : false;
}

/**
 * Deep equality where every empty value equals every other empty value (spec §5, comparing for
 * changes). Walks with an explicit stack, so no value, however deep, overflows the call stack.
 */
export function isSameValue(first: unknown, second: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[first, second]];
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [unknown, unknown];
    const surface = sameScalar(a, b);
    if (surface === false) return false;
    if (surface === true) continue;
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) stack.push([left[key], right[key]]);
  }
  return true;
}

/** Containers nested in form values no descriptor means: form > multi-field > entry > multi-field > entry > list. */
export const MAX_FORM_VALUE_DEPTH = 8;

/** How deeply arrays and objects nest in a value (a scalar is 0), counted without recursion up to `limit` + 1. */
export function valueDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const TRUE_TEXTS: ReadonlySet<string> = new Set(['1', 'true', 't', 'yes', 'y', 'on']);
const FALSE_TEXTS: ReadonlySet<string> = new Set(['0', 'false', 'f', 'no', 'n', 'off']);

export const INVALID_BOOLEAN_MESSAGE = 'Invalid boolean value';

export class InvalidBooleanError extends Error {
  readonly key = 'boolean.invalid';
  constructor(readonly text: string) {
    super(INVALID_BOOLEAN_MESSAGE);
    this.name = 'InvalidBooleanError';
  }
}

/**
 * Spec §5 boolean text, case-insensitive and trimmed. Lenient mode gives `undefined` for anything
 * else; strict mode throws InvalidBooleanError ('Invalid boolean value'), for imports and settings.
 */
export function parseBooleanText(text: string, options?: { strict?: false }): boolean | undefined;
export function parseBooleanText(text: string, options: { strict: true }): boolean;
export function parseBooleanText(text: string, options: { strict?: boolean } = {}): boolean | undefined {
  const normalized = text.trim().toLowerCase();
  if (TRUE_TEXTS.has(normalized)) return true;
  if (FALSE_TEXTS.has(normalized)) return false;
  if (options.strict) throw new InvalidBooleanError(text);
  return undefined;
}

/** A boolean field value from what a form or an import holds: booleans, boolean texts, 0/1. */
export function toBooleanValue(value: FieldValue): boolean | null | 'invalid' {
  if (isEmptyFieldValue(value)) return null;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') return parseBooleanText(value) ?? 'invalid';
  return 'invalid';
}

export interface PathSegment {
  id: string;
  /** Entry index when the segment addresses one entry of a multi-field. */
  index?: number;
}

const SEGMENT = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?$/;

/** `meds[2].dose` -> [{ id: 'meds', index: 2 }, { id: 'dose' }]; `null` when malformed. */
export function parsePath(path: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  for (const part of path.split('.')) {
    const m = SEGMENT.exec(part);
    if (!m) return null;
    segments.push(m[2] === undefined ? { id: m[1] } : { id: m[1], index: Number(m[2]) });
  }
  return segments;
}

export function formatPath(segments: readonly PathSegment[]): string {
  return segments.map((s) => (s.index === undefined ? s.id : `${s.id}[${s.index}]`)).join('.');
}

/** The field id a path ends in: `meds[2].dose` -> `dose`. */
export function pathFieldId(path: string): string {
  const last = path.slice(path.lastIndexOf('.') + 1);
  const bracket = last.indexOf('[');
  return bracket === -1 ? last : last.slice(0, bracket);
}

/** The entry scope a path lives in: `meds[2].dose` -> `meds[2]`, `weight` -> ''. */
export function pathScope(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot === -1 ? '' : path.slice(0, dot);
}

export function joinPath(scope: string, id: string): string {
  return scope === '' ? id : `${scope}.${id}`;
}
