// The authenticated, anchored record of a clinical entity (a form today; attendance edits and bio
// samples later). Each entry keeps the unkeyed SHA-256 chain of hashChain.ts and adds an
// HMAC-SHA-256 under the record key, which is not in the database: editing an entry and
// recomputing the chain, or appending an entry with a correct hash, needs the key. The entity's
// row carries the anchor (entry count, MAC of the last entry, and a MAC over both), updated in the
// transaction of every append: deleting the newest entries, or all of them, no longer leaves a
// shorter chain that still looks whole.
import { createHmac } from 'node:crypto';
import { equalText } from '../auth/secrets';
import { verifyChain, type ChainedEntry } from './hashChain';

/** Which record: the entity kind ('form', later e.g. 'bio_sample') and its id. */
export interface RecordRef {
  kind: string;
  id: string;
}

export interface RecordAnchor {
  count: number;
  /** MAC of the last entry. */
  head: string;
  /** MAC over kind, id, count and head. */
  seal: string;
}

export interface StoredRecordEntry extends ChainedEntry {
  position: number;
  /** Null for an entry written before the record was authenticated and not sealed yet. */
  mac: string | null;
}

export type RecordBreakKind =
  | 'entry_changed'
  | 'entry_missing'
  | 'forged_entry'
  | 'entries_removed_at_end'
  | 'entries_beyond_anchor'
  | 'anchor_mismatch'
  | 'forged_anchor'
  | 'unsealed_legacy'
  | 'values_differ'
  | 'rewritten_before_checkpoint'
  | 'missing_since_checkpoint';

export interface RecordBreak {
  kind: RecordBreakKind;
  entryId?: string;
  /** E.g. the checkpoint file, or the fields whose values differ. */
  detail?: string;
}

function mac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** The entry's hash already covers its content and its predecessor; the MAC binds it to its record and place. */
export function entryMac(key: Buffer, ref: RecordRef, position: number, hash: string): string {
  return mac(key, `record-entry/v1\n${ref.kind}\n${ref.id}\n${position}\n${hash}`);
}

export function anchorSeal(key: Buffer, ref: RecordRef, count: number, head: string): string {
  return mac(key, `record-anchor/v1\n${ref.kind}\n${ref.id}\n${count}\n${head}`);
}

export function anchorFor(key: Buffer, ref: RecordRef, count: number, head: string): RecordAnchor {
  return { count, head, seal: anchorSeal(key, ref, count, head) };
}

export function checkpointMac(key: Buffer, at: string, digest: string): string {
  return mac(key, `record-checkpoint/v1\n${at}\n${digest}`);
}

export interface StoredAnchor {
  count: number | null;
  head: string | null;
  seal: string | null;
}

function chainBreaks(entries: readonly StoredRecordEntry[]): RecordBreak[] {
  const broken = verifyChain(entries);
  if (broken) return [{ kind: broken.kind === 'content' ? 'entry_changed' : 'entry_missing', entryId: broken.entryId }];
  const misplaced = entries.find((entry, index) => entry.position !== index + 1);
  return misplaced ? [{ kind: 'entry_missing', entryId: misplaced.id }] : [];
}

function anchorBreaks(ref: RecordRef, entries: readonly StoredRecordEntry[], anchor: StoredAnchor, key: Buffer | null): RecordBreak[] {
  const last = entries.at(-1);
  if (anchor.count === null || anchor.head === null || anchor.seal === null) {
    // Legacy: written before the record was authenticated, and never sealed since.
    if (entries.every((entry) => entry.mac === null)) return [{ kind: 'unsealed_legacy' }];
    return [{ kind: 'anchor_mismatch', detail: 'anchor removed' }];
  }
  const breaks: RecordBreak[] = [];
  if (key && !equalText(anchor.seal, anchorSeal(key, ref, anchor.count, anchor.head))) breaks.push({ kind: 'forged_anchor' });
  if (entries.length < anchor.count) breaks.push({ kind: 'entries_removed_at_end', detail: `${anchor.count - entries.length} of ${anchor.count}` });
  else if (entries.length > anchor.count) breaks.push({ kind: 'entries_beyond_anchor', entryId: entries[anchor.count]?.id, detail: `${entries.length - anchor.count}` });
  else if ((last?.mac ?? '') !== anchor.head) breaks.push({ kind: 'anchor_mismatch', entryId: last?.id });
  return breaks;
}

function macBreaks(ref: RecordRef, entries: readonly StoredRecordEntry[], key: Buffer | null, sealed: boolean): RecordBreak[] {
  for (const entry of entries) {
    if (entry.mac === null) {
      if (sealed) return [{ kind: 'forged_entry', entryId: entry.id, detail: 'no MAC' }];
      continue;
    }
    if (key && !equalText(entry.mac, entryMac(key, ref, entry.position, entry.hash))) return [{ kind: 'forged_entry', entryId: entry.id }];
  }
  return [];
}

/**
 * Every break of one record, oldest problem first: the chain (needs no key), the MACs (only with
 * the key), the anchor. An empty list: the record is whole, as far as the key allows to tell.
 */
export function verifyRecord(ref: RecordRef, entries: readonly StoredRecordEntry[], anchor: StoredAnchor, key: Buffer | null): RecordBreak[] {
  const sealed = anchor.seal !== null;
  return [...chainBreaks(entries), ...macBreaks(ref, entries, key, sealed), ...anchorBreaks(ref, entries, anchor, key)];
}

export const BREAK_TEXT: Readonly<Record<RecordBreakKind, string>> = {
  entry_changed: 'entry changed',
  entry_missing: 'entry missing, inserted or reordered',
  forged_entry: 'forged entry (bad MAC)',
  entries_removed_at_end: 'entries removed at the end',
  entries_beyond_anchor: 'entries appended beyond the anchor',
  anchor_mismatch: 'anchor mismatch',
  forged_anchor: 'forged anchor (bad MAC)',
  unsealed_legacy: 'unsealed legacy record (start the server once to seal it)',
  values_differ: 'values differ from the record',
  rewritten_before_checkpoint: 'chain rewritten before checkpoint',
  missing_since_checkpoint: 'record missing since checkpoint',
};
