// One-off step of the upgrade to an authenticated record (migration 0006): form records written
// before it have no MACs and no anchor. The start that applies the migration seals them before it
// serves anything, and logs how many it sealed; later starts never seal. A record whose
// unkeyed chain is already broken, or that has some MACs but no anchor (tampering, not legacy), is
// not sealed: audit:verify keeps reporting it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import { formRecord, toRecordEntry } from '../forms/history';
import { historyOf, setEntryMac, unsealedFormIds, writeFormAnchor } from '../forms/history.repository';
import { verifyChain } from './hashChain';
import { anchorFor, entryMac } from './recordChain';

/** The migration whose start seals the records written before it. */
export const RECORD_ANCHORS_MIGRATION = '0006_record_anchors';

export interface SealResult {
  sealed: number;
  /** Unsealed records left alone because they do not look like intact legacy records. */
  refused: string[];
}

export async function sealLegacyRecords(db: Kysely<Database>, recordKey: Buffer): Promise<SealResult> {
  const result: SealResult = { sealed: 0, refused: [] };
  for (const formId of await unsealedFormIds(db)) {
    const sealed = await inTransaction(db, async (trx) => {
      const entries = (await historyOf(trx, formId)).map(toRecordEntry);
      if (entries.some((entry) => entry.mac !== null) || verifyChain(entries) !== null) return false;
      const ref = formRecord(formId);
      let head = '';
      for (const entry of entries) {
        head = entryMac(recordKey, ref, entry.position, entry.hash);
        await setEntryMac(trx, entry.id, head);
      }
      await writeFormAnchor(trx, formId, anchorFor(recordKey, ref, entries.length, head));
      return true;
    });
    if (sealed) result.sealed += 1;
    else result.refused.push(formId);
  }
  return result;
}
