// New descriptor versions of a form type: the domain loader checks every document before anything
// is written, the server owns the identity fields, and the form type's lastVersion moves on, so
// new forms use the new version while existing forms keep the one stored with them.
import type { Kysely } from 'kysely';
import { loadDescriptor } from '../../src/domain/forms';
import type { Database } from '../db/database';
import { ApiError, type FieldError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { nowIso } from '../util/time';
import { logEvent } from '../appLog/appLog.repository';
import { actorLogFields, type Actor } from '../forms/history';
import { findDescriptorDocument, type FormType } from './formTypes.repository';

export interface DescriptorVersion {
  version: number;
  locales: Locale[];
  createdAt: string;
}

type Json = Record<string, unknown>;

export const descriptorInvalid = (errors: FieldError[]): ApiError =>
  new ApiError({ statusCode: 400, code: 'invalid_descriptor', messageId: 'server.formTypes.descriptorInvalid', values: { details: errors.slice(0, 5).map((e) => `${e.path}: ${String(e.context.message)}`).join('; ') }, errors });

const versionConflict = (): ApiError => new ApiError({ statusCode: 409, code: 'version_conflict', messageId: 'server.formTypes.versionConflict' });

export async function listDescriptorVersions(db: Kysely<Database>, formTypeId: number): Promise<DescriptorVersion[]> {
  const rows = await db.selectFrom('form_descriptors').select(['version', 'locale', 'created_at']).where('form_type_id', '=', formTypeId).orderBy('version', 'desc').orderBy('locale').execute();
  const versions = new Map<number, DescriptorVersion>();
  for (const row of rows) {
    const version = Number(row.version);
    const entry = versions.get(version) ?? { version, locales: [], createdAt: String(row.created_at) };
    entry.locales.push(row.locale);
    versions.set(version, entry);
  }
  return [...versions.values()];
}

/** The header of the form type's latest version, so that an import keeps the type's patient, physician and date fields. */
export async function latestHeader(db: Kysely<Database>, formType: FormType): Promise<{ fields: Json[]; labels: Record<string, string> } | undefined> {
  const document = await findDescriptorDocument(db, formType.id, formType.lastVersion, formType.locales[0] ?? 'hu');
  if (!document || !Array.isArray(document.commonDataFields)) return undefined;
  const fields = document.commonDataFields as Json[];
  const labels = (document.labels ?? {}) as Record<string, string>;
  const keys = fields.flatMap((f) => [String(f.id), ...(typeof f.label === 'string' ? [f.label] : []), ...(typeof f.help === 'string' ? [f.help] : [])]);
  return { fields, labels: Object.fromEntries(keys.filter((k) => k in labels).map((k) => [k, labels[k]])) };
}

/**
 * Checks the documents of a new version: each loads, its locale is one of the type's, and its header
 * still holds the fields the form type names (start, end, patient name). The identity fields are
 * set from the form type. A locale the upload lacks gets the first document (same labels).
 */
export function checkNewVersion(formType: FormType, uploaded: readonly unknown[], path = 'descriptors'): Json[] {
  const version = formType.lastVersion + 1;
  const errors: FieldError[] = [];
  const fail = (at: string, message: string): void => {
    errors.push({ path: at, key: 'descriptor.invalid', context: { message } });
  };
  const byLocale = new Map<Locale, Json>();
  uploaded.forEach((raw, i) => {
    const at = `${path}[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(at, 'must be an object');
    const locale = (raw as Json).locale as Locale;
    if (!formType.locales.includes(locale)) return fail(`${at}.locale`, `must be one of ${formType.locales.join(', ')}`);
    if (byLocale.has(locale)) return fail(`${at}.locale`, `repeats the locale ${locale}`);
    const document: Json = { ...(raw as Json), formTypeId: formType.id, version, displayId: formType.displayId, behaviorType: formType.behaviorType };
    const loaded = loadDescriptor(document);
    if (!loaded.ok) {
      for (const issue of loaded.errors) fail(issue.path === '' ? at : `${at}.${issue.path}`, issue.message);
      return;
    }
    const header = new Set(loaded.descriptor.commonDataFields.map((f) => f.id));
    for (const id of [formType.startDatetimeFieldId, formType.endDatetimeFieldId, formType.patientNameFieldId]) {
      if (id && !header.has(id)) fail(`${at}.commonDataFields`, `must hold the field "${id}" the form type names`);
    }
    byLocale.set(locale, document);
  });
  if (errors.length > 0) throw descriptorInvalid(errors);
  const first = byLocale.values().next().value as Json;
  return formType.locales.map((locale) => byLocale.get(locale) ?? { ...first, locale });
}

/** Who stores a version and how, for the application log's `formType.versionAdded` event. */
export interface VersionAuthor {
  actor: Actor;
  reqId: string;
  source: 'descriptor' | 'redcap';
}

/** Stores checked documents as lastVersion + 1; a concurrent upload of the same version gets 409. */
export async function storeNewVersion(db: Kysely<Database>, formType: FormType, documents: readonly Json[], author: VersionAuthor): Promise<number> {
  const version = formType.lastVersion + 1;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('form_types')
      .set({ last_version: version, updated_at: now })
      .where('id', '=', formType.id)
      .where('last_version', '=', formType.lastVersion)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw versionConflict();
    for (const document of documents) {
      await trx
        .insertInto('form_descriptors')
        .values({ form_type_id: formType.id, version, locale: document.locale as Locale, document: JSON.stringify(document), created_at: now })
        .execute();
    }
    await logEvent(trx, {
      event: 'formType.versionAdded',
      message: `${formType.displayId} version ${version} (${author.source})`,
      targetType: 'formType',
      targetId: String(formType.id),
      targetName: formType.displayId,
      data: { version, source: author.source, locales: documents.map((d) => d.locale) },
      ...actorLogFields(author.actor),
      reqId: author.reqId,
    });
  });
  return version;
}
