// Building the record: the field changes of a write (old → new), and appending one hash-chained,
// MAC'd entry per operation in the caller's transaction, with the form's anchor updated in the same
// transaction (server/audit/hashChain.ts, server/audit/recordChain.ts). The only place that appends.
import { timeOrderedId } from '../util/timeOrderedId';
import type { Kysely } from 'kysely';
import { isSameValue, type FormHistoryChange } from '../../src/domain/forms';
import { entryHash, GENESIS_HASH, type ChainedEntry } from '../audit/hashChain';
import { anchorFor, entryMac, type RecordAnchor, type RecordRef, type StoredRecordEntry } from '../audit/recordChain';
import type { Database } from '../db/database';
import { insertHistoryEntry, lastHistoryEntry, rememberChangesText, writeFormAnchor, type HistoryEntry } from './history.repository';

export interface Actor {
  userId: string | null;
  userName: string;
  /** While impersonating: the impersonated user's name (the record reads without joins); userId/userName are the impersonator. */
  onBehalfOf?: string | null;
  /** The impersonated user's id, for the application log; not part of the record. */
  onBehalfOfId?: string | null;
}

/** The application-log fields of an actor. */
export function actorLogFields(actor: Actor): { userId: string | null; userName: string; onBehalfOfId: string | null; onBehalfOfName: string | null } {
  return { userId: actor.userId, userName: actor.userName, onBehalfOfId: actor.onBehalfOfId ?? null, onBehalfOfName: actor.onBehalfOf ?? null };
}

/** Who writes the record, and the key its entries are authenticated with (never stored in the database). */
export interface RecordWriter {
  actor: Actor;
  recordKey: Buffer;
}

/** The record kind of a form's history (in its MACs and in checkpoint heads). */
export const FORM_RECORD_KIND = 'form';

export const formRecord = (formId: string): RecordRef => ({ kind: FORM_RECORD_KIND, id: formId });

export interface HistoryInput {
  operation: string;
  level?: number | null;
  changes?: FormHistoryChange[];
  reasons?: Record<string, string>;
  notes?: Record<string, string>;
}

// Read once: through the domain's re-exports each call would first run two getters (per field of every write).
const sameValue = isSameValue;

/** Changed fields by top-level field id; an empty value counts as absent (spec §5). */
export function diffValues(before: Record<string, unknown>, after: Record<string, unknown>): FormHistoryChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => !sameValue(before[key], after[key]))
    .map((key) => ({ path: key, old: before[key] ?? null, new: after[key] ?? null }));
}

/** What an entry's hash covers: everything it says, except the two hashes. */
export function hashedContent(entry: Omit<HistoryEntry, 'previousHash' | 'hash' | 'id' | 'mac'> & { id?: string }): unknown {
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

export function toRecordEntry(entry: HistoryEntry): StoredRecordEntry {
  return { ...toChained(entry), position: entry.position, mac: entry.mac };
}

/** The next entry of a form's chain after `last` (null: the first), hashed and MAC'd, and the anchor it moves the form to. */
export function chainedEntry(writer: RecordWriter, formId: string, last: { position: number; hash: string } | null, input: HistoryInput, at: string): { entry: HistoryEntry; anchor: RecordAnchor } {
  const { actor, recordKey } = writer;
  // JSON round trip: the hash must cover exactly what is stored and read back (and the stored text
  // is this one, not a second serialization of the same list).
  const changesText = JSON.stringify(input.changes ?? []);
  const changes = JSON.parse(changesText) as FormHistoryChange[];
  rememberChangesText(changes, changesText);
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
  const hash = entryHash(previousHash, hashedContent(partial));
  const mac = entryMac(recordKey, formRecord(formId), partial.position, hash);
  return { entry: { id: timeOrderedId(), ...partial, previousHash, hash, mac }, anchor: anchorFor(recordKey, formRecord(formId), partial.position, mac) };
}

/**
 * Appends one entry to the form's chain and moves the form's anchor to it; call inside the
 * transaction that changes the form, after the form row is written or locked (so two appends
 * cannot claim the same position). A form being created writes its first entry with chainedEntry
 * instead (its anchor goes into the form's insert).
 */
export async function appendHistory(trx: Kysely<Database>, writer: RecordWriter, formId: string, input: HistoryInput, at: string): Promise<HistoryEntry> {
  const { entry, anchor } = chainedEntry(writer, formId, await lastHistoryEntry(trx, formId), input, at);
  await insertHistoryEntry(trx, entry);
  await writeFormAnchor(trx, formId, anchor);
  return entry;
}
