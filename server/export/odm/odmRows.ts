// What the ODM file reads besides the catalog: subjects a page at a time (each with its forms in
// order of attendance), and the history and approvals of a page's forms.
import type { Kysely } from 'kysely';
import type { ExportParameters } from '../../../src/domain/export/exportParameters';
import type { Database } from '../../db/database';
import { dialectOf } from '../../db/sqlFunctions';
import { matchingForms, selectFormRows, type ExportFormRow } from '../exportRows';

const SUBJECT_PAGE_SIZE = 500;

export interface HistoryEntry {
  id: string;
  formId: string;
  at: string;
  userId: string | null;
  userName: string;
  operation: string;
  level: number | null;
  reasons: string;
}

export interface Approval {
  formId: string;
  level: number;
  userId: string;
  userName: string;
  at: string;
}

/**
 * One page of a registry's patients in keyset bounds (`after` < id <= `last`). The page's forms,
 * history and approvals are read by these bounds, not by a list of ids: PostgreSQL answers a
 * `form_id in (...1000 ids)` with a scan of the whole table, but a range on the patients' primary
 * key with nested index lookups (patients -> attendances -> forms -> history), on both databases.
 */
export interface SubjectPage {
  registryId: string;
  after: string | null;
  last: string;
  patientIds: string[];
}

// SQLite has no statistics: it plans the range join from the wrong end (about 540 forms/s at
// 100,000 forms), while it answers the id lists with index lookups. So SQLite keeps the lists.
const byIdList = (db: Kysely<Database>): boolean => dialectOf(db as unknown as Kysely<unknown>) === 'sqlite';

/** The forms of one page's patients that the export holds. */
function pageForms(db: Kysely<Database>, parameters: ExportParameters, page: SubjectPage, now: Date): ReturnType<typeof matchingForms> {
  const scoped = matchingForms(db, { ...parameters, registryIds: [page.registryId] }, now, true);
  if (byIdList(db)) return scoped.where('attendances.patient_id', 'in', page.patientIds);
  let query = scoped
    .where('patients.registry_id', '=', page.registryId)
    .where('patients.id', '<=', page.last);
  if (page.after !== null) query = query.where('patients.id', '>', page.after);
  return query;
}

/** The patients of one registry, a page at a time, each with their matching forms (maybe none). */
export async function* subjectPages(
  db: Kysely<Database>,
  parameters: ExportParameters,
  registryId: string,
  now: Date,
): AsyncGenerator<{ page: SubjectPage; subjects: ExportFormRow[][] }> {
  let after: string | null = null;
  for (;;) {
    // The registry's patients in order; those without a matching form come back with none.
    let query = db.selectFrom('patients').select('patients.id').where('patients.registry_id', '=', registryId);
    if (after !== null) query = query.where('patients.id', '>', after);
    const patients = (await query.orderBy('patients.id').limit(SUBJECT_PAGE_SIZE).execute()).map((p) => p.id);
    if (patients.length === 0) return;
    const page: SubjectPage = { registryId, after, last: patients[patients.length - 1], patientIds: patients };
    const forms = await selectFormRows(pageForms(db, parameters, page, now), ['patients.id', 'attendances.start_date_time', 'attendances.id', 'forms.created_at', 'forms.id']);
    const byPatient = new Map<string, ExportFormRow[]>(patients.map((id) => [id, []]));
    for (const form of forms) byPatient.get(form.patientId)?.push(form);
    yield { page, subjects: patients.map((id) => byPatient.get(id) ?? []) };
    if (patients.length < SUBJECT_PAGE_SIZE) return;
    after = page.last;
  }
}

/** The history entries of a page's exported forms, per form in order. */
export async function historyOf(db: Kysely<Database>, parameters: ExportParameters, page: SubjectPage, now: Date, formIds: string[]): Promise<Map<string, HistoryEntry[]>> {
  const byForm = new Map<string, HistoryEntry[]>();
  let forms = pageForms(db, parameters, page, now);
  if (byIdList(db)) forms = forms.where('forms.id', 'in', formIds.length > 0 ? formIds : ['-']);
  const rows = await forms
    .innerJoin('form_history', 'form_history.form_id', 'forms.id')
    .select(['form_history.id', 'form_history.form_id', 'form_history.at', 'form_history.user_id', 'form_history.user_name', 'form_history.operation', 'form_history.level', 'form_history.reasons'])
    .orderBy('form_history.form_id')
    .orderBy('form_history.position')
    .execute();
  for (const row of rows) {
    const entry: HistoryEntry = { id: row.id, formId: row.form_id, at: row.at, userId: row.user_id, userName: row.user_name, operation: row.operation, level: row.level === null ? null : Number(row.level), reasons: row.reasons };
    const list = byForm.get(row.form_id) ?? [];
    list.push(entry);
    byForm.set(row.form_id, list);
  }
  return byForm;
}

/** The approvals of a page's exported forms, per form by level. */
export async function approvalsOf(db: Kysely<Database>, parameters: ExportParameters, page: SubjectPage, now: Date, formIds: string[]): Promise<Map<string, Approval[]>> {
  const byForm = new Map<string, Approval[]>();
  let forms = pageForms(db, parameters, page, now);
  if (byIdList(db)) forms = forms.where('forms.id', 'in', formIds.length > 0 ? formIds : ['-']);
  const rows = await forms
    .innerJoin('form_approvals', 'form_approvals.form_id', 'forms.id')
    .select(['form_approvals.form_id', 'form_approvals.level', 'form_approvals.user_id', 'form_approvals.user_name', 'form_approvals.at'])
    .orderBy('form_approvals.form_id')
    .orderBy('form_approvals.level')
    .execute();
  for (const row of rows) {
    const list = byForm.get(row.form_id) ?? [];
    list.push({ formId: row.form_id, level: Number(row.level), userId: row.user_id, userName: row.user_name, at: row.at });
    byForm.set(row.form_id, list);
  }
  return byForm;
}
