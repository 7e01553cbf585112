// Rules for form-type reads: a form type is visible with reg_access in its registry (an entry may
// be limited to form types); descriptors by version and locale; what a new form starts with.
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { can, codesAt, grantScopes, PERMISSION_CODES, type PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { ApiError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { findInstitute, listPhysicians } from '../institutes/institutes.repository';
import { instituteNotFound } from '../institutes/institutes.service';
import type { DatabaseDialect } from '../config';
import { instituteNotInRegistry, noViewPermission } from '../permissions/permissionErrors';
import { scopeCondition } from '../permissions/scopeSql';
import { registryTakesPart } from '../registries/registries.repository';
import { findDescriptorDocument, findFormType, type FormType } from './formTypes.repository';

export const formTypeNotFound = (): ApiError =>
  new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.formTypes.notFound' });
export const descriptorNotFound = (): ApiError =>
  new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.formTypes.descriptorNotFound' });

export function visibleFormTypesSql(subject: PermissionSubject): RawBuilder<SqlBool> {
  return scopeCondition(grantScopes(subject, 'reg_access'), { registryId: 'form_types.registry_id', formTypeId: 'form_types.id' });
}

export async function visibleFormTypeOrThrow(db: Kysely<Database>, subject: PermissionSubject, id: number, locale: Locale): Promise<FormType> {
  const formType = await findFormType(db, id, locale);
  if (!formType) throw formTypeNotFound();
  if (!can(subject, 'reg_access', { registryId: formType.registryId, formTypeId: formType.id })) throw noViewPermission();
  return formType;
}

/** The locale asked for when the form type has it, else its first one. */
export function descriptorLocale(formType: FormType, wanted: Locale): Locale {
  return formType.locales.includes(wanted) ? wanted : (formType.locales[0] ?? wanted);
}

export async function descriptorOrThrow(
  db: Kysely<Database>,
  formType: FormType,
  version: number | 'latest',
  wanted: Locale,
): Promise<Record<string, unknown>> {
  const number = version === 'latest' ? formType.lastVersion : version;
  const document = await findDescriptorDocument(db, formType.id, number, descriptorLocale(formType, wanted));
  if (!document) throw descriptorNotFound();
  return document;
}

export interface FormStartData {
  formTypeId: number;
  formTypeDisplayId: string;
  registryId: string;
  behaviorType: FormType['behaviorType'];
  descriptorVersion: number;
  locale: Locale;
  institute: { id: string; name: string; shortName: string; timeZone: string };
  physicians: { id: string; name: string; displayId: string | null }[];
  defaultPhysicianId: string | null;
  /** Header (commonDataFields) values a new form starts with, by field id. */
  headerValues: Record<string, string | null>;
  startDatetimeFieldId: string | null;
  endDatetimeFieldId: string | null;
  patientNameFieldId: string | null;
  /** What the caller may do with forms of this type at this institute. */
  permissions: string[];
}

const FORM_CODES = Object.values(PERMISSION_CODES);

function headerFields(document: Record<string, unknown>): { id: string; role?: string }[] {
  const fields = document.commonDataFields;
  return Array.isArray(fields) ? fields.filter((f): f is { id: string; role?: string } => typeof f?.id === 'string') : [];
}

export async function formStartData(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  instituteId: string,
  formTypeId: number,
  locale: Locale,
): Promise<FormStartData> {
  const institute = await findInstitute(db, instituteId, locale);
  if (!institute) throw instituteNotFound();
  const formType = await visibleFormTypeOrThrow(db, subject, formTypeId, locale);
  if (!(await registryTakesPart(db, formType.registryId, instituteId))) throw instituteNotInRegistry();
  const target = { registryId: formType.registryId, formTypeId: formType.id, instituteId };
  if (!can(subject, 'frm_create', target)) throw noViewPermission();

  const doctors = await listPhysicians(db, dialect, instituteId, { offset: 0, limit: 1000, filter: [], sort: [], statistics: false });
  // Only physicians the caller may record forms for (an entry may be limited to one physician).
  const physicians = doctors.items
    .filter((doctor) => can(subject, 'frm_create', { ...target, physicianId: doctor.id }))
    .map((doctor) => ({ id: doctor.id, name: doctor.name, displayId: doctor.displayId }));
  const defaultPhysicianId = physicians.find((p) => p.id === subject.userId)?.id ?? (physicians.length === 1 ? physicians[0].id : null);

  const descriptorLocaleUsed = descriptorLocale(formType, locale);
  const document = await descriptorOrThrow(db, formType, 'latest', locale);
  const headerValues: Record<string, string | null> = {};
  for (const field of headerFields(document)) {
    if (field.role === 'physician') headerValues[field.id] = defaultPhysicianId;
    else if (field.role === 'institute') headerValues[field.id] = instituteId;
    else if (field.role === 'startDatetime' || field.role === 'endDatetime' || field.role === 'patient') headerValues[field.id] = null;
  }
  return {
    formTypeId: formType.id,
    formTypeDisplayId: formType.displayId,
    registryId: formType.registryId,
    behaviorType: formType.behaviorType,
    descriptorVersion: formType.lastVersion,
    locale: descriptorLocaleUsed,
    institute: { id: institute.id, name: institute.name, shortName: institute.shortName, timeZone: institute.timeZone },
    physicians,
    defaultPhysicianId,
    headerValues,
    startDatetimeFieldId: formType.startDatetimeFieldId,
    endDatetimeFieldId: formType.endDatetimeFieldId,
    patientNameFieldId: formType.patientNameFieldId,
    permissions: codesAt(subject, target, FORM_CODES),
  };
}
