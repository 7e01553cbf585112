// Samples and forms (docs/biobank.md "Forms"): attach, detach, the samples and types a form can take,
// and new samples created for a form. Linking needs attach_bio_sample_to_form where the sample is and
// the right to edit the form: frm_edit on it, or, for biobank staff who never edit form values,
// update_admin_bio_sample at the form's registry and institute. A link that cannot be made answers
// the spec's "There was an error in the linking process!".
import type { Kysely } from 'kysely';
import { can, type PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database, FormRow } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import { canSeeForm, formNotFound, mayOnForm } from '../forms/forms.access';
import type { WriteDeps } from '../forms/forms.lifecycle';
import { findFormRow } from '../forms/forms.repository';
import { noViewPermission } from '../permissions/permissionErrors';
import { linkFailed } from './bioSampleErrors';
import { appendSampleHistory } from './bioSampleHistory';
import { mayAny, mayOnSamples, READ_CODES, readableSamplesSql } from './bioSampleScopes';
import { createSample, readableSampleOrThrow, refreshState, type SampleInput } from './bioSamples.service';

export interface FormOfSamples {
  row: FormRow;
  patientId: string;
}

/**
 * The live form, visible through the registry (reg_access) or to a reader of the biobank there; else
 * 404. `lock` (a link write): the form row is locked until the write ends, so a link is never added
 * to a form whose delete is letting its samples go (that waits, then finds the form gone: 404).
 */
export async function sampleFormOrThrow(db: Kysely<Database>, subject: PermissionSubject, formId: string, lock?: DatabaseDialect): Promise<FormOfSamples> {
  const row = await findFormRow(db, formId, lock);
  if (!row || !(canSeeForm(subject, row) || mayAny(subject, READ_CODES, { registryId: row.registry_id, instituteId: row.institute_id }))) throw formNotFound();
  const attendance = await db.selectFrom('attendances').select('patient_id').where('id', '=', row.attendance_id).executeTakeFirstOrThrow();
  return { row, patientId: attendance.patient_id };
}

/** May the subject change which samples the form holds? */
export function mayLinkOnForm(subject: PermissionSubject, row: FormRow): boolean {
  const where = { registryId: row.registry_id, instituteId: row.institute_id };
  return mayOnSamples(subject, 'attach_bio_sample_to_form', where) && (mayOnForm(subject, 'frm_edit', row) || can(subject, 'update_admin_bio_sample', where));
}

async function linkWrite(deps: WriteDeps, formId: string, sampleId: string, attach: boolean): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const form = await sampleFormOrThrow(trx, deps.subject, formId, deps.dialect);
    const sample = await readableSampleOrThrow(trx, deps, 'any', sampleId, true);
    if (!mayLinkOnForm(deps.subject, form.row) || !mayOnSamples(deps.subject, 'attach_bio_sample_to_form', { registryId: sample.registry_id, instituteId: sample.institute_id })) {
      throw noViewPermission();
    }
    const existing = await trx.selectFrom('bio_sample_forms').select('form_id').where('bio_sample_id', '=', sampleId).where('form_id', '=', formId).executeTakeFirst();
    // Only the form's own patient's samples of its registry, each link once; only an existing link is detached.
    if (sample.patient_id !== form.patientId || sample.registry_id !== form.row.registry_id || Boolean(existing) === attach) throw linkFailed();
    const at = new Date().toISOString();
    if (attach) await trx.insertInto('bio_sample_forms').values({ bio_sample_id: sampleId, form_id: formId, attached_at: at, attached_by: deps.actor.userId }).execute();
    else await trx.deleteFrom('bio_sample_forms').where('bio_sample_id', '=', sampleId).where('form_id', '=', formId).execute();
    await trx.updateTable('bio_samples').set({ version: Number(sample.version) + 1, updated_at: at }).where('id', '=', sampleId).execute();
    await refreshState(trx, sampleId);
    await appendSampleHistory(trx, deps, sampleId, attach ? 'attached' : 'detached', { form: attach ? [null, form.row.display_id] : [form.row.display_id, null] }, at);
  });
}

export const attachSample = (deps: WriteDeps, formId: string, sampleId: string): Promise<void> => linkWrite(deps, formId, sampleId, true);
export const detachSample = (deps: WriteDeps, formId: string, sampleId: string): Promise<void> => linkWrite(deps, formId, sampleId, false);

/** Ids of the form's patient's samples of its registry, readable by the caller, not attached to it yet. */
export async function attachableSampleIds(db: Kysely<Database>, subject: PermissionSubject, form: FormOfSamples): Promise<string[]> {
  const rows = await db
    .selectFrom('bio_samples')
    .select('id')
    .where('patient_id', '=', form.patientId)
    .where('registry_id', '=', form.row.registry_id)
    .where('deleted_at', 'is', null)
    .where(readableSamplesSql(subject))
    .where('id', 'not in', db.selectFrom('bio_sample_forms').select('bio_sample_id').where('form_id', '=', form.row.id))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** POST /institutes/{id}/forms/{formId}/bio-samples: new samples of the form's patient, attached to it, all or none. */
export async function createFormSamples(deps: WriteDeps, instituteId: string, formId: string, samples: readonly SampleInput[]): Promise<string[]> {
  return inTransaction(deps.db, async (trx) => {
    const form = await sampleFormOrThrow(trx, deps.subject, formId, deps.dialect);
    if (form.row.institute_id !== instituteId) throw formNotFound();
    if (!mayLinkOnForm(deps.subject, form.row)) throw noViewPermission();
    const ids: string[] = [];
    for (const sample of samples) {
      const input = { ...sample, patientId: form.patientId, registryId: form.row.registry_id };
      ids.push(await createSample({ ...deps, db: trx }, { instituteId }, input, { id: formId, displayId: form.row.display_id }));
    }
    return ids;
  });
}
