// SQL for form types, their external fields and their versioned descriptors.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database, FormTypeRow } from '../db/database';
import type { Locale } from '../i18n/locale';
import { fetchList, type ListFieldMap } from '../lists/listQuery';

export interface ExternalField {
  sourceDisplayId: string;
  sourceField: string;
  targetField: string;
}

export interface FormType {
  id: number;
  registryId: string;
  displayId: string;
  /** In the reader's language. */
  name: string;
  nameHu: string;
  nameEn: string;
  shortName: string;
  locales: Locale[];
  behaviorType: 'attendance_start' | 'any';
  startDatetimeFieldId: string | null;
  endDatetimeFieldId: string | null;
  patientNameFieldId: string | null;
  lastVersion: number;
  externalFields: ExternalField[];
  createdAt: string;
  updatedAt: string;
}

export function formTypeFields(locale: Locale): ListFieldMap {
  return {
    name: { column: sql.ref(locale === 'en' ? 'form_types.name_en' : 'form_types.name_hu'), type: 'text' },
    shortName: { column: 'form_types.short_name', type: 'text' },
    displayId: { column: 'form_types.display_id', type: 'text' },
    behaviorType: { column: 'form_types.behavior_type', type: 'text' },
    lastVersion: { column: 'form_types.last_version', type: 'integer' },
    position: { column: 'form_types.position', type: 'integer' },
    createdAt: { column: 'form_types.created_at', type: 'date' },
    updatedAt: { column: 'form_types.updated_at', type: 'date' },
  };
}

export const EXTERNAL_FIELD_FIELDS: ListFieldMap = {
  sourceDisplayId: { column: 'form_type_external_fields.source_display_id', type: 'text' },
  sourceField: { column: 'form_type_external_fields.source_field', type: 'text' },
  targetField: { column: 'form_type_external_fields.target_field', type: 'text' },
  position: { column: 'form_type_external_fields.position', type: 'integer' },
};

function parseLocales(text: string): Locale[] {
  return text.split(',').filter((l): l is Locale => l === 'hu' || l === 'en');
}

async function withExternalFields(db: Kysely<Database>, rows: FormTypeRow[], locale: Locale): Promise<FormType[]> {
  if (rows.length === 0) return [];
  const external = await db
    .selectFrom('form_type_external_fields')
    .selectAll()
    .where('form_type_id', 'in', rows.map((row) => row.id))
    .orderBy('form_type_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    registryId: row.registry_id,
    displayId: row.display_id,
    name: locale === 'en' ? row.name_en : row.name_hu,
    nameHu: row.name_hu,
    nameEn: row.name_en,
    shortName: row.short_name,
    locales: parseLocales(row.locales),
    behaviorType: row.behavior_type,
    startDatetimeFieldId: row.start_datetime_field_id,
    endDatetimeFieldId: row.end_datetime_field_id,
    patientNameFieldId: row.patient_name_field_id,
    lastVersion: Number(row.last_version),
    externalFields: external
      .filter((e) => Number(e.form_type_id) === Number(row.id))
      .map((e) => ({ sourceDisplayId: e.source_display_id, sourceField: e.source_field, targetField: e.target_field })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

export async function findFormType(db: Kysely<Database>, id: number, locale: Locale): Promise<FormType | null> {
  const row = await db.selectFrom('form_types').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? ((await withExternalFields(db, [row], locale))[0] ?? null) : null;
}

export async function listFormTypes(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  locale: Locale,
  query: ListQuery,
  where: { registryId?: string; behaviorType?: 'attendance_start' | 'any'; visible: Expression<SqlBool> },
): Promise<{ items: FormType[]; total?: number }> {
  let base = db.selectFrom('form_types').selectAll('form_types').where(where.visible);
  if (where.registryId !== undefined) base = base.where('form_types.registry_id', '=', where.registryId);
  if (where.behaviorType !== undefined) base = base.where('form_types.behavior_type', '=', where.behaviorType);
  const { rows, total } = await fetchList(base, query, {
    fields: formTypeFields(locale),
    dialect,
    tieBreaker: 'form_types.id',
    defaultSort: [{ field: 'position', direction: 'asc' }],
  });
  return { items: await withExternalFields(db, rows, locale), total };
}

/** Form types of several registries (verbose registry reads), in their display order. */
export async function formTypesOfRegistries(
  db: Kysely<Database>,
  registryIds: readonly string[],
  locale: Locale,
  visible: Expression<SqlBool>,
): Promise<FormType[]> {
  if (registryIds.length === 0) return [];
  const rows = await db
    .selectFrom('form_types')
    .selectAll('form_types')
    .where('registry_id', 'in', registryIds)
    .where(visible)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return withExternalFields(db, rows, locale);
}

export async function listExternalFields(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  formTypeId: number,
  query: ListQuery,
): Promise<{ items: ExternalField[]; total?: number }> {
  const base = db.selectFrom('form_type_external_fields').selectAll().where('form_type_id', '=', formTypeId);
  const { rows, total } = await fetchList(base, query, {
    fields: EXTERNAL_FIELD_FIELDS,
    dialect,
    tieBreaker: 'form_type_external_fields.id',
    defaultSort: [{ field: 'position', direction: 'asc' }],
  });
  return { items: rows.map((e) => ({ sourceDisplayId: e.source_display_id, sourceField: e.source_field, targetField: e.target_field })), total };
}

/** The stored descriptor JSON of one version in one locale, parsed. */
export async function findDescriptorDocument(
  db: Kysely<Database>,
  formTypeId: number,
  version: number,
  locale: Locale,
): Promise<Record<string, unknown> | null> {
  const row = await db
    .selectFrom('form_descriptors')
    .select('document')
    .where('form_type_id', '=', formTypeId)
    .where('version', '=', version)
    .where('locale', '=', locale)
    .executeTakeFirst();
  return row ? (JSON.parse(row.document) as Record<string, unknown>) : null;
}
