// Building the record: the field changes of a write (old → new), and appending one hash-chained
// entry per operation in the caller's transaction (server/audit/hashChain.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isSameValue, type FormHistoryChange } from '../../src/domain/forms';
import { entryHash, GENESIS_HASH, type ChainedEntry } from '../audit/hashChain';
import type { Database } from '../db/database';
import { insertHistoryEntry, lastHistoryEntry, type HistoryEntry } from './history.repository';

export interface Actor {
  userId: string | null;
  userName: string;
  onBehalfOf?: string | null;
}

export interface HistoryInput {
  operation: string;
  level?: number | null;
  changes?: FormHistoryChange[];
  reasons?: Record<string, string>;
  notes?: Record<string, string>;
}

/** Changed fields by top-level field id; an empty value counts as absent (spec §5). */
export function diffValues(before: Record<string, unknown>, after: Record<string, unknown>): FormHistoryChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => !isSameValue(before[key], after[key]))
    .map((key) => ({ path: key, old: before[key] ?? null, new: after[key] ?? null }));
}

/** What an entry's hash covers: everything it says, except the two hashes. */
export function hashedContent(entry: Omit<HistoryEntry, 'previousHash' | 'hash' | 'id'> & { id?: string }): unknown {
  return {
    formId: entry.formId,
    position: entry.position,
    at: entry.at,
    userId: entry.userId,
    userName: entry.userName,
    onBehalfOf: entry.onBehalfOf,
    operation: entry.operation,
    level: entry.level,
    changes: entry.changes,
    reasons: entry.reasons,
    notes: entry.notes,
  };
}

export function toChained(entry: HistoryEntry): ChainedEntry {
  return { id: entry.id, content: hashedContent(entry), previousHash: entry.previousHash, hash: entry.hash };
}

/** Appends one entry to the form's chain; call inside the transaction that changes the form. */
export async function appendHistory(trx: Kysely<Database>, formId: string, actor: Actor, input: HistoryInput, at: string): Promise<HistoryEntry> {
  const last = await lastHistoryEntry(trx, formId);
  // JSON round trip: the hash must cover exactly what is stored and read back.
  const changes = JSON.parse(JSON.stringify(input.changes ?? [])) as FormHistoryChange[];
  const partial = {
    formId,
    position: (last?.position ?? 0) + 1,
    at,
    userId: actor.userId,
    userName: actor.userName,
    onBehalfOf: actor.onBehalfOf ?? null,
    operation: input.operation,
    level: input.level ?? null,
    changes,
    reasons: input.reasons ?? {},
    notes: input.notes ?? {},
  };
  const previousHash = last?.hash ?? GENESIS_HASH;
  const entry: HistoryEntry = { id: randomUUID(), ...partial, previousHash, hash: entryHash(previousHash, hashedContent(partial)) };
  await insertHistoryEntry(trx, entry);
  return entry;
}
