// A deleted (or destroyed) form lets its samples go: each attached sample loses the link, gets its
// state recomputed and a `detached` custody entry naming the form, in the delete's own transaction
// (the form lifecycle calls this through its onFormGone hook, server/forms/formGone.ts). Without it
// a sample would show "attached" to a form that no longer exists until its next write.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { GoneForm } from '../forms/formGone';
import type { RecordWriter } from '../forms/history';
import { appendSampleHistory } from './bioSampleHistory';
import { refreshState } from './bioSamples.service';

export async function releaseSamplesOfForm(trx: Kysely<Database>, writer: RecordWriter, form: GoneForm, at: string): Promise<void> {
  const links = await trx.selectFrom('bio_sample_forms').select('bio_sample_id').where('form_id', '=', form.id).orderBy('bio_sample_id').execute();
  for (const { bio_sample_id: sampleId } of links) {
    await trx.deleteFrom('bio_sample_forms').where('bio_sample_id', '=', sampleId).where('form_id', '=', form.id).execute();
    // The version moves on (an edit begun before the delete is refused); the update also takes the
    // row lock on PostgreSQL before the custody entry claims its position.
    await trx
      .updateTable('bio_samples')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
      .where('id', '=', sampleId)
      .execute();
    await refreshState(trx, sampleId);
    await appendSampleHistory(trx, writer, sampleId, 'detached', { form: [form.displayId, null] }, at);
  }
}
