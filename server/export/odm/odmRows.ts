// What the ODM file reads besides the catalog: subjects a page at a time (each with its forms in
// order of attendance), and the history and approvals of a page's forms.
import type { Kysely } from 'kysely';
import type { ExportParameters } from '../../../src/domain/export/exportParameters';
import type { Database } from '../../db/database';
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

/** The patients of one registry, a page at a time, each with their matching forms (maybe none). */
export async function* subjectPages(db: Kysely<Database>, parameters: ExportParameters, registryId: string, now: Date): AsyncGenerator<ExportFormRow[][]> {
  const scoped = { ...parameters, registryIds: [registryId] };
  let after: string | null = null;
  for (;;) {
    // The registry's patients in order; those without a matching form come back with none.
    let query = db.selectFrom('patients').select('patients.id').where('patients.registry_id', '=', registryId);
    if (after !== null) query = query.where('patients.id', '>', after);
    const patients = (await query.orderBy('patients.id').limit(SUBJECT_PAGE_SIZE).execute()).map((p) => p.id);
    if (patients.length === 0) return;
    const forms = await selectFormRows(matchingForms(db, scoped, now, true).where('attendances.patient_id', 'in', patients), [
      'patients.id',
      'attendances.start_date_time',
      'attendances.id',
      'forms.created_at',
      'forms.id',
    ]);
    const byPatient = new Map<string, ExportFormRow[]>(patients.map((id) => [id, []]));
    for (const form of forms) byPatient.get(form.patientId)?.push(form);
    yield patients.map((id) => byPatient.get(id) ?? []);
    if (patients.length < SUBJECT_PAGE_SIZE) return;
    after = patients[patients.length - 1];
  }
}

export async function historyOf(db: Kysely<Database>, formIds: string[]): Promise<Map<string, HistoryEntry[]>> {
  const byForm = new Map<string, HistoryEntry[]>();
  if (formIds.length === 0) return byForm;
  const rows = await db
    .selectFrom('form_history')
    .select(['id', 'form_id', 'at', 'user_id', 'user_name', 'operation', 'level', 'reasons'])
    .where('form_id', 'in', formIds)
    .orderBy('form_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const entry: HistoryEntry = { id: row.id, formId: row.form_id, at: row.at, userId: row.user_id, userName: row.user_name, operation: row.operation, level: row.level === null ? null : Number(row.level), reasons: row.reasons };
    const list = byForm.get(row.form_id) ?? [];
    list.push(entry);
    byForm.set(row.form_id, list);
  }
  return byForm;
}

export async function approvalsOf(db: Kysely<Database>, formIds: string[]): Promise<Map<string, Approval[]>> {
  const byForm = new Map<string, Approval[]>();
  if (formIds.length === 0) return byForm;
  const rows = await db.selectFrom('form_approvals').select(['form_id', 'level', 'user_id', 'user_name', 'at']).where('form_id', 'in', formIds).orderBy('form_id').orderBy('level').execute();
  for (const row of rows) {
    const list = byForm.get(row.form_id) ?? [];
    list.push({ formId: row.form_id, level: Number(row.level), userId: row.user_id, userName: row.user_name, at: row.at });
    byForm.set(row.form_id, list);
  }
  return byForm;
}
