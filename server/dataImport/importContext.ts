// What both steps of an import need before the first row: the form type version's descriptors (in
// every locale, so choices read by label in each), the importer as the permission function sees
// them and as the record names them, and the import's parse options.
import type { Kysely } from 'kysely';
import { loadDescriptorOrThrow, type FormDescriptor, type FormLocale } from '../../src/domain/forms';
import type { ImportOptions } from '../../src/domain/import';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { Database, ImportJobsTable } from '../db/database';
import type { Actor } from '../forms/history';
import { findDescriptorDocument } from '../formTypes/formTypes.repository';
import { JobFailure } from '../jobs/jobQueue';
import { findEntriesOf, findGroupIds } from '../permissions/accessEntries.repository';
import { findAuthUser } from '../users/users.repository';

export interface ImportFormType {
  id: number;
  displayId: string;
  name: string;
  behaviorType: 'attendance_start' | 'any';
  /** In every locale: how the export names its sheet. */
  names: string[];
}

export interface ImportContext {
  job: ImportJobsTable;
  registryId: string;
  formType: ImportFormType;
  version: number;
  descriptor: FormDescriptor;
  options: ImportOptions;
  subject: PermissionSubject;
  actor: Actor;
}

const LOCALES: FormLocale[] = ['hu', 'en'];

async function descriptorsOf(db: Kysely<Database>, formTypeId: number, version: number, first: FormLocale): Promise<FormDescriptor[]> {
  const found: FormDescriptor[] = [];
  for (const locale of [first, ...LOCALES.filter((l) => l !== first)]) {
    const document = await findDescriptorDocument(db, formTypeId, version, locale);
    if (document) found.push(loadDescriptorOrThrow(document));
  }
  return found;
}

export async function loadImportContext(db: Kysely<Database>, job: ImportJobsTable): Promise<ImportContext> {
  if (job.requester_id === null) throw new JobFailure('requester_missing', 'The importer no longer exists');
  const user = await findAuthUser(db, job.requester_id);
  if (!user) throw new JobFailure('requester_missing', 'The importer no longer exists');
  const formType = await db.selectFrom('form_types').selectAll().where('id', '=', Number(job.form_type_id)).executeTakeFirst();
  const locale: FormLocale = job.locale === 'en' ? 'en' : 'hu';
  const [descriptor, ...otherLocales] = formType ? await descriptorsOf(db, formType.id, Number(job.form_type_version), locale) : [];
  if (!formType || !descriptor) throw new JobFailure('form_type_missing', 'The form type version no longer exists');
  const groupIds = await findGroupIds(db, user.id);
  const subject: PermissionSubject = { userId: user.id, roles: user.roles, groupIds, entries: await findEntriesOf(db, user.id, groupIds) };
  const today = (): string => new Date().toISOString().slice(0, 10);
  return {
    job,
    registryId: job.registry_id,
    formType: { id: formType.id, displayId: formType.display_id, name: locale === 'en' ? formType.name_en : formType.name_hu, behaviorType: formType.behavior_type, names: [formType.name_hu, formType.name_en] },
    version: Number(job.form_type_version),
    descriptor,
    options: { locale, otherLocales, today },
    subject,
    actor: { userId: user.id, userName: user.name, onBehalfOf: null, onBehalfOfId: null },
  };
}
