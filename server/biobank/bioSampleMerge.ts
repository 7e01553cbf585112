// Merging two patients moves the merged patient's bio samples to the kept one. That changes whom a
// sample belongs to, so each moved sample records it in its chain of custody (issue 16 item 6), in
// the merge's own transaction; its version moves on, so an edit begun before the merge is refused.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { RecordWriter } from '../forms/history';
import { appendSampleHistory } from './bioSampleHistory';

/** Call before the merged patient's row goes: its number is recorded as the sample's former patient. */
export async function moveSamplesOnMerge(trx: Kysely<Database>, writer: RecordWriter, fromId: string, intoId: string, at: string): Promise<void> {
  const moved = await trx.selectFrom('bio_samples').select('id').where('patient_id', '=', fromId).orderBy('id').execute();
  if (moved.length === 0) return;
  const numbers = await trx.selectFrom('patients').select(['id', 'internal_patient_number']).where('id', 'in', [fromId, intoId]).execute();
  const numberOf = (id: string): string | null => numbers.find((row) => row.id === id)?.internal_patient_number ?? null;
  await trx
    .updateTable('bio_samples')
    .set((eb) => ({ patient_id: intoId, updated_at: at, version: eb('version', '+', 1) }))
    .where('patient_id', '=', fromId)
    .execute();
  for (const { id } of moved) {
    await appendSampleHistory(trx, writer, id, 'updated', { patient: [numberOf(fromId), numberOf(intoId)] }, at);
  }
}
