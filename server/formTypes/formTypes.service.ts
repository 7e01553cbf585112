// Rules for form-type reads: a form type is visible with reg_access in its registry (an entry may
// be limited to form types); descriptors by version and locale. Form-start data: formStartData.ts.
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { can, grantScopes, type PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { ApiError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { noViewPermission } from '../permissions/permissionErrors';
import { scopeCondition } from '../permissions/scopeSql';
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
