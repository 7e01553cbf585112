// The periods a registry defines (registry_periods) and the form types each allows, with how many
// forms of a type one period may hold (null: repeatable). docs/decisions.md "Attendance periods".
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Locale } from '../i18n/locale';

export interface PeriodFormType {
  formTypeId: number;
  displayId: string;
  name: string;
  behaviorType: string;
  /** How many live forms of the type one period may hold; null: repeatable. */
  maxPerPeriod: number | null;
}

export interface RegistryPeriod {
  registryId: string;
  index: number;
  name: { hu: string; en: string };
  /** The name in the caller's language. */
  displayName: string;
  formTypes: PeriodFormType[];
}

export const localizedName = (name: { hu: string; en: string }, locale: Locale): string => (locale === 'en' ? name.en : name.hu);

/** Every defined period of the registries, by registry and index, with its allowed form types in the registry's order. */
export async function registryPeriods(db: Kysely<Database>, registryIds: readonly string[], locale: Locale): Promise<RegistryPeriod[]> {
  if (registryIds.length === 0) return [];
  // One statement (periods joined with their form types): every attendance view reads this.
  const rows = await db
    .selectFrom('registry_periods')
    .leftJoin('registry_period_form_types', (join) =>
      join.onRef('registry_period_form_types.registry_id', '=', 'registry_periods.registry_id').onRef('registry_period_form_types.period_index', '=', 'registry_periods.period_index'),
    )
    .leftJoin('form_types', 'form_types.id', 'registry_period_form_types.form_type_id')
    .select([
      'registry_periods.registry_id',
      'registry_periods.period_index',
      'registry_periods.name_hu',
      'registry_periods.name_en',
      'registry_period_form_types.max_per_period',
      'form_types.id as form_type_id',
      'form_types.display_id',
      'form_types.behavior_type',
      locale === 'en' ? 'form_types.name_en as form_type_name' : 'form_types.name_hu as form_type_name',
    ])
    .where('registry_periods.registry_id', 'in', [...new Set(registryIds)])
    .orderBy('registry_periods.registry_id')
    .orderBy('registry_periods.period_index')
    .orderBy('form_types.position')
    .orderBy('form_types.id')
    .execute();
  const periods: RegistryPeriod[] = [];
  for (const row of rows) {
    let period = periods[periods.length - 1];
    if (period === undefined || period.registryId !== row.registry_id || period.index !== Number(row.period_index)) {
      const name = { hu: row.name_hu, en: row.name_en };
      period = { registryId: row.registry_id, index: Number(row.period_index), name, displayName: localizedName(name, locale), formTypes: [] };
      periods.push(period);
    }
    // A period that allows no form type has one row with NULLs from the outer join.
    if (row.form_type_id === null) continue;
    period.formTypes.push({
      formTypeId: Number(row.form_type_id),
      displayId: row.display_id ?? '',
      name: row.form_type_name ?? '',
      behaviorType: row.behavior_type ?? '',
      maxPerPeriod: row.max_per_period === null ? null : Number(row.max_per_period),
    });
  }
  return periods;
}

/** The rule of one form type in one period of a registry; null when the period does not allow it. */
export async function periodFormTypeRule(db: Kysely<Database>, registryId: string, periodIndex: number, formTypeId: number): Promise<{ maxPerPeriod: number | null } | null> {
  const row = await db
    .selectFrom('registry_period_form_types')
    .select('max_per_period')
    .where('registry_id', '=', registryId)
    .where('period_index', '=', periodIndex)
    .where('form_type_id', '=', formTypeId)
    .executeTakeFirst();
  if (!row) return null;
  return { maxPerPeriod: row.max_per_period === null ? null : Number(row.max_per_period) };
}

export interface PeriodDefinition {
  nameHu: string;
  nameEn: string;
  /** Months after the attendance start the period's visit is due (the follow-up plan); null or absent: none. */
  dueMonths?: number | null;
  formTypes: { formTypeId: number; maxPerPeriod: number | null }[];
}

/** Stores the periods of a new registry (the demo seed); index = position in the list. */
export async function insertRegistryPeriods(db: Kysely<Database>, registryId: string, periods: readonly PeriodDefinition[]): Promise<void> {
  for (const [index, period] of periods.entries()) {
    await db.insertInto('registry_periods').values({ registry_id: registryId, period_index: index, name_hu: period.nameHu, name_en: period.nameEn, due_months: period.dueMonths ?? null }).execute();
    if (period.formTypes.length === 0) continue;
    await db
      .insertInto('registry_period_form_types')
      .values(period.formTypes.map((type) => ({ registry_id: registryId, period_index: index, form_type_id: type.formTypeId, max_per_period: type.maxPerPeriod })))
      .execute();
  }
}
