// Three-way comparison of form values: where the user started (base), what the user has now
// (mine) and what the server holds now (theirs). A stale-version conflict and a restored form
// backup both use it to show, field by field, who changed what, and to lay the user's changes
// over the server's current values without undoing the other writer's work.
import { isSameValue, type FormValues } from '../../domain/forms';

type Values = Readonly<Record<string, unknown>>;

export interface FieldChange {
  /** Value path: `code`, or `meds[1].dose` inside an entry of a multi-field. */
  path: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** The server's value differs from where the user started. */
  server: boolean;
  /** The user's value differs from where the user started. */
  user: boolean;
  /** Both sides changed the field, to different values: the user's value wins on reapply. */
  conflict: boolean;
}

function isRecord(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRecord(value: unknown): Values {
  return isRecord(value) ? value : {};
}

/**
 * Multi-field entries are compared entry by entry when no side added or removed one; otherwise
 * (entries moved) the multi-field counts as one value, so nothing is matched to the wrong entry.
 */
function alignedEntries(base: unknown, mine: unknown, theirs: unknown): boolean {
  const lists = [base, mine, theirs];
  if (!lists.every(Array.isArray)) return false;
  const [b, m, t] = lists as unknown[][];
  return b.length === m.length && b.length === t.length && lists.every((list) => (list as unknown[]).every(isRecord));
}

function keysOf(...records: Values[]): string[] {
  return [...new Set(records.flatMap((record) => Object.keys(record)))];
}

function compareRecords(base: Values, mine: Values, theirs: Values, scope: string, out: FieldChange[]): void {
  for (const key of keysOf(base, mine, theirs)) {
    const path = scope === '' ? key : `${scope}.${key}`;
    const [b, m, t] = [base[key], mine[key], theirs[key]];
    if (alignedEntries(b, m, t)) {
      (b as unknown[]).forEach((entry, i) => {
        compareRecords(asRecord(entry), asRecord((m as unknown[])[i]), asRecord((t as unknown[])[i]), `${path}[${i}]`, out);
      });
      continue;
    }
    const server = !isSameValue(b, t);
    const user = !isSameValue(b, m);
    if (server || user) out.push({ path, base: b, mine: m, theirs: t, server, user, conflict: server && user && !isSameValue(m, t) });
  }
}

/** Every field that either side changed since `base`, in the order the values hold them. */
export function compareValues(base: Values, mine: Values, theirs: Values): FieldChange[] {
  const out: FieldChange[] = [];
  compareRecords(base, mine, theirs, '', out);
  return out;
}

function mergeRecords(base: Values, mine: Values, theirs: Values): FormValues {
  const out: Record<string, unknown> = {};
  for (const key of keysOf(base, mine, theirs)) {
    const [b, m, t] = [base[key], mine[key], theirs[key]];
    if (alignedEntries(b, m, t)) {
      out[key] = (b as unknown[]).map((entry, i) => mergeRecords(asRecord(entry), asRecord((m as unknown[])[i]), asRecord((t as unknown[])[i])));
      continue;
    }
    const chosen = isSameValue(b, m) ? t : m;
    if (chosen !== undefined) out[key] = structuredClone(chosen);
  }
  return out as FormValues;
}

/**
 * The server's current values with the user's changes laid over them: a field the user changed
 * takes the user's value (also in a conflict), every other field keeps the server's.
 */
export function mergeValues(base: Values, mine: Values, theirs: Values): FormValues {
  return mergeRecords(base, mine, theirs);
}

/** Whether the user's values hold anything that differs from where the user started. */
export function hasUserChanges(base: Values, mine: Values): boolean {
  return compareValues(base, mine, base).length > 0;
}
