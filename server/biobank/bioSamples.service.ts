// Creating, changing and deleting bio samples (docs/biobank.md). Institute calls act under the
// *_institute_bio_sample codes on one institute's samples, central calls under *_admin_bio_sample.
// Every write runs in one transaction with its custody entry; any refusal leaves nothing written.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BioSampleRow, Database } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import { isUniqueViolation } from '../db/uniqueViolation';
import type { WriteDeps } from '../forms/forms.lifecycle';
import { noViewPermission } from '../permissions/permissionErrors';
import * as refuse from './bioSampleErrors';
import { appendSampleHistory } from './bioSampleHistory';
import { checkSampleFields, deriveState, fieldChanges, fieldsOf, instantOrThrow, updateOperation, type SampleFields, type TypeParameter } from './bioSampleRules';
import { mayAny, mayOnSamples, READ_CODES, type BioCode } from './bioSampleScopes';
import { findSampleRow } from './bioSamples.repository';
import type { BioSampleInput } from '../../src/api/bioSamples';

/** Which calls: one institute's (instituteId) or the central biobank's (null). */
export type Channel = { instituteId: string } | null;

/** A create or update body as the contract defines it; the schema and the rules check every field. */
export type SampleInput = Partial<BioSampleInput>;

const codeOf = (channel: Channel, action: 'read' | 'create' | 'update' | 'delete'): BioCode =>
  `${action}_${channel ? 'institute' : 'admin'}_bio_sample` as BioCode;

/** The sample as the channel may see it, or 404 (its existence stays hidden). */
export async function readableSampleOrThrow(db: Kysely<Database>, deps: Pick<WriteDeps, 'subject' | 'dialect'>, channel: Channel | 'any', id: string, lock = false): Promise<BioSampleRow> {
  const row = await findSampleRow(db, id, lock ? deps.dialect : undefined);
  const target = row ? { registryId: row.registry_id, instituteId: row.institute_id } : {};
  const readable =
    row !== null &&
    (channel === 'any' ? mayAny(deps.subject, READ_CODES, target) : (channel === null || row.institute_id === channel.instituteId) && mayOnSamples(deps.subject, codeOf(channel, 'read'), target));
  if (!row || !readable) throw refuse.bioSampleNotFound();
  return row;
}

async function typeParametersOrThrow(db: Kysely<Database>, typeId: string, registryId: string): Promise<TypeParameter[]> {
  const type = await db.selectFrom('bio_sample_types').select('parameters').where('id', '=', typeId).executeTakeFirst();
  if (!type) throw refuse.typeNotFound();
  const allowed = await db.selectFrom('bio_sample_type_registries').select('registry_id').where('bio_sample_type_id', '=', typeId).where('registry_id', '=', registryId).executeTakeFirst();
  if (!allowed) throw refuse.typeNotAllowed();
  return JSON.parse(type.parameters) as TypeParameter[];
}

/** The input over the current fields (or none); absent keys keep what is stored. */
function mergedFields(current: SampleFields | null, input: SampleInput): SampleFields {
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  const instant = (text: string | null | undefined, path: string, fallback: string | null): string | null =>
    text === undefined ? fallback : text === null ? null : instantOrThrow(text, path);
  const place = input.localization === undefined ? null : input.localization;
  const fields: SampleFields = {
    bio_sample_type_id: pick(input.bioSampleTypeId, current?.bio_sample_type_id ?? ''),
    sample_collected_at: instant(input.sampleCollectedAt, 'sampleCollectedAt', current?.sample_collected_at ?? null) ?? '',
    legacy_sample_number: pick(input.legacySampleNumber, current?.legacy_sample_number ?? null),
    notes: pick(input.notes, current?.notes ?? null),
    sample_parameters: pick(input.sampleParameters, current?.sample_parameters ?? {}),
    arrived_to_biobank_at: instant(input.arrivedToBiobankAt, 'arrivedToBiobankAt', current?.arrived_to_biobank_at ?? null),
    amount: pick(input.amount, current?.amount ?? null),
    is_virtual: pick(input.virtual, current?.is_virtual ?? false),
    ancestor_sample_id: pick(input.ancestorSampleId, current?.ancestor_sample_id ?? null),
    box_id: input.localization === undefined ? (current?.box_id ?? null) : (place?.boxId ?? null),
    box_row: input.localization === undefined ? (current?.box_row ?? null) : (place?.row ?? null),
    box_column: input.localization === undefined ? (current?.box_column ?? null) : (place?.column ?? null),
    dispatched_at: instant(input.dispatchedAt, 'dispatchedAt', current?.dispatched_at ?? null),
    dispatched_to: pick(input.dispatchedTo, current?.dispatched_to ?? null),
  };
  // Dispatch takes the sample out of its box, unless the same write places it (then it is refused).
  if (fields.dispatched_at && !current?.dispatched_at && input.localization === undefined) {
    fields.box_id = null;
    fields.box_row = null;
    fields.box_column = null;
  }
  return fields;
}

