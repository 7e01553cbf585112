// What an export needs to know besides the rows: the form types with their descriptors in the
// chosen locale (every stored version, newest first, so older forms' fields still have a column),
// and the registries' and institutes' names and time zones.
import type { Kysely } from 'kysely';
import type { ExportParameters } from '../../src/domain/export/exportParameters';
import { fieldIndexOf, FIELD_TYPES, type FieldDescriptor, type FormDescriptor } from '../../src/domain/forms';
import type { Database } from '../db/database';

export interface ExportField {
  id: string;
  label: string;
  field: FieldDescriptor;
  /** The descriptor the field (and its options) came from. */
  descriptor: FormDescriptor;
  personal: boolean;
}

export interface ExportFormType {
  id: number;
  registryId: string;
  displayId: string;
  name: string;
  shortName: string;
  /** Value-holding fields in descriptor order, newest version first, then fields only older versions have. */
  fields: ExportField[];
  versions: number[];
}

export interface ExportCatalog {
  formTypes: ExportFormType[];
  registries: Map<string, { shortName: string; name: string }>;
  institutes: Map<string, { shortName: string; name: string; timeZone: string }>;
}

/** Containers and texts shown on the form hold no value of their own. */
const NO_VALUE: ReadonlySet<string> = new Set([FIELD_TYPES.staticText, FIELD_TYPES.dependentGroup]);

function valueFields(descriptor: FormDescriptor): ExportField[] {
  const personal = new Set(descriptor.personalDataFields ?? []);
  return fieldIndexOf(descriptor)
    .ordered.filter((info) => !NO_VALUE.has(info.field.type) && info.multiField === null)
    .map((info) => ({
      id: info.field.id,
      label: descriptor.labels[info.field.label ?? info.field.id] ?? info.field.id,
      field: info.field,
      descriptor,
      // The patient header field shows the patient's name.
      personal: personal.has(info.field.id) || info.role === 'patient',
    }));
}

function chooseFields(fields: ExportField[], parameters: ExportParameters): ExportField[] {
  const wanted = new Set(parameters.fieldFilters);
  const chosen = fields.filter((f) => (wanted.size === 0 || wanted.has(f.id)) && (parameters.includePersonalData || !f.personal));
  return parameters.ordering === 'alphabetical' ? [...chosen].sort((a, b) => a.id.localeCompare(b.id, 'en')) : chosen;
}

export async function loadCatalog(db: Kysely<Database>, parameters: ExportParameters): Promise<ExportCatalog> {
  const registryIds = parameters.registryIds.length > 0 ? parameters.registryIds : ['-'];
  // Sheets follow registries by short name, then the registry's own order of form types.
  let typeQuery = db
    .selectFrom('form_types')
    .innerJoin('registries', 'registries.id', 'form_types.registry_id')
    .selectAll('form_types')
    .where('form_types.registry_id', 'in', registryIds);
  if (parameters.formTypeIds.length > 0) typeQuery = typeQuery.where('form_types.id', 'in', parameters.formTypeIds.map(Number));
  const typeRows = await typeQuery.orderBy('registries.short_name').orderBy('form_types.position').orderBy('form_types.id').execute();
  const formTypes: ExportFormType[] = [];
  for (const row of typeRows) {
    const documents = await db
      .selectFrom('form_descriptors')
      .select(['version', 'locale', 'document'])
      .where('form_type_id', '=', row.id)
      .orderBy('version', 'desc')
      .execute();
    const versions = [...new Set(documents.map((d) => Number(d.version)))];
    const fields = new Map<string, ExportField>();
    for (const version of versions) {
      const ofVersion = documents.filter((d) => Number(d.version) === version);
      const document = ofVersion.find((d) => d.locale === parameters.locale) ?? ofVersion[0];
      for (const field of valueFields(JSON.parse(document.document) as FormDescriptor)) if (!fields.has(field.id)) fields.set(field.id, field);
    }
    formTypes.push({
      id: Number(row.id),
      registryId: row.registry_id,
      displayId: row.display_id,
      name: parameters.locale === 'hu' ? row.name_hu : row.name_en,
      shortName: row.short_name,
      fields: chooseFields([...fields.values()], parameters),
      versions,
    });
  }
  const registries = new Map(
    (await db.selectFrom('registries').select(['id', 'short_name', 'name_hu', 'name_en']).where('id', 'in', registryIds).execute()).map((r) => [
      r.id,
      { shortName: r.short_name, name: parameters.locale === 'hu' ? r.name_hu : r.name_en },
    ]),
  );
  const institutes = new Map(
    (await db.selectFrom('institutes').select(['id', 'short_name', 'name', 'name_hu', 'name_en', 'time_zone']).execute()).map((i) => [
      i.id,
      { shortName: i.short_name, name: (parameters.locale === 'hu' ? i.name_hu : i.name_en) ?? i.name, timeZone: i.time_zone },
    ]),
  );
  return { formTypes, registries, institutes };
}
