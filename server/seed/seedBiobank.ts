// The demo biobank: sample types for RA-BIO, two boxes at SZLK, and samples of the first demo patient
// in every state (collected, attached to the baseline form, arrived, localized, dispatched), with two
// derived aliquots; written by biobank@ through the API's central calls, so each has its custody record.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { attachSample } from '../biobank/bioSampleLinks.service';
import { createSample, updateSample } from '../biobank/bioSamples.service';
import type { Database } from '../db/database';
import type { WriteDeps } from '../forms/forms.lifecycle';

const TYPES = [
  { code: 'WB', nameHu: 'Teljes vér', nameEn: 'Whole blood', unit: 'ml', parameters: [{ id: 'tube', labelHu: 'Csőtípus', labelEn: 'Tube type', type: 'text' }] },
  { code: 'SER', nameHu: 'Szérum', nameEn: 'Serum', unit: 'µl', parameters: [{ id: 'centrifugeMinutes', labelHu: 'Centrifugálás (perc)', labelEn: 'Centrifugation (minutes)', type: 'number' }] },
  { code: 'DNA', nameHu: 'DNS', nameEn: 'DNA', unit: 'µg', parameters: [] },
];

export async function seedDemoBiobank(trx: Kysely<Database>, biobank: WriteDeps, ids: { registryId: string; instituteId: string; createdAt: string }): Promise<{ samples: number }> {
  const typeIds = new Map<string, string>();
  for (const type of TYPES) {
    const id = randomUUID();
    typeIds.set(type.code, id);
    await trx
      .insertInto('bio_sample_types')
      .values({ id, code: type.code, name_hu: type.nameHu, name_en: type.nameEn, unit: type.unit, parameters: JSON.stringify(type.parameters), created_at: ids.createdAt })
      .execute();
    await trx.insertInto('bio_sample_type_registries').values({ bio_sample_type_id: id, registry_id: ids.registryId }).execute();
  }
  const boxIds = [randomUUID(), randomUUID()];
  await trx
    .insertInto('bio_sample_boxes')
    .values([
      { id: boxIds[0], institute_id: ids.instituteId, fridge: '-80 °C fagyasztó 1', compartment: 'A polc', name: 'RA-BIO 01', row_count: 9, column_count: 9, created_at: ids.createdAt },
      { id: boxIds[1], institute_id: ids.instituteId, fridge: '-80 °C fagyasztó 1', compartment: 'B polc', name: 'RA-BIO 02', row_count: 5, column_count: 10, created_at: ids.createdAt },
    ])
    .execute();

  // The first demo patient of RA-BIO at SZLK, and their baseline (attendance-start) form.
  const form = await trx
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .select(['forms.id as form_id', 'patients.id as patient_id'])
    .where('forms.registry_id', '=', ids.registryId)
    .where('forms.institute_id', '=', ids.instituteId)
    .orderBy('patients.created_at')
    .orderBy('forms.created_at')
    .executeTakeFirstOrThrow();
  const deps = { ...biobank, db: trx };
  // Central calls: biobank@ holds the admin sample codes, registering at the patient's institute.
  const channel = null;
  const base = { registryId: ids.registryId, patientId: form.patient_id };
  const serum = typeIds.get('SER') as string;
  const blood = typeIds.get('WB') as string;
  const at = (day: string): string => `2026-01-${day}T08:30:00.000Z`;

  await createSample(deps, channel, { ...base, bioSampleTypeId: blood, sampleCollectedAt: at('12'), amount: 4, sampleParameters: { tube: 'EDTA' } });
  const attached = await createSample(deps, channel, { ...base, bioSampleTypeId: blood, sampleCollectedAt: at('12'), amount: 4 });
  await attachSample(deps, form.form_id, attached);
  const arrived = await createSample(deps, channel, { ...base, bioSampleTypeId: serum, sampleCollectedAt: at('12'), arrivedToBiobankAt: at('13'), amount: 500 });
  await updateSample(deps, channel, arrived, { version: 1, notes: 'Hemolízis nem látható / No haemolysis' });
  const parent = await createSample(deps, channel, {
    ...base,
    bioSampleTypeId: serum,
    sampleCollectedAt: at('12'),
    arrivedToBiobankAt: at('13'),
    amount: 1000,
    sampleParameters: { centrifugeMinutes: 10 },
    localization: { boxId: boxIds[0], row: 1, column: 1 },
  });
  await attachSample(deps, form.form_id, parent);
  // Aliquots of the localized parent and of the arrived sample (one derived sample each).
  const aliquot = { ...base, bioSampleTypeId: serum, sampleCollectedAt: at('12'), arrivedToBiobankAt: at('14'), amount: 250 };
  await createSample(deps, channel, { ...aliquot, ancestorSampleId: parent, localization: { boxId: boxIds[1], row: 1, column: 1 } });
  const dispatched = await createSample(deps, channel, { ...aliquot, ancestorSampleId: arrived, localization: { boxId: boxIds[1], row: 1, column: 2 } });
  await updateSample(deps, channel, dispatched, { version: 1, dispatchedAt: at('20'), dispatchedTo: 'Központi laboratórium / Central laboratory' });
  return { samples: 6 };
}