/** An ancestor of the same patient and registry, never the sample itself or one of its descendants. */
async function checkAncestor(db: Kysely<Database>, ancestorId: string | null, sample: { id: string | null; patientId: string; registryId: string }): Promise<void> {
  if (ancestorId === null) return;
  const ancestor = await findSampleRow(db, ancestorId);
  if (!ancestor || ancestor.patient_id !== sample.patientId || ancestor.registry_id !== sample.registryId) throw refuse.ancestorMismatch();
  let cursor: string | null = ancestorId;
  for (let depth = 0; cursor !== null && depth < 1000; depth += 1) {
    if (cursor === sample.id) throw refuse.ancestorCycle();
    const up: { ancestor_sample_id: string | null } | undefined = await db.selectFrom('bio_samples').select('ancestor_sample_id').where('id', '=', cursor).executeTakeFirst();
    cursor = up?.ancestor_sample_id ?? null;
  }
}

/** The fields' rules, the ancestor, and a free position (the unique index decides races). */
async function checkAll(trx: Kysely<Database>, fields: SampleFields, sample: { id: string | null; patientId: string; registryId: string; instituteId: string }): Promise<void> {
  const parameters = await typeParametersOrThrow(trx, fields.bio_sample_type_id, sample.registryId);
  const box = fields.box_id ? ((await trx.selectFrom('bio_sample_boxes').selectAll().where('id', '=', fields.box_id).executeTakeFirst()) ?? null) : null;
  checkSampleFields(fields, { instituteId: sample.instituteId, parameters, box });
  await checkAncestor(trx, fields.ancestor_sample_id, sample);
  if (box && fields.box_row !== null && fields.box_column !== null) {
    let holder = trx.selectFrom('bio_samples').select('id').where('box_id', '=', box.id).where('box_row', '=', fields.box_row).where('box_column', '=', fields.box_column);
    if (sample.id) holder = holder.where('id', '<>', sample.id);
    if (await holder.executeTakeFirst()) throw refuse.positionTaken(box.name, fields.box_row, fields.box_column);
  }
}

/**
 * Runs a write; the position index firing (a concurrent writer took the place first) is a 409. The
 * box name is read before: after the refusal PostgreSQL accepts no more statements in the transaction.
 */
async function guarded<T>(trx: Kysely<Database>, fields: SampleFields, work: () => Promise<T>): Promise<T> {
  const boxName = fields.box_id ? ((await trx.selectFrom('bio_sample_boxes').select('name').where('id', '=', fields.box_id).executeTakeFirst())?.name ?? '') : '';
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error) && fields.box_id && /box|position/i.test(`${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message}`)) {
      throw refuse.positionTaken(boxName, fields.box_row ?? 0, fields.box_column ?? 0);
    }
    throw error;
  }
}

async function nextSampleNumber(trx: Kysely<Database>, registryId: string): Promise<string> {
  const registry = await trx.selectFrom('registries').select(['bio_sample_code', 'short_name']).where('id', '=', registryId).executeTakeFirstOrThrow();
  await trx.insertInto('bio_sample_sequences').values({ registry_id: registryId, last: 0 }).onConflict((oc) => oc.column('registry_id').doNothing()).execute();
  // The update takes the row lock on PostgreSQL: two writers never draw one number.
  const row = await trx.updateTable('bio_sample_sequences').set((eb) => ({ last: eb('last', '+', 1) })).where('registry_id', '=', registryId).returning('last').executeTakeFirstOrThrow();
  return `${registry.bio_sample_code ?? registry.short_name}-${String(row.last).padStart(6, '0')}`;
}

/** Where a new sample belongs: the channel's institute, or (central) the patient's own. */
async function newSampleTarget(db: Kysely<Database>, channel: Channel, input: SampleInput): Promise<{ patientId: string; registryId: string; instituteId: string }> {
  const patient = await db.selectFrom('patients').select(['id', 'registry_id', 'institute_id']).where('id', '=', input.patientId ?? '').executeTakeFirst();
  if (!patient || patient.registry_id !== input.registryId) throw refuse.patientMismatch();
  if (!channel) return { patientId: patient.id, registryId: patient.registry_id, instituteId: patient.institute_id };
  // A patient is treated at their own institute or where they have an attendance.
  const treated =
    patient.institute_id === channel.instituteId ||
    (await db.selectFrom('attendances').select('id').where('patient_id', '=', patient.id).where('institute_id', '=', channel.instituteId).executeTakeFirst()) !== undefined;
  if (!treated) throw refuse.patientMismatch();
  return { patientId: patient.id, registryId: patient.registry_id, instituteId: channel.instituteId };
}

