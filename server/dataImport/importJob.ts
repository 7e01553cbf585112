// The data import's job kind on app.jobs: one kind, two steps. `validate` reads every row, writes
// nothing but the report and leaves the import `validated`; `commit` reads the file again and
// applies every row in ONE transaction, so a failing row (checked again: the database may have
// changed since) rolls back everything and the import is `failed` with the row and the reason.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { FIELD_TYPES, fieldIndexOf } from '../../src/domain/forms';
import { importableFields, MAX_REPORTED_ERRORS, type ImportReport, type ImportRowError } from '../../src/domain/import';
import type { ImportResults } from '../../src/api/dataImport';
import type { AppConfig, DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { sql } from 'kysely';
import { inTransaction } from '../db/inTransaction';
import { ApiError } from '../errors/apiError';
import { translate } from '../i18n/catalogue';
import { JobFailure, type JobContext, type JobKind } from '../jobs/jobQueue';
import { createRowApplier, type RowApplier } from './importApply';
import { loadImportContext, type ImportContext } from './importContext';
import { findImportJob, moveImportJob } from './importJobs.repository';
import { importPatients } from './importPatients';
import { createResolver, type Resolver } from './importResolve';
import { walkImportRows } from './importRowWalk';
import { importChunks } from './importSource';
import type { WorkbookSelection } from './xlsxRows';

export const IMPORT_JOB_KIND = 'data-import';

export interface ImportStepParameters {
  importJobId: string;
  step: 'validate' | 'commit';
}

export interface ImportJobDeps {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  config: Pick<AppConfig, 'fileStoreDir'>;
  recordKey: Buffer;
  logger: FastifyBaseLogger;
}

/** The export writes every field; those no cell can carry back are read past in a workbook. */
function workbookSelection(context: ImportContext): WorkbookSelection {
  const importable = new Set(importableFields(context.descriptor).map((f) => f.id));
  const { byId } = fieldIndexOf(context.descriptor);
  return {
    names: context.formType.names,
    skipColumn: (id) => {
      const info = byId.get(id);
      return info !== undefined && info.sectionId !== null && info.field.type !== FIELD_TYPES.calculated && !importable.has(id);
    },
  };
}

const localeOf = (context: ImportContext): 'hu' | 'en' => context.options.locale;

/** A file-level problem (not CSV, bad header) fails the import with its message. */
function fileFailure(context: ImportContext, report: ImportReport): JobFailure {
  const message = report.fileErrors.map((e) => translate(localeOf(context), e.messageId, e.context)).join(' ');
  return new JobFailure('file_invalid', `${context.job.file_name}: ${message}`);
}

function rowMessage(context: ImportContext, error: ImportRowError): string {
  const text = translate(localeOf(context), error.messageId, error.context);
  return `${context.job.file_name}, row ${error.row}${error.column ? `, ${error.column}` : ''}: ${text}`;
}

async function validate(deps: ImportJobDeps, context: ImportContext, run: JobContext): Promise<ImportResults> {
  const attendances = new Set<string>();
  const counts = { formsCreated: 0, formsUpdated: 0 };
  const resolver = createResolver(deps.db, context);
  const report = await walkImportRows(
    importChunks(deps.config.fileStoreDir, context.job, run.secret, workbookSelection(context)),
    context,
    resolver,
    async (result, resolved) => {
      await run.progress(result.row, 0);
      if (!result.ok || !resolved) return;
      if (resolved.attendance.kind === 'new' && !attendances.has(resolved.attendance.key)) attendances.add(resolved.attendance.key);
      const fillsStartForm = resolved.attendance.kind === 'new' && context.formType.behaviorType === 'attendance_start';
      if (resolved.form || fillsStartForm) counts.formsUpdated += 1;
      else counts.formsCreated += 1;
    },
    { signal: run.signal },
  );
  if (report.fileErrors.length > 0) throw fileFailure(context, report);
  const results: ImportResults = { rowsTotal: report.rowsTotal, rowsOk: report.rowsOk, rowsWithErrors: report.rowsWithErrors, newPatients: 0, newAttendances: attendances.size, ...counts };
  await moveImportJob(deps.db, context.job.id, ['validating'], 'validated', {
    results: JSON.stringify(results),
    errors: JSON.stringify(report.errors.slice(0, MAX_REPORTED_ERRORS)),
    recalculated_fields_number: report.recalculatedFieldsNumber,
    validation_errors_number: report.validationErrorsNumber,
  });
  return results;
}

async function commit(deps: ImportJobDeps, context: ImportContext, run: JobContext): Promise<ImportResults> {
  const write = { db: deps.db, dialect: deps.dialect, subject: context.subject, actor: context.actor, recordKey: deps.recordKey };
  return inTransaction(deps.db, async (trx) => {
    // PostgreSQL keeps a session's plans of foreign-key checks and trigger statements, planned
    // with the statistics of the moment, and nothing refreshes them inside one transaction: into a
    // young database an import's keyed lookups ran as sequential scans that grew with every batch
    // (a 100-form insert took 56 ms on average in a 20,000-row commit; 9 ms with this). Every statement of the commit
    // looks rows up by key, so sequential scans are off for this transaction only.
    if (deps.dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
    // The file's patients, read a chunk at a time by the resolver, are the writer's too.
    const patients = importPatients(trx, context.registryId);
    const applier = createRowApplier(trx, write, context, patients);
    try {
      return await applyRows(deps, context, run, trx, applier, createResolver(trx, context, applier.flush, patients));
    } catch (error) {
      // No statement of a batch may run after the rollback: the batch in flight is waited for (if
      // its write failed, that is the cause).
      await applier.settle();
      throw error;
    }
  });
}

async function applyRows(deps: ImportJobDeps, context: ImportContext, run: JobContext, trx: Kysely<Database>, applier: RowApplier, resolver: Resolver): Promise<ImportResults> {
  const total = (JSON.parse(context.job.results ?? '{}') as Partial<ImportResults>).rowsTotal ?? 0;
  const report = await walkImportRows(
    importChunks(deps.config.fileStoreDir, context.job, run.secret, workbookSelection(context)),
    context,
    resolver,
    async (result, resolved) => {
      if (!result.ok || !resolved) throw new JobFailure('row_invalid', rowMessage(context, result.errors[0]));
      try {
        await applier.apply(resolved, result.values);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const text = translate(localeOf(context), error.messageId, error.values);
        const fields = (error.errors ?? []).map((e) => `${e.path}: ${translate(localeOf(context), `validation.${e.key}`, e.context)}`).join('; ');
        throw new JobFailure('row_refused', `${context.job.file_name}, row ${result.row}: ${text}${fields ? ` (${fields})` : ''}`);
      }
      // On SQLite the one connection is this transaction's: a progress write would wait for it forever.
      if (deps.dialect === 'postgres') await run.progress(result.row, total);
    },
    // A commit starts only from a validated report without errors (import_has_errors otherwise).
    { signal: run.signal, formRulesChecked: true },
  );
  if (report.fileErrors.length > 0) throw fileFailure(context, report);
  await applier.flush();
  const results: ImportResults = { rowsTotal: report.rowsTotal, rowsOk: report.rowsOk, rowsWithErrors: 0, newPatients: 0, ...applier.counts };
  // Inside the transaction: a cancel or a second runner that got there first rolls this one back.
  if (!(await moveImportJob(trx, context.job.id, ['committing'], 'succeeded', { results: JSON.stringify(results) }))) {
    throw new JobFailure('cancelled', 'The import is no longer committing');
  }
  return results;
}

export function importJobKind(deps: ImportJobDeps): JobKind {
  return {
    // A crash mid-step is retried once: validation writes nothing, and a commit either landed
    // (its state change is in the same transaction, so the retry finds it ended) or left nothing.
    maxAttempts: 2,
    async run(run) {
      const { importJobId, step } = run.job.parameters as ImportStepParameters;
      const job = await findImportJob(deps.db, importJobId);
      if (!job) throw new JobFailure('import_missing', 'The import job was deleted');
      if (step === 'validate' && !(await moveImportJob(deps.db, job.id, ['queued', 'validating'], 'validating'))) return null;
      if (step === 'commit' && job.state !== 'committing') return null;
      const context = await loadImportContext(deps.db, job);
      return step === 'validate' ? validate(deps, context, run) : commit(deps, context, run);
    },
    async onEnded(generic) {
      if (generic.state !== 'failed') return;
      const { importJobId } = generic.parameters as ImportStepParameters;
      await moveImportJob(deps.db, importJobId, ['queued', 'validating', 'committing'], 'failed', { error_code: generic.errorCode, error: generic.error });
    },
  };
}
