// The form record becomes authenticated and anchored (docs/decisions.md "The record: anchoring,
// keys, checkpoints"): every history entry gets an HMAC under the record key, which is never
// stored in the database, and every form row carries the anchor of its chain (entry count, MAC of
// the last entry, and a MAC over both), written in the transaction of each append. Existing rows
// get nulls here: the server seals them once on its next start (server/audit/sealLegacy.ts), and
// audit:verify reports any that are still unsealed.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_history').addColumn('mac', 'text').execute();
  await db.schema.alterTable('forms').addColumn('record_count', 'integer').execute();
  await db.schema.alterTable('forms').addColumn('record_head', 'text').execute();
  await db.schema.alterTable('forms').addColumn('record_seal', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('forms').dropColumn('record_seal').execute();
  await db.schema.alterTable('forms').dropColumn('record_head').execute();
  await db.schema.alterTable('forms').dropColumn('record_count').execute();
  await db.schema.alterTable('form_history').dropColumn('mac').execute();
}

export const recordAnchors: Migration = { up, down };
