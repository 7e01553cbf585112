// The chain of custody of a bio sample (issue 16 item 6): every change appends one entry in the
// transaction of the change, hash-chained (server/audit/hashChain.ts) and MAC'd under the record key
// with the sample row as anchor (server/audit/recordChain.ts), exactly as the form record is.
// The only place that appends; nothing updates or deletes an entry (audit:verify would say so).
import { timeOrderedId } from '../util/timeOrderedId';
import type { Kysely } from 'kysely';
import { entryHash, GENESIS_HASH } from '../audit/hashChain';
import { anchorFor, entryMac, type RecordRef, type StoredAnchor, type StoredRecordEntry } from '../audit/recordChain';
import type { BioSampleHistoryRow, Database } from '../db/database';
import type { RecordWriter } from '../forms/history';

export const BIO_SAMPLE_OPERATIONS = ['created', 'updated', 'attached', 'detached', 'arrived', 'localized', 'moved', 'dispatched', 'derived', 'amount_changed', 'deleted'] as const;
export type BioSampleOperation = (typeof BIO_SAMPLE_OPERATIONS)[number];

/** Field -> [before, after]. */
export type SampleChanges = Record<string, [unknown, unknown]>;

export interface SampleHistoryEntry {
  id: string;
  sampleId: string;
  position: number;
  at: string;
  userId: string | null;
  userName: string;
  onBehalfOfId: string | null;
  onBehalfOf: string | null;
  operation: string;
  changes: SampleChanges;
  previousHash: string;
  hash: string;
  mac: string | null;
}

/** The record kind of a sample's custody chain (in its MACs and in checkpoint heads). */
export const SAMPLE_RECORD_KIND = 'bio_sample';

export const sampleRecord = (sampleId: string): RecordRef => ({ kind: SAMPLE_RECORD_KIND, id: sampleId });

/** What an entry's hash covers: everything it says, except the hashes and the MAC. */
export function sampleHashedContent(entry: Omit<SampleHistoryEntry, 'id' | 'previousHash' | 'hash' | 'mac'>): unknown {
  return {
    sampleId: entry.sampleId,
    position: entry.position,
    at: entry.at,
    userId: entry.userId,
    userName: entry.userName,
    onBehalfOfId: entry.onBehalfOfId,
    onBehalfOf: entry.onBehalfOf,
    operation: entry.operation,
    changes: entry.changes,
  };
}

export function toSampleRecordEntry(entry: SampleHistoryEntry): StoredRecordEntry {
  return { id: entry.id, content: sampleHashedContent(entry), previousHash: entry.previousHash, hash: entry.hash, position: entry.position, mac: entry.mac };
}

function toEntry(row: BioSampleHistoryRow): SampleHistoryEntry {
  return {
    id: row.id,
    sampleId: row.bio_sample_id,
    position: Number(row.position),
    at: row.at,
    userId: row.user_id,
    userName: row.user_name,
    onBehalfOfId: row.on_behalf_of_id,
    onBehalfOf: row.on_behalf_of,
    operation: row.operation,
    changes: JSON.parse(row.changes) as SampleChanges,
    previousHash: row.previous_hash,
    hash: row.hash,
    mac: row.mac,
  };
}

/** Oldest first. */
export async function sampleHistory(db: Kysely<Database>, sampleId: string): Promise<SampleHistoryEntry[]> {
  const rows = await db.selectFrom('bio_sample_history').selectAll().where('bio_sample_id', '=', sampleId).orderBy('position').execute();
  return rows.map(toEntry);
}

/**
 * Appends one entry and moves the sample's anchor to it; call inside the transaction that changed
 * the sample, after its row is written or locked (two appends cannot claim one position).
 */
export async function appendSampleHistory(
  trx: Kysely<Database>,
  writer: RecordWriter,
  sampleId: string,
  operation: BioSampleOperation,
  changes: SampleChanges,
  at: string,
): Promise<void> {
  const last = await trx.selectFrom('bio_sample_history').select(['position', 'hash']).where('bio_sample_id', '=', sampleId).orderBy('position', 'desc').limit(1).executeTakeFirst();
  const { actor, recordKey } = writer;
  const partial = {
    sampleId,
    position: Number(last?.position ?? 0) + 1,
    at,
    userId: actor.userId,
    userName: actor.userName,
    onBehalfOfId: actor.onBehalfOfId ?? null,
    onBehalfOf: actor.onBehalfOf ?? null,
    operation,
    // JSON round trip: the hash must cover exactly what is stored and read back.
    changes: JSON.parse(JSON.stringify(changes)) as SampleChanges,
  };
  const previousHash = last?.hash ?? GENESIS_HASH;
  const hash = entryHash(previousHash, sampleHashedContent(partial));
  const mac = entryMac(recordKey, sampleRecord(sampleId), partial.position, hash);
  await trx
    .insertInto('bio_sample_history')
    .values({
      id: timeOrderedId(),
      bio_sample_id: sampleId,
      position: partial.position,
      at,
      user_id: partial.userId,
      user_name: partial.userName,
      on_behalf_of_id: partial.onBehalfOfId,
      on_behalf_of: partial.onBehalfOf,
      operation,
      changes: JSON.stringify(partial.changes),
      previous_hash: previousHash,
      hash,
      mac,
    })
    .execute();
  const anchor = anchorFor(recordKey, sampleRecord(sampleId), partial.position, mac);
  await trx.updateTable('bio_samples').set({ record_count: anchor.count, record_head: anchor.head, record_seal: anchor.seal }).where('id', '=', sampleId).execute();
}

/** The head of every sample's custody record (deleted samples too), for checkpoints. */
export async function sampleAnchors(db: Kysely<Database>): Promise<{ id: string; count: number; head: string }[]> {
  const rows = await db.selectFrom('bio_samples').select(['id', 'record_count', 'record_head']).where('record_head', 'is not', null).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, count: Number(row.record_count), head: row.record_head ?? '' }));
}

/** Every sample (deleted ones too) with its anchor, for audit:verify. */
export async function sampleRecordStates(db: Kysely<Database>): Promise<{ id: string; anchor: StoredAnchor }[]> {
  const rows = await db.selectFrom('bio_samples').select(['id', 'record_count', 'record_head', 'record_seal']).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, anchor: { count: row.record_count === null ? null : Number(row.record_count), head: row.record_head, seal: row.record_seal } }));
}

/** The answer shape of GET /bio-samples/{id}/history (src/api/bioSamples.ts BioSampleHistoryEntry). */
export function historyView(entry: SampleHistoryEntry): Record<string, unknown> {
  return {
    id: entry.id,
    operation: entry.operation,
    at: entry.at,
    user: { id: entry.userId ?? '', name: entry.userName },
    onBehalfOf: entry.onBehalfOf === null ? null : { id: entry.onBehalfOfId ?? '', name: entry.onBehalfOf },
    changes: entry.changes,
  };
}
