// The data import calls' rules: start (check the body, seal the password, queue validation),
// commit, cancel, the jobs list and one job with its report, clearing failed jobs. A job is its
// importer's; admins see everyone's. Anyone else gets 404, as if it did not exist.
import { randomUUID } from 'node:crypto';
import type { ImportError, ImportJob, ImportResults, NewImportJob } from '../../src/api/dataImport';
import type { ImportRowError } from '../../src/domain/import';
import { can, isAdmin, type PermissionSubject } from '../../src/domain/permissions';
import type { AuthUser } from '../auth/authUser';
import { ApiError, notFoundError, validationError, type FieldError } from '../errors/apiError';
import { translate } from '../i18n/catalogue';
import type { Locale } from '../i18n/locale';
import { deriveJobSecretKey, openJobSecret, sealJobSecret } from '../jobs/jobSecrets';
import type { ServerServices } from '../services';
import { nowIso } from '../util/time';
import { ownImportFile } from './importFiles';
import { IMPORT_JOB_KIND, type ImportStepParameters } from './importJob';
import { findImportJob, insertImportJob, listImportJobs, moveImportJob, stepProgress, deleteFailedImportJobs, type ImportJobRow } from './importJobs.repository';

async function namesOf(services: ServerServices, rows: ImportJobRow[], locale: Locale): Promise<{ registries: Map<string, string>; formTypes: Map<number, string> }> {
  const registryIds = [...new Set(rows.map((r) => r.registry_id))];
  const formTypeIds = [...new Set(rows.map((r) => Number(r.form_type_id)))];
  const registries = registryIds.length ? await services.db.selectFrom('registries').select(['id', 'name_hu', 'name_en']).where('id', 'in', registryIds).execute() : [];
  const formTypes = formTypeIds.length ? await services.db.selectFrom('form_types').select(['id', 'name_hu', 'name_en']).where('id', 'in', formTypeIds).execute() : [];
  const pick = (r: { name_hu: string; name_en: string }): string => (locale === 'en' ? r.name_en : r.name_hu);
  return { registries: new Map(registries.map((r) => [r.id, pick(r)])), formTypes: new Map(formTypes.map((t) => [Number(t.id), pick(t)])) };
}

function errorsOf(row: ImportJobRow, locale: Locale): ImportError[] {
  const stored = JSON.parse(row.errors ?? '[]') as ImportRowError[];
  return stored.map((e) => {
    const params = Object.fromEntries(Object.entries(e.context ?? {}).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]));
    return { row: e.row, column: e.column || null, value: e.value ?? null, messageId: e.messageId, params, message: translate(locale, e.messageId, e.context) };
  });
}

async function viewsOf(services: ServerServices, rows: ImportJobRow[], locale: Locale, withErrors: boolean): Promise<ImportJob[]> {
  const names = await namesOf(services, rows, locale);
  const progress = await stepProgress(services.db, rows.map((r) => r.step_job_id).filter((id): id is string => id !== null));
  return rows.map((row) => {
    const step = row.step_job_id ? progress.get(row.step_job_id) : undefined;
    const results = row.results === null ? null : (JSON.parse(row.results) as ImportResults);
    return {
      id: row.id,
      name: row.name,
      fileName: row.file_name,
      fileKind: row.file_kind,
      registry: { id: row.registry_id, name: names.registries.get(row.registry_id) ?? row.registry_id },
      formType: { id: String(row.form_type_id), name: names.formTypes.get(Number(row.form_type_id)) ?? '', version: Number(row.form_type_version) },
      state: row.state,
      progress: { done: step?.done ?? 0, total: step?.total ? step.total : (results?.rowsTotal ?? null) },
      recalculatedFieldsNumber: Number(row.recalculated_fields_number),
      validationErrorsNumber: Number(row.validation_errors_number),
      success: row.state === 'succeeded' ? true : row.state === 'failed' ? false : null,
      initiatedByName: row.initiated_by_name,
      createdAt: new Date(row.created_at).toISOString(),
      finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
      results,
      ...(withErrors ? { errors: errorsOf(row, locale) } : {}),
      errorCode: row.error_code,
      error: row.error,
    };
  });
}

async function checkBody(services: ServerServices, subject: PermissionSubject, body: NewImportJob): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const registry = await services.db.selectFrom('registries').select('id').where('id', '=', body.registryId).executeTakeFirst();
  const formTypeId = /^\d{1,9}$/.test(body.formTypeId) ? Number(body.formTypeId) : null;
  const formType = formTypeId === null ? undefined : await services.db.selectFrom('form_types').select(['id', 'registry_id']).where('id', '=', formTypeId).executeTakeFirst();
  if (!registry || !can(subject, 'frm_create', { registryId: body.registryId })) errors.push({ path: 'registryId', key: 'api.notWritable', context: {} });
  else if (!formType || formType.registry_id !== registry.id || !can(subject, 'frm_create', { registryId: registry.id, formTypeId: formType.id })) {
    errors.push({ path: 'formTypeId', key: 'api.formTypeOutsideRegistry', context: {} });
  } else {
    const version = await services.db.selectFrom('form_descriptors').select('version').where('form_type_id', '=', formType.id).where('version', '=', body.formTypeVersion).executeTakeFirst();
    if (!version) errors.push({ path: 'formTypeVersion', key: 'api.notFound', context: {} });
  }
  return errors;
}

