// POST /data-export's checks, in order: the domain rules (names, password policy, limits), then
// the choices against what the user may export, then the field filter against the chosen form
// types. Any problem is one 400 naming the parameters, before a job row exists. Empty lists mean
// "everything I may export" and come back as explicit ids, so the file writers trust them.
import type { Kysely } from 'kysely';
import type { ExportParameters, StoredExportParameters } from '../../src/domain/export/exportParameters';
import { validateExportParameters } from '../../src/domain/export/exportValidation';
import { isAdmin, type PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { validationError, type FieldError } from '../errors/apiError';
import { exportGrants, exportOptions, permitted, type ExportOptions } from './exportScope';

interface Choice {
  registryId: string;
  instituteId: string;
  formTypeId: string;
}

/** Every (registry, institute, form type) the export would read: institutes and form types of each registry. */
function combinations(options: ExportOptions, registryIds: string[], instituteIds: string[], formTypeIds: string[]): Choice[] {
  const choices: Choice[] = [];
  for (const registryId of registryIds) {
    const institutes = options.institutes.filter((i) => instituteIds.includes(i.id) && i.registryIds.includes(registryId));
    const types = options.formTypes.filter((t) => formTypeIds.includes(t.id) && t.registryId === registryId);
    for (const institute of institutes) for (const type of types) choices.push({ registryId, instituteId: institute.id, formTypeId: type.id });
  }
  return choices;
}

const notExportable = (path: string, ids: string[]): FieldError => ({ path, key: 'api.notExportable', context: { ids: ids.join(', ') } });

function unknownOf(wanted: string[], known: string[]): string[] {
  return wanted.filter((id) => !known.includes(id));
}

/** The request narrowed to what the subject may export; throws a 400 naming every bad parameter. */
export async function narrowExportRequest(db: Kysely<Database>, subject: PermissionSubject, body: ExportParameters): Promise<StoredExportParameters> {
  const problems: FieldError[] = validateExportParameters(body);
  if (problems.length > 0) throw validationError(problems);

  const options = await exportOptions(db, subject, body.locale);
  const unique = (ids: string[]): string[] => [...new Set(ids)];
  const registryIds = body.registryIds.length > 0 ? unique(body.registryIds) : options.registries.map((r) => r.id);
  const badRegistries = unknownOf(registryIds, options.registries.map((r) => r.id));
  if (badRegistries.length > 0 || registryIds.length === 0) problems.push(notExportable('registryIds', badRegistries));

  const institutesInScope = options.institutes.filter((i) => i.registryIds.some((id) => registryIds.includes(id))).map((i) => i.id);
  const instituteIds = body.instituteIds.length > 0 ? unique(body.instituteIds) : institutesInScope;
  const badInstitutes = unknownOf(instituteIds, institutesInScope);
  if (badInstitutes.length > 0) problems.push(notExportable('instituteIds', badInstitutes));

  const typesInScope = options.formTypes.filter((t) => registryIds.includes(t.registryId));
  const formTypeIds = body.formTypeIds.length > 0 ? unique(body.formTypeIds) : typesInScope.map((t) => t.id);
  const badTypes = unknownOf(formTypeIds, typesInScope.map((t) => t.id));
  if (badTypes.length > 0) problems.push(notExportable('formTypeIds', badTypes));
  if (problems.length > 0) throw validationError(problems);

  // Each list may be allowed on its own and still meet a pair the user may not read (an entry for
  // one institute in one registry only): every combination must be readable.
  const admin = isAdmin(subject);
  const grants = exportGrants(subject);
  const choices = combinations(options, registryIds, instituteIds, formTypeIds);
  const refused = admin ? [] : choices.filter((c) => !permitted(grants.read, { registryId: c.registryId, instituteId: c.instituteId, formTypeId: Number(c.formTypeId) }));
  if (refused.length > 0) throw validationError([notExportable('instituteIds', unique(refused.map((c) => c.instituteId)))]);
  if (body.includePersonalData && !admin) {
    const hidden = choices.filter((c) => !permitted(grants.personal, { registryId: c.registryId, instituteId: c.instituteId, formTypeId: Number(c.formTypeId) }));
    if (hidden.length > 0 || choices.length === 0) throw validationError([{ path: 'includePersonalData', key: 'api.personalDataNotAllowed', context: {} }]);
  }

  const fieldIds = new Set(options.formTypes.filter((t) => formTypeIds.includes(t.id)).flatMap((t) => t.fields.map((f) => f.id)));
  const fieldFilters = unique(body.fieldFilters.map((id) => id.trim()).filter((id) => id !== ''));
  const unknownFields = fieldFilters.filter((id) => !fieldIds.has(id));
  if (unknownFields.length > 0) throw validationError([{ path: 'fieldFilters', key: 'api.unknownExportField', context: { ids: unknownFields.join(', ') } }]);

  const { password: _password, ...rest } = body;
  return { ...rest, fileName: body.fileName.trim(), registryIds, instituteIds, formTypeIds, fieldFilters };
}
