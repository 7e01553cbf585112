// Form-start data (docs/api-clinical.md): what the header of a form starts with. One builder serves
// a new form at an institute (here), a new form in an attendance period and an existing form
// (server/forms/formStartViews.ts), so the three answers cannot drift apart.
import type { Kysely } from 'kysely';
import { can, codesAt, PERMISSION_CODES, type PermissionSubject, type PermissionTarget } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import type { Locale } from '../i18n/locale';
import { ALL_PHYSICIANS, listAccessiblePhysicians } from '../institutes/accessiblePhysicians';
import { findInstitute, type Institute } from '../institutes/institutes.repository';
import { instituteNotFound } from '../institutes/institutes.service';
import { instituteNotInRegistry, noViewPermission } from '../permissions/permissionErrors';
import { registryTakesPart } from '../registries/registries.repository';
import type { FormType } from './formTypes.repository';
import { descriptorLocale, descriptorOrThrow, visibleFormTypeOrThrow } from './formTypes.service';

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
  /** Header (commonDataFields) values by field id. */
  headerValues: Record<string, string | null>;
  startDatetimeFieldId: string | null;
  endDatetimeFieldId: string | null;
  patientNameFieldId: string | null;
  /** What the caller may do with forms of this type there. */
  permissions: string[];
}

export interface HeaderField {
  id: string;
  role?: string;
}

const FORM_CODES = Object.values(PERMISSION_CODES);

/** The header fields of a stored descriptor document. */
export function headerFields(document: Record<string, unknown>): HeaderField[] {
  const fields = document.commonDataFields;
  return Array.isArray(fields) ? fields.filter((f): f is HeaderField => typeof f?.id === 'string') : [];
}

export interface StartDataInput {
  formType: FormType;
  institute: Institute;
  descriptorVersion: number;
  locale: Locale;
  /** The physician of the attendance or form; without one the default is picked from the list. */
  physicianId?: string;
  /** Whose codes `permissions` lists. */
  target: PermissionTarget;
  /** A header field's value; undefined leaves the field out. */
  header: (field: HeaderField, defaultPhysicianId: string | null) => string | null | undefined;
}

/** The answer, and the descriptor's header fields (the callers label them by role). */
export async function buildStartData(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  input: StartDataInput,
): Promise<{ data: FormStartData; fields: HeaderField[] }> {
  const { formType, institute } = input;
  const recording = { registryId: formType.registryId, formTypeId: formType.id, instituteId: institute.id };
  const doctors = await listAccessiblePhysicians(db, dialect, subject, recording, ALL_PHYSICIANS);
  const physicians = doctors.items.map(({ id, name, displayId }) => ({ id, name, displayId }));
  // The caller when a physician there, else the only one the caller may record for.
  const defaultPhysicianId = input.physicianId ?? physicians.find((p) => p.id === subject.userId)?.id ?? (physicians.length === 1 ? physicians[0].id : null);
  const document = await descriptorOrThrow(db, formType, input.descriptorVersion, input.locale);
  const fields = headerFields(document);
  const headerValues: Record<string, string | null> = {};
  for (const field of fields) {
    const value = input.header(field, defaultPhysicianId);
    if (value !== undefined) headerValues[field.id] = value;
  }
  const data: FormStartData = {
    formTypeId: formType.id,
    formTypeDisplayId: formType.displayId,
    registryId: formType.registryId,
    behaviorType: formType.behaviorType,
    descriptorVersion: input.descriptorVersion,
    locale: descriptorLocale(formType, input.locale),
    institute: { id: institute.id, name: institute.name, shortName: institute.shortName, timeZone: institute.timeZone },
    physicians,
    defaultPhysicianId,
    headerValues,
    startDatetimeFieldId: formType.startDatetimeFieldId,
    endDatetimeFieldId: formType.endDatetimeFieldId,
    patientNameFieldId: formType.patientNameFieldId,
    permissions: codesAt(subject, input.target, FORM_CODES),
  };
  return { data, fields };
}

/** A new form of a type at an institute: needs frm_create there. */
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
  const { data } = await buildStartData(db, dialect, subject, {
    formType,
    institute,
    descriptorVersion: formType.lastVersion,
    locale,
    target,
    header: (field, physicianId) => {
      if (field.role === 'physician') return physicianId;
      if (field.role === 'institute') return instituteId;
      // No patient or time yet; other header fields are left to the form.
      return field.role === 'startDatetime' || field.role === 'endDatetime' || field.role === 'patient' ? null : undefined;
    },
  });
  return data;
}
