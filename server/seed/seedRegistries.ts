// Seeds the demo registries, form types with validated descriptors (hu and en), user groups and
// access entries, inside the demo seed's transaction. The patients/attendances/forms seed of the
// next slice runs after this one and can look registries up by short name and form types by
// displayId.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { loadDescriptorOrThrow } from '../../src/domain/forms';
import { DEMO_FORMS, buildDemoDescriptor } from '../../src/domain/forms/demo';
import type { FormDescriptor } from '../../src/domain/forms/types';
import type { Database } from '../db/database';
import { insertRegistryPeriods } from '../registries/registryPeriods';
import { DEMO_ACCESS_ENTRIES, DEMO_GROUPS, DEMO_REGISTRIES } from './demoRegistries';

export interface RegistrySeedResult {
  registries: number;
  formTypes: number;
  accessEntries: number;
}

function roleField(descriptor: FormDescriptor, role: string): string | null {
  const field = (descriptor.commonDataFields as { id: string; role?: string }[]).find((f) => f.role === role);
  return field?.id ?? null;
}

export async function seedDemoRegistries(
  trx: Kysely<Database>,
  instituteIds: ReadonlyMap<string, string>,
  userIds: ReadonlyMap<string, string>,
  createdAt: string,
): Promise<RegistrySeedResult> {
  const at = { created_at: createdAt, updated_at: createdAt };
  const registryIds = new Map<string, string>();
  const formTypeIds = new Map<string, number>();
  let formTypes = 0;

  for (const registry of DEMO_REGISTRIES) {
    const id = randomUUID();
    registryIds.set(registry.key, id);
    const institute = (key: string | undefined): string | null => (key ? (instituteIds.get(key) ?? null) : null);
    await trx
      .insertInto('registries')
      .values({
        id,
        name_en: registry.nameEn,
        name_hu: registry.nameHu,
        short_name: registry.shortName,
        bio_sample_code: registry.bioSampleCode,
        has_inpatient_day: registry.hasInpatientDay,
        mandatory_insurance_number: registry.mandatoryInsuranceNumber,
        registry_type: registry.registryType,
        registry_group_en: registry.registryGroupEn,
        registry_group_hu: registry.registryGroupHu,
        data_collection_period: registry.dataCollectionPeriod,
        registry_manager_name: registry.registryManager?.name ?? null,
        registry_manager_institute_id: institute(registry.registryManager?.institute),
        trial_manager_name: registry.trialManager?.name ?? null,
        trial_manager_institute_id: institute(registry.trialManager?.institute),
        target_patient_count: registry.targetPatientCount,
        attendance_period_name_en: registry.attendancePeriodNameEn,
        attendance_period_name_hu: registry.attendancePeriodNameHu,
        random_group_block_multipliers: registry.randomization?.blockMultiplier ?? null,
        random_group_visibility: registry.randomization?.visibility ?? null,
        randomization_strategy: registry.randomization?.strategy ?? null,
        ...at,
      })
      .execute();
    for (const [position, group] of (registry.randomization?.groups ?? []).entries()) {
      await trx.insertInto('registry_random_groups').values({ id: randomUUID(), registry_id: id, name: group.name, multiplier: group.multiplier, position }).execute();
    }
    await trx
      .insertInto('registry_institutes')
      .values(registry.institutes.map((key) => ({ registry_id: id, institute_id: instituteIds.get(key) ?? '' })))
      .execute();

    for (const [position, type] of registry.formTypes.entries()) {
      const form = DEMO_FORMS.find((f) => f.displayId === type.displayId);
      if (!form) throw new Error(`demo form ${type.displayId} is missing`);
      // Every stored descriptor passed the domain loader: a broken demo form fails the seed.
      const descriptors = (['hu', 'en'] as const).map((locale) => loadDescriptorOrThrow(buildDemoDescriptor(form, locale)));
      const [hu] = descriptors;
      await trx
        .insertInto('form_types')
        .values({
          id: form.formTypeId,
          registry_id: id,
          display_id: form.displayId,
          name_hu: type.nameHu,
          name_en: type.nameEn,
          short_name: type.shortName,
          locales: 'hu,en',
          behavior_type: form.behaviorType,
          start_datetime_field_id: roleField(hu, 'startDatetime'),
          end_datetime_field_id: roleField(hu, 'endDatetime'),
          patient_name_field_id: roleField(hu, 'patient'),
          last_version: form.version,
          position,
          ...at,
        })
        .execute();
      for (const descriptor of descriptors) {
        await trx
          .insertInto('form_descriptors')
          .values({ form_type_id: form.formTypeId, version: descriptor.version, locale: descriptor.locale, document: JSON.stringify(descriptor), created_at: createdAt })
          .execute();
      }
      formTypeIds.set(form.displayId, form.formTypeId);
      formTypes += 1;
    }
    for (const [position, external] of (registry.externalFields ?? []).entries()) {
      await trx
        .insertInto('form_type_external_fields')
        .values({
          id: randomUUID(),
          form_type_id: formTypeIds.get(external.target) ?? 0,
          source_display_id: external.sourceDisplayId,
          source_field: external.sourceField,
          target_field: external.targetField,
          position,
        })
        .execute();
    }
    await insertRegistryPeriods(
      trx,
      id,
      registry.periods.map((period) => ({
        nameHu: period.nameHu,
        nameEn: period.nameEn,
        dueMonths: period.dueMonths,
        formTypes: period.formTypes.map((type) => ({ formTypeId: formTypeIds.get(type.displayId) ?? 0, maxPerPeriod: type.max })),
      })),
    );
  }

  const groupIds = new Map<string, string>();
  for (const group of DEMO_GROUPS) {
    const id = randomUUID();
    groupIds.set(group.key, id);
    await trx.insertInto('user_groups').values({ id, name: group.name, group_type: group.groupType, ...at }).execute();
    await trx
      .insertInto('user_group_members')
      .values(group.members.map((email) => ({ group_id: id, user_id: userIds.get(email) ?? '' })))
      .execute();
  }

  for (const entry of DEMO_ACCESS_ENTRIES) {
    const formTypeId = entry.formType ? (formTypeIds.get(entry.formType) ?? null) : null;
    await trx
      .insertInto('access_entries')
      .values({
        id: randomUUID(),
        kind: entry.kind,
        trustee_user_id: entry.viaGroup ? null : (userIds.get(entry.email) ?? null),
        trustee_group_id: entry.viaGroup ? (groupIds.get(entry.viaGroup) ?? null) : null,
        scheme: entry.scheme,
        registry_id: entry.registry ? (registryIds.get(entry.registry) ?? null) : null,
        form_type_id: formTypeId,
        institute_id: entry.institute ? (instituteIds.get(entry.institute) ?? null) : null,
        physician_id: null,
        attach_permission: entry.attachPermission ?? false,
        ...at,
      })
      .execute();
  }
  return { registries: DEMO_REGISTRIES.length, formTypes, accessEntries: DEMO_ACCESS_ENTRIES.length };
}
