// The form record: append-only. This module only inserts and reads history rows and the anchor on
// the form row; nothing in the code base updates or deletes entries (audit:verify would report it).
import type { Insertable, Kysely } from 'kysely';
import type { FormHistoryChange, FormHistoryEntry } from '../../src/domain/forms';
import type { RecordAnchor, StoredAnchor } from '../audit/recordChain';
import type { Database, FormHistoryRow } from '../db/database';

/** A record entry as stored: the one the API shows, plus its form and place in the chain. */
export interface HistoryEntry extends FormHistoryEntry {
  formId: string;
  position: number;
  /** HMAC under the record key (server/audit/recordChain.ts); null for a legacy entry not sealed yet. */
  mac: string | null;
}

export function toHistoryEntry(row: FormHistoryRow): HistoryEntry {
  return {
    id: row.id,
    formId: row.form_id,
    position: Number(row.position),
    at: row.at,
    userId: row.user_id,
    userName: row.user_name,
    onBehalfOf: row.on_behalf_of,
    operation: row.operation,
    level: row.level === null ? null : Number(row.level),
    changes: JSON.parse(row.changes) as FormHistoryChange[],
    reasons: JSON.parse(row.reasons) as Record<string, string>,
    notes: JSON.parse(row.notes) as Record<string, string>,
    previousHash: row.previous_hash,
    hash: row.hash,
    mac: row.mac,
  };
}

/** Oldest first. */
export async function historyOf(db: Kysely<Database>, formId: string): Promise<HistoryEntry[]> {
  const rows = await db.selectFrom('form_history').selectAll().where('form_id', '=', formId).orderBy('position').execute();
  return rows.map(toHistoryEntry);
}

export async function lastHistoryEntry(db: Kysely<Database>, formId: string): Promise<{ position: number; hash: string } | null> {
  const row = await db.selectFrom('form_history').select(['position', 'hash']).where('form_id', '=', formId).orderBy('position', 'desc').limit(1).executeTakeFirst();
  return row ? { position: Number(row.position), hash: row.hash } : null;
}

/** Written in the transaction of every append (and by the one-off sealing of legacy records). */
export async function writeFormAnchor(db: Kysely<Database>, formId: string, anchor: RecordAnchor): Promise<void> {
  await db.updateTable('forms').set({ record_count: anchor.count, record_head: anchor.head, record_seal: anchor.seal }).where('id', '=', formId).execute();
}

export async function setEntryMac(db: Kysely<Database>, entryId: string, mac: string): Promise<void> {
  await db.updateTable('form_history').set({ mac }).where('id', '=', entryId).where('mac', 'is', null).execute();
}

/** What a verification needs of a form row, deleted ones included. */
export interface FormRecordState {
  id: string;
  values: string;
  anchor: StoredAnchor;
}

function toRecordState(row: { id: string; field_values: string; record_count: number | string | null; record_head: string | null; record_seal: string | null }): FormRecordState {
  return { id: row.id, values: row.field_values, anchor: { count: row.record_count === null ? null : Number(row.record_count), head: row.record_head, seal: row.record_seal } };
}

export async function formRecordStates(db: Kysely<Database>): Promise<FormRecordState[]> {
  const rows = await db.selectFrom('forms').select(['id', 'field_values', 'record_count', 'record_head', 'record_seal']).orderBy('id').execute();
  return rows.map(toRecordState);
}

/** Form ids whose anchor is still empty: legacy records to seal. */
export async function unsealedFormIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('forms').select('id').where('record_seal', 'is', null).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The head of every anchored record, for a checkpoint. */
export async function formAnchors(db: Kysely<Database>): Promise<{ id: string; count: number; head: string }[]> {
  const rows = await db.selectFrom('forms').select(['id', 'record_count', 'record_head']).where('record_head', 'is not', null).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, count: Number(row.record_count), head: row.record_head ?? '' }));
}

// The JSON text of a new entry's change list, as chainedEntry made it: parsing it gave the list, so
// it is the list's own serialization (an import inserts thousands of 50-change entries).
const changesTexts = new WeakMap<object, string>();

export function rememberChangesText(changes: readonly FormHistoryChange[], text: string): void {
  changesTexts.set(changes, text);
}

const historyColumns = (entry: HistoryEntry): Insertable<Database['form_history']> => ({
  id: entry.id,
  form_id: entry.formId,
  position: entry.position,
  at: entry.at,
  user_id: entry.userId,
  user_name: entry.userName,
  on_behalf_of: entry.onBehalfOf,
  operation: entry.operation,
  level: entry.level,
  changes: changesTexts.get(entry.changes) ?? JSON.stringify(entry.changes),
  reasons: JSON.stringify(entry.reasons),
  notes: JSON.stringify(entry.notes),
  previous_hash: entry.previousHash,
  hash: entry.hash,
  mac: entry.mac,
});

export async function insertHistoryEntry(db: Kysely<Database>, entry: HistoryEntry): Promise<void> {
  await db.insertInto('form_history').values(historyColumns(entry)).execute();
}

/** Several entries in one statement (a bulk writer's batch). */
export async function insertHistoryEntries(db: Kysely<Database>, entries: readonly HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('form_history').values(entries.map(historyColumns)).execute();
}

/** Every form id that has a record, for the chain walk of audit:verify. */
export async function formIdsWithHistory(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('form_history').select('form_id').distinct().orderBy('form_id').execute();
  return rows.map((row) => row.form_id);
}
