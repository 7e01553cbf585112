// The record of a form is append-only and tamper-evident: each history entry carries the SHA-256
// of the previous entry of the same form together with its own content, so editing, deleting or
// reordering any stored entry breaks every hash after it. `npm run audit:verify` walks the chains.
import { createHash } from 'node:crypto';

/** The hash the first entry of a form chains to. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * JSON with object keys sorted at every depth, so the same content always hashes the same, whatever
 * order a driver or a JSON column hands the keys back in. Undefined values are dropped, as
 * JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // Plain loops and concatenation: a record entry of a 50-field form is hashed on every import row.
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i += 1) text += (i > 0 ? ',' : '') + canonicalJson(value[i] === undefined ? null : value[i]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  // The default sort compares by UTF-16 code units, as `a < b` does, without a comparator call.
  const keys = Object.keys(record).sort();
  let text = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${text}}`;
}

export function entryHash(previousHash: string, content: unknown): string {
  return createHash('sha256').update(previousHash).update('\n').update(canonicalJson(content)).digest('hex');
}

export interface ChainedEntry {
  id: string;
  /** Everything the entry says (who, when, operation, changes, ...), without the two hashes. */
  content: unknown;
  previousHash: string;
  hash: string;
}

export interface ChainBreak {
  entryId: string;
  /** `previous`: the entry does not point at the one before it; `content`: it was changed. */
  kind: 'previous' | 'content';
}

/** Checks one form's entries, oldest first; answers the first break, or null for an intact chain. */
export function verifyChain(entries: readonly ChainedEntry[]): ChainBreak | null {
  let expectedPrevious = GENESIS_HASH;
  for (const entry of entries) {
    if (entry.previousHash !== expectedPrevious) return { entryId: entry.id, kind: 'previous' };
    if (entryHash(entry.previousHash, entry.content) !== entry.hash) return { entryId: entry.id, kind: 'content' };
    expectedPrevious = entry.hash;
  }
  return null;
}
