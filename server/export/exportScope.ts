// What a user may export (the export form's choices) and the narrowing of a request to it. Only
// grants that are not limited to a physician count: an investigator's implicit read of their own
// patients' forms does not make a data set for export (docs/decisions.md "Durable jobs and the
// data export"). The admin may export everything.
import type { Kysely } from 'kysely';
import { grantScopes, isAdmin, scopeMatches, type PermissionScope, type PermissionSubject, type PermissionTarget } from '../../src/domain/permissions';
import { buildFieldIndex } from '../../src/domain/forms/fieldIndex';
import { loadDescriptor } from '../../src/domain/forms/loader';
import type { Database } from '../db/database';
import type { Locale } from '../i18n/locale';
import { localizedName } from '../institutes/institutes.repository';

export interface ExportField {
  id: string;
  label: string;
}

export interface ExportableFormType {
  id: string;
  registryId: string;
  name: string;
  fields: ExportField[];
}

export interface ExportOptions {
  registries: { id: string; name: string }[];
  institutes: { id: string; name: string; registryIds: string[] }[];
  formTypes: ExportableFormType[];
  /** The user holds personal_data_access somewhere they may export (the server checks each choice). */
  personalDataAllowed: boolean;
}

export interface ExportGrants {
  read: PermissionScope[];
  personal: PermissionScope[];
}

const unlimited = (scopes: PermissionScope[]): PermissionScope[] => scopes.filter((scope) => scope.physicianId === undefined);

export function exportGrants(subject: PermissionSubject): ExportGrants {
  return { read: unlimited(grantScopes(subject, 'frm_read').scopes), personal: unlimited(grantScopes(subject, 'personal_data_access').scopes) };
}

export const permitted = (scopes: readonly PermissionScope[], target: PermissionTarget): boolean => scopes.some((scope) => scopeMatches(scope, target));

/** Field ids and labels of the form type's latest descriptor, header fields first. */
async function fieldsOf(db: Kysely<Database>, formTypeId: number, version: number, locale: Locale): Promise<ExportField[]> {
  const rows = await db.selectFrom('form_descriptors').select(['locale', 'document']).where('form_type_id', '=', formTypeId).where('version', '=', version).execute();
  const row = rows.find((r) => r.locale === locale) ?? rows[0];
  if (!row) return [];
  const loaded = loadDescriptor(JSON.parse(row.document));
  if (!loaded.ok) return [];
  const { labels } = loaded.descriptor;
  return buildFieldIndex(loaded.descriptor).ordered.map(({ field }) => ({ id: field.id, label: labels[field.label ?? field.id] ?? field.id }));
}

/** Every registry, institute and form type the subject may export, with the fields for the picker. */
export async function exportOptions(db: Kysely<Database>, subject: PermissionSubject, locale: Locale, withFields = true): Promise<ExportOptions> {
  const grants = exportGrants(subject);
  const all = isAdmin(subject);
  const registryRows = await db.selectFrom('registries').select(['id', 'name_hu', 'name_en']).orderBy('short_name').execute();
  const registries = registryRows.filter((r) => all || permitted(grants.read, { registryId: r.id }));
  const registryIds = registries.map((r) => r.id);
  if (registryIds.length === 0) return { registries: [], institutes: [], formTypes: [], personalDataAllowed: false };

  const links = await db
    .selectFrom('registry_institutes')
    .innerJoin('institutes', 'institutes.id', 'registry_institutes.institute_id')
    .select(['institutes.id', 'institutes.name', 'institutes.name_hu', 'institutes.name_en', 'registry_institutes.registry_id'])
    .where('registry_institutes.registry_id', 'in', registryIds)
    .orderBy('institutes.short_name')
    .execute();
  const institutes = new Map<string, ExportOptions['institutes'][number]>();
  for (const link of links) {
    if (!all && !permitted(grants.read, { registryId: link.registry_id, instituteId: link.id })) continue;
    const entry = institutes.get(link.id) ?? { id: link.id, name: localizedName({ name: link.name, nameHu: link.name_hu, nameEn: link.name_en }, locale), registryIds: [] };
    entry.registryIds.push(link.registry_id);
    institutes.set(link.id, entry);
  }

  const typeRows = await db
    .selectFrom('form_types')
    .select(['id', 'registry_id', 'name_hu', 'name_en', 'last_version'])
    .where('registry_id', 'in', registryIds)
    .orderBy('registry_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const formTypes: ExportableFormType[] = [];
  for (const row of typeRows) {
    if (!all && !permitted(grants.read, { registryId: row.registry_id, formTypeId: row.id })) continue;
    formTypes.push({
      id: String(row.id),
      registryId: row.registry_id,
      name: locale === 'hu' ? row.name_hu : row.name_en,
      fields: withFields ? await fieldsOf(db, row.id, row.last_version, locale) : [],
    });
  }
  return {
    registries: registries.map((r) => ({ id: r.id, name: locale === 'hu' ? r.name_hu : r.name_en })),
    institutes: [...institutes.values()],
    formTypes,
    personalDataAllowed: all || grants.personal.some((scope) => registryIds.some((registryId) => scopeMatches(scope, { registryId }))),
  };
}
