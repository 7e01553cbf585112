// SQL for registries and trials, their randomization groups and participating institutes.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database, RandomGroupVisibility, RandomizationStrategy, RegistryRow, RegistryType } from '../db/database';
import type { Locale } from '../i18n/locale';
import { fetchList, type ListFieldMap } from '../lists/listQuery';

export interface RandomGroup {
  name: string;
  multiplier: number;
}

export interface Registry {
  id: string;
  /** In the reader's language. */
  name: string;
  nameEn: string;
  nameHu: string;
  shortName: string;
  bioSampleCode: string | null;
  hasInpatientDay: boolean;
  mandatoryInsuranceNumber: boolean;
  registryType: RegistryType;
  registryGroupEn: string | null;
  registryGroupHu: string | null;
  dataCollectionPeriod: string | null;
  registryManager: { name: string | null; instituteId: string | null };
  trialManager: { name: string | null; instituteId: string | null };
  targetPatientCount: number | null;
  attendancePeriodNameEn: string | null;
  attendancePeriodNameHu: string | null;
  randomGroupBlockMultipliers: number | null;
  randomGroupVisibility: RandomGroupVisibility | null;
  randomizationStrategy: RandomizationStrategy | null;
  randomGroups: RandomGroup[];
  /** The participating institutes. */
  instituteIds: string[];
  createdAt: string;
  updatedAt: string;
}

export function registryNameSql(locale: Locale): RawBuilder<string> {
  return sql<string>`${sql.ref(locale === 'en' ? 'registries.name_en' : 'registries.name_hu')}`;
}

export function registryFields(locale: Locale): ListFieldMap {
  return {
    name: { column: registryNameSql(locale), type: 'text' },
    nameEn: { column: 'registries.name_en', type: 'text' },
    nameHu: { column: 'registries.name_hu', type: 'text' },
    shortName: { column: 'registries.short_name', type: 'text' },
    registryType: { column: 'registries.registry_type', type: 'text' },
    hasInpatientDay: { column: 'registries.has_inpatient_day', type: 'boolean' },
    mandatoryInsuranceNumber: { column: 'registries.mandatory_insurance_number', type: 'boolean' },
    createdAt: { column: 'registries.created_at', type: 'date' },
    updatedAt: { column: 'registries.updated_at', type: 'date' },
  };
}

export const PUBLIC_REGISTRY_FIELDS: ListFieldMap = {
  nameEn: { column: 'registries.name_en', type: 'text' },
  nameHu: { column: 'registries.name_hu', type: 'text' },
  shortName: { column: 'registries.short_name', type: 'text' },
};

function toRegistry(row: RegistryRow, locale: Locale, groups: RandomGroup[], instituteIds: string[]): Registry {
  return {
    id: row.id,
    name: locale === 'en' ? row.name_en : row.name_hu,
    nameEn: row.name_en,
    nameHu: row.name_hu,
    shortName: row.short_name,
    bioSampleCode: row.bio_sample_code,
    hasInpatientDay: Boolean(row.has_inpatient_day),
    mandatoryInsuranceNumber: Boolean(row.mandatory_insurance_number),
    registryType: row.registry_type,
    registryGroupEn: row.registry_group_en,
    registryGroupHu: row.registry_group_hu,
    dataCollectionPeriod: row.data_collection_period,
    registryManager: { name: row.registry_manager_name, instituteId: row.registry_manager_institute_id },
    trialManager: { name: row.trial_manager_name, instituteId: row.trial_manager_institute_id },
    targetPatientCount: row.target_patient_count,
    attendancePeriodNameEn: row.attendance_period_name_en,
    attendancePeriodNameHu: row.attendance_period_name_hu,
    randomGroupBlockMultipliers: row.random_group_block_multipliers,
    randomGroupVisibility: row.random_group_visibility,
    randomizationStrategy: row.randomization_strategy,
    randomGroups: groups,
    instituteIds,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Loads groups and institutes of several registries in two queries, then maps the rows. */
async function withDetails(db: Kysely<Database>, rows: RegistryRow[], locale: Locale): Promise<Registry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const groups = await db
    .selectFrom('registry_random_groups')
    .select(['registry_id', 'name', 'multiplier'])
    .where('registry_id', 'in', ids)
    .orderBy('registry_id')
    .orderBy('position')
    .execute();
  const institutes = await db
    .selectFrom('registry_institutes')
    .innerJoin('institutes', 'institutes.id', 'registry_institutes.institute_id')
    .select(['registry_institutes.registry_id', 'registry_institutes.institute_id'])
    .where('registry_institutes.registry_id', 'in', ids)
    .orderBy('institutes.short_name')
    .execute();
  return rows.map((row) =>
    toRegistry(
      row,
      locale,
      groups.filter((g) => g.registry_id === row.id).map((g) => ({ name: g.name, multiplier: Number(g.multiplier) })),
      institutes.filter((i) => i.registry_id === row.id).map((i) => i.institute_id),
    ),
  );
}

export async function listRegistries(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  locale: Locale,
  query: ListQuery,
  visible: Expression<SqlBool>,
): Promise<{ items: Registry[]; total?: number }> {
  const base = db.selectFrom('registries').selectAll('registries').where(visible);
  const { rows, total } = await fetchList(base, query, {
    fields: registryFields(locale),
    dialect,
    tieBreaker: 'registries.id',
    defaultSort: [{ field: 'name', direction: 'asc' }],
  });
  return { items: await withDetails(db, rows, locale), total };
}

export async function findRegistry(db: Kysely<Database>, id: string, locale: Locale): Promise<Registry | null> {
  const row = await db.selectFrom('registries').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? ((await withDetails(db, [row], locale))[0] ?? null) : null;
}

export interface PublicRegistry {
  id: string;
  nameEn: string;
  nameHu: string;
  shortName: string;
}

export async function listPublicRegistries(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  query: ListQuery,
): Promise<{ items: PublicRegistry[]; total?: number }> {
  const base = db.selectFrom('registries').select(['registries.id', 'registries.name_en', 'registries.name_hu', 'registries.short_name']);
  const { rows, total } = await fetchList(base, query, {
    fields: PUBLIC_REGISTRY_FIELDS,
    dialect,
    tieBreaker: 'registries.id',
    defaultSort: [{ field: 'shortName', direction: 'asc' }],
  });
  return { items: rows.map((r) => ({ id: r.id, nameEn: r.name_en, nameHu: r.name_hu, shortName: r.short_name })), total };
}

export async function registryTakesPart(db: Kysely<Database>, registryId: string, instituteId: string): Promise<boolean> {
  const row = await db
    .selectFrom('registry_institutes')
    .select('registry_id')
    .where('registry_id', '=', registryId)
    .where('institute_id', '=', instituteId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Form types per registry, a member of the dashboard's counts (registries.service.ts). */
export function formTypeCountsQuery(db: Kysely<Database>, registryIds: readonly string[]) {
  return db.selectFrom('form_types').select(['registry_id', sql<number>`count(*)`.as('n')]).where('registry_id', 'in', registryIds).groupBy('registry_id');
}