/** Creates one sample; `form` attaches it to that form in the same transaction. Answers its id. */
export async function createSample(deps: WriteDeps, channel: Channel, input: SampleInput, form?: { id: string; displayId: string }): Promise<string> {
  // Refuse a caller without the code in that registry (and institute) before looking at the patient.
  if (!mayOnSamples(deps.subject, codeOf(channel, 'create'), { registryId: input.registryId, instituteId: channel?.instituteId })) throw noViewPermission();
  const target = await newSampleTarget(deps.db, channel, input);
  if (!mayOnSamples(deps.subject, codeOf(channel, 'create'), target)) throw noViewPermission();
  return inTransaction(deps.db, async (trx) => {
    const fields = mergedFields(null, input);
    await checkAll(trx, fields, { id: null, ...target });
    const id = randomUUID();
    const at = new Date().toISOString();
    const sampleNumber = await nextSampleNumber(trx, target.registryId);
    const links = form ? 1 : 0;
    await guarded(trx, fields, () =>
      trx
        .insertInto('bio_samples')
        .values({
          id,
          sample_number: sampleNumber,
          state: deriveState(fields, links),
          registry_id: target.registryId,
          institute_id: target.instituteId,
          patient_id: target.patientId,
          ...fields,
          sample_parameters: JSON.stringify(fields.sample_parameters),
          version: 1,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .execute(),
    );
    await appendSampleHistory(trx, deps, id, 'created', { sampleNumber: [null, sampleNumber], ...fieldChanges(null, fields) }, at);
    if (form) {
      await trx.insertInto('bio_sample_forms').values({ bio_sample_id: id, form_id: form.id, attached_at: at, attached_by: deps.actor.userId }).execute();
      await appendSampleHistory(trx, deps, id, 'attached', { form: [null, form.displayId] }, at);
    }
    if (fields.ancestor_sample_id) await appendSampleHistory(trx, deps, fields.ancestor_sample_id, 'derived', { descendant: [null, sampleNumber] }, at);
    return id;
  });
}

export async function linkCount(db: Kysely<Database>, sampleId: string): Promise<number> {
  const row = await db
    .selectFrom('bio_sample_forms as l')
    .innerJoin('forms as f', 'f.id', 'l.form_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('l.bio_sample_id', '=', sampleId)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateSample(deps: WriteDeps, channel: Channel, id: string, input: SampleInput): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const row = await readableSampleOrThrow(trx, deps, channel, id, true);
    if (!mayOnSamples(deps.subject, codeOf(channel, 'update'), { registryId: row.registry_id, instituteId: row.institute_id })) throw noViewPermission();
    if (input.version !== Number(row.version)) throw refuse.staleSample(Number(row.version));
    if ((input.registryId !== undefined && input.registryId !== row.registry_id) || (input.patientId !== undefined && input.patientId !== row.patient_id)) throw refuse.patientMismatch();
    const before = fieldsOf(row);
    const after = mergedFields(before, input);
    const changes = fieldChanges(before, after);
    if (Object.keys(changes).length === 0) return;
    await checkAll(trx, after, { id, patientId: row.patient_id, registryId: row.registry_id, instituteId: row.institute_id });
    const at = new Date().toISOString();
    await guarded(trx, after, () =>
      trx
        .updateTable('bio_samples')
        .set({ ...after, sample_parameters: JSON.stringify(after.sample_parameters), state: 'collected', version: Number(row.version) + 1, updated_at: at })
        .where('id', '=', id)
        .execute(),
    );
    await refreshState(trx, id);
    await appendSampleHistory(trx, deps, id, updateOperation(before, after), changes, at);
    if (after.ancestor_sample_id && after.ancestor_sample_id !== before.ancestor_sample_id) {
      await appendSampleHistory(trx, deps, after.ancestor_sample_id, 'derived', { descendant: [null, row.sample_number] }, at);
    }
  });
}

/** Writes the state the sample's fields and links give (after every write of either). */
export async function refreshState(trx: Kysely<Database>, id: string): Promise<void> {
  const row = await trx.selectFrom('bio_samples').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await trx.updateTable('bio_samples').set({ state: deriveState(fieldsOf(row), await linkCount(trx, id)) }).where('id', '=', id).execute();
}

/** Central only; a sample with descendants or forms stays ("Can not delete this bio sample!"). */
export async function deleteSample(deps: WriteDeps, id: string): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const row = await readableSampleOrThrow(trx, deps, null, id, true);
    if (!mayOnSamples(deps.subject, 'delete_admin_bio_sample', { registryId: row.registry_id, instituteId: row.institute_id })) throw noViewPermission();
    const descendant = await trx.selectFrom('bio_samples').select('id').where('ancestor_sample_id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (descendant || (await linkCount(trx, id)) > 0) throw refuse.deleteRefused();
    const at = new Date().toISOString();
    // Kept as a deleted row: its custody record stays verifiable and its number is never reused.
    await trx.updateTable('bio_samples').set({ deleted_at: at, box_id: null, box_row: null, box_column: null, updated_at: at, version: Number(row.version) + 1 }).where('id', '=', id).execute();
    await appendSampleHistory(trx, deps, id, 'deleted', { deletedAt: [null, at] }, at);
  });
}
