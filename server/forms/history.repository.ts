// The form record: append-only. This module only inserts and reads history rows; nothing in the
// code base updates or deletes them (the audit:verify script would report it).
import type { Kysely } from 'kysely';
import type { FormHistoryChange, FormHistoryEntry } from '../../src/domain/forms';
import type { Database, FormHistoryRow } from '../db/database';

/** A record entry as stored: the one the API shows, plus its form and place in the chain. */
export interface HistoryEntry extends FormHistoryEntry {
  formId: string;
  position: number;
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

export async function insertHistoryEntry(db: Kysely<Database>, entry: HistoryEntry): Promise<void> {
  await db
    .insertInto('form_history')
    .values({
      id: entry.id,
      form_id: entry.formId,
      position: entry.position,
      at: entry.at,
      user_id: entry.userId,
      user_name: entry.userName,
      on_behalf_of: entry.onBehalfOf,
      operation: entry.operation,
      level: entry.level,
      changes: JSON.stringify(entry.changes),
      reasons: JSON.stringify(entry.reasons),
      notes: JSON.stringify(entry.notes),
      previous_hash: entry.previousHash,
      hash: entry.hash,
    })
    .execute();
}

/** Every form id that has a record, for the chain walk of audit:verify. */
export async function formIdsWithHistory(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('form_history').select('form_id').distinct().orderBy('form_id').execute();
  return rows.map((row) => row.form_id);
}
