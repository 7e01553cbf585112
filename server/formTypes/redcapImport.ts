// A REDCap data dictionary as the next version of a form type: translated by the domain
// (src/domain/forms/redcap), checked like any uploaded version, and stored only on confirmation.
import type { Kysely } from 'kysely';
import { translateRedcapDictionary, type ReportEntry } from '../../src/domain/forms/redcap';
import type { Database } from '../db/database';
import { ApiError } from '../errors/apiError';
import type { FormType } from './formTypes.repository';
import { checkNewVersion, latestHeader, storeNewVersion, type VersionAuthor } from './formVersions';

export interface RedcapImportAnswer {
  version: number;
  saved: boolean;
  descriptor: Record<string, unknown>;
  report: ReportEntry[];
}

const notADictionary = (errors: { path: string; message: string }[]): ApiError =>
  new ApiError({
    statusCode: 400,
    code: 'invalid_dictionary',
    messageId: 'server.formTypes.dictionaryInvalid',
    values: { details: errors.map((e) => `${e.path}: ${e.message}`).join('; ') },
    errors: errors.map((e) => ({ path: e.path, key: 'descriptor.invalid', context: { message: e.message } })),
  });

export async function importRedcapVersion(
  db: Kysely<Database>,
  formType: FormType,
  csv: string,
  confirm: boolean,
  author: Omit<VersionAuthor, 'source'>,
): Promise<RedcapImportAnswer> {
  const version = formType.lastVersion + 1;
  const translated = translateRedcapDictionary(csv, {
    formTypeId: formType.id,
    version,
    locale: formType.locales[0] ?? 'hu',
    displayId: formType.displayId,
    behaviorType: formType.behaviorType,
    header: await latestHeader(db, formType),
  });
  if (!translated.ok) throw notADictionary(translated.errors);
  // The dictionary has one language: every locale of the type gets the same labels.
  const documents = checkNewVersion(formType, [translated.document], 'csv');
  if (confirm) await storeNewVersion(db, formType, documents, { ...author, source: 'redcap' });
  return { version, saved: confirm, descriptor: documents[0], report: translated.report };
}