/** A queued import's row: what the importer chose, the rest as a new job starts (also the benchmark's). */
export function newImportJobRow(
  chosen: Pick<ImportJobRow, 'name' | 'requester_id' | 'initiated_by_name' | 'registry_id' | 'form_type_id' | 'form_type_version' | 'file_id' | 'file_name' | 'file_kind' | 'sha256' | 'secret' | 'locale'>,
): ImportJobRow {
  const at = nowIso();
  return {
    id: randomUUID(),
    ...chosen,
    state: 'queued',
    step_job_id: null,
    recalculated_fields_number: 0,
    validation_errors_number: 0,
    results: null,
    errors: null,
    error_code: null,
    error: null,
    created_at: at,
    finished_at: null,
    updated_at: at,
  };
}

export async function startImport(services: ServerServices, user: AuthUser, subject: PermissionSubject, locale: Locale, body: NewImportJob): Promise<ImportJob> {
  const errors = await checkBody(services, subject, body);
  const file = await ownImportFile(services.db, user.id, body.fileId);
  if (!file) errors.push({ path: 'fileId', key: 'api.notFound', context: {} });
  else if (file.kind === 'xlsx' && !body.password) errors.push({ path: 'password', key: 'any.required', context: {} });
  else if (file.kind === 'csv' && body.password !== undefined) errors.push({ path: 'password', key: 'import.passwordForCsv', context: { fileName: file.file_name } });
  if (errors.length > 0 || !file) throw validationError(errors);
  const key = deriveJobSecretKey(services.config.appSecret);
  const row = newImportJobRow({
    name: body.name.trim(),
    requester_id: user.id,
    initiated_by_name: user.name,
    registry_id: body.registryId,
    form_type_id: Number(body.formTypeId),
    form_type_version: body.formTypeVersion,
    file_id: file.id,
    file_name: file.file_name,
    file_kind: file.kind,
    sha256: file.sha256,
    secret: body.password ? sealJobSecret(key, body.password) : null,
    locale,
  });
  await insertImportJob(services.db, row);
  const step = await services.jobs.enqueue(IMPORT_JOB_KIND, { importJobId: row.id, step: 'validate' } satisfies ImportStepParameters, user.id, body.password ? { secret: body.password } : {});
  await services.db.updateTable('import_jobs').set({ step_job_id: step.id }).where('id', '=', row.id).execute();
  return (await viewsOf(services, [{ ...row, step_job_id: step.id }], locale, false))[0];
}

async function visibleJob(services: ServerServices, user: AuthUser, id: string): Promise<ImportJobRow> {
  const row = await findImportJob(services.db, id);
  if (!row || (row.requester_id !== user.id && !isAdmin(user))) throw notFoundError();
  return row;
}

export async function importJobView(services: ServerServices, user: AuthUser, id: string, locale: Locale): Promise<ImportJob> {
  return (await viewsOf(services, [await visibleJob(services, user, id)], locale, true))[0];
}

export async function importJobList(services: ServerServices, user: AuthUser, locale: Locale, page: { offset: number; limit: number }): Promise<{ items: ImportJob[]; total: number }> {
  const { rows, total } = await listImportJobs(services.db, isAdmin(user) ? null : user.id, page.offset, page.limit);
  return { items: await viewsOf(services, rows, locale, false), total };
}

const wrongState = (): ApiError => new ApiError({ statusCode: 409, code: 'import_state', messageId: 'server.dataImport.wrongState' });

export async function commitImport(services: ServerServices, user: AuthUser, id: string, locale: Locale): Promise<ImportJob> {
  const row = await visibleJob(services, user, id);
  if (row.requester_id !== user.id) throw notFoundError();
  const results = row.results === null ? null : (JSON.parse(row.results) as ImportResults);
  if (row.state !== 'validated') throw wrongState();
  // A report with errors is fixed in the file and uploaded again: a commit would fail on its first bad row.
  if (results && results.rowsWithErrors > 0) throw new ApiError({ statusCode: 409, code: 'import_has_errors', messageId: 'server.dataImport.hasErrors', values: { rows: results.rowsWithErrors } });
  const password = row.secret === null ? null : openJobSecret(deriveJobSecretKey(services.config.appSecret), row.secret);
  if (!(await moveImportJob(services.db, id, ['validated'], 'committing'))) throw wrongState();
  const step = await services.jobs.enqueue(IMPORT_JOB_KIND, { importJobId: id, step: 'commit' } satisfies ImportStepParameters, user.id, password ? { secret: password } : {});
  await services.db.updateTable('import_jobs').set({ step_job_id: step.id }).where('id', '=', id).execute();
  return importJobView(services, user, id, locale);
}

export async function cancelImport(services: ServerServices, user: AuthUser, id: string, locale: Locale): Promise<ImportJob> {
  const row = await visibleJob(services, user, id);
  if (!(await moveImportJob(services.db, id, ['queued', 'validating', 'validated'], 'cancelled', { error_code: 'cancelled' }))) throw wrongState();
  if (row.step_job_id) await services.jobs.cancel(row.step_job_id);
  return importJobView(services, user, id, locale);
}

export async function clearFailedImports(services: ServerServices, user: AuthUser): Promise<number> {
  return deleteFailedImportJobs(services.db, user.id);
}
