// Reading and writing values by path in the nested value object (`meds[2].dose`).
import type { ExpressionValue } from './expression';
import type { EntryValues, FieldValue, FormValues } from './types';
import { parsePath } from './values';

export function getAt(values: FormValues, path: string): FieldValue {
  // Most paths are plain ids; skip the parser for them.
  if (!path.includes('.') && !path.includes('[')) return values[path];
  const segments = parsePath(path);
  if (!segments) return undefined;
  let current: FieldValue | FormValues = values;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as FormValues)[segment.id];
    if (segment.index !== undefined) {
      if (!Array.isArray(current)) return undefined;
      current = (current as EntryValues[])[segment.index];
    }
  }
  return current as FieldValue;
}

/** Writes a value; an entry that does not exist is a programming error, not a user error. */
export function setAt(values: FormValues, path: string, value: FieldValue): void {
  if (!path.includes('.') && !path.includes('[')) {
    values[path] = value;
    return;
  }
  const segments = parsePath(path);
  if (!segments) throw new RangeError(`Malformed value path "${path}"`);
  let target: FormValues = values;
  for (let i = 0; i < segments.length - 1; i += 1) {
    const { id, index } = segments[i];
    const list = target[id];
    if (index === undefined || !Array.isArray(list) || !list[index] || typeof list[index] !== 'object') {
      throw new RangeError(`No entry at "${path}"`);
    }
    target = list[index] as FormValues;
  }
  target[segments[segments.length - 1].id] = value;
}

/** What an expression sees of a stored value: scalars, option lists, gene names; else empty. */
export function toExpressionValue(value: FieldValue): ExpressionValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return value as string[];
    if (value.every((item) => item !== null && typeof item === 'object' && 'gene' in item)) {
      return value.map((item) => String((item as { gene: unknown }).gene));
    }
  }
  return null;
}
