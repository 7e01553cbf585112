// SQL for forms and their approvals. Writes of a form are conditional on its version (optimistic
// locking); the history is in history.repository.ts.
import { sql, type AliasedRawBuilder, type Insertable, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../config';
import { DEFAULT_REQUIRED_APPROVAL_LEVELS } from '../../src/domain/forms/lifecycle';
import type { FormApproval } from '../../src/domain/forms';
import type { RecordAnchor } from '../audit/recordChain';
import type { Database, FormRow, FormsTable } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';
import { dialectOf } from '../db/sqlFunctions';

export interface FormSummary {
  id: string;
  formTypeId: number;
  formTypeName: string;
  displayId: string;
  state: FormsTable['state'];
  approvals: number[];
  version: number;
  updatedAt: string;
  physicianId: string;
}

const liveForm = fixedQuery<{ id: string }>()((db, value) => db.selectFrom('forms').selectAll().where('id', '=', value('id')).where('deleted_at', 'is', null));
const liveFormForUpdate = fixedQuery<{ id: string }>()((db, value) => db.selectFrom('forms').selectAll().where('id', '=', value('id')).where('deleted_at', 'is', null).forUpdate());

/** The live (not deleted) form; on PostgreSQL the row is locked until the transaction ends. */
export async function findFormRow(db: Kysely<Database>, id: string, lock?: DatabaseDialect): Promise<FormRow | null> {
  // SQLite has no row locks: its write transactions are serialized as a whole.
  const query = lock === 'postgres' ? liveFormForUpdate : liveForm;
  return (await query.first(db, { id })) ?? null;
}

/** Approval levels a registry requires before a form is final. */
export async function requiredLevelsOf(db: Kysely<Database>, registryId: string): Promise<number> {
  const row = await db.selectFrom('registries').select('required_approval_levels').where('id', '=', registryId).executeTakeFirst();
  return Number(row?.required_approval_levels ?? DEFAULT_REQUIRED_APPROVAL_LEVELS);
}

export async function findApprovals(db: Kysely<Database>, formId: string): Promise<FormApproval[]> {
  const rows = await db.selectFrom('form_approvals').selectAll().where('form_id', '=', formId).orderBy('level').execute();
  return rows.map((row) => ({ level: row.level, userId: row.user_id, userName: row.user_name, at: row.at }));
}

type RecordAnchorColumns = 'record_count' | 'record_head' | 'record_seal';

/** The record anchor stays empty here: the create entry appended in the same transaction sets it. */
/** `anchor`: the form's record anchor when its first entry is known before the insert (see createFormIn). */
/** What a caller gives for a new form; the rest starts the same for every form. */
export type NewFormRow = Omit<FormRow, 'deleted_at' | 'approval_level' | 'version' | 'todo_level' | RecordAnchorColumns>;

const newFormColumns = (row: NewFormRow, anchor?: RecordAnchor): Insertable<FormsTable> => ({
  ...row,
  approval_level: 0,
  version: 1,
  deleted_at: null,
  record_count: anchor?.count ?? null,
  record_head: anchor?.head ?? null,
  record_seal: anchor?.seal ?? null,
});

export async function insertForm(db: Kysely<Database>, row: NewFormRow, anchor?: RecordAnchor): Promise<void> {
  await db.insertInto('forms').values(newFormColumns(row, anchor)).execute();
}

/** Several new forms in one statement (a bulk writer's batch), each with its anchor. */
export async function insertForms(db: Kysely<Database>, forms: readonly { row: NewFormRow; anchor: RecordAnchor }[]): Promise<void> {
  if (forms.length === 0) return;
  await db.insertInto('forms').values(forms.map((f) => newFormColumns(f.row, f.anchor))).execute();
}

export interface FormWrite {
  state?: FormsTable['state'];
  values?: unknown;
  reviews?: unknown;
  approvalLevel?: number;
  deletedAt?: string;
}

/** Writes the form if its version is still `expectedVersion`; answers false when someone was quicker. */
export async function writeForm(db: Kysely<Database>, id: string, expectedVersion: number, write: FormWrite, at: string): Promise<boolean> {
  const result = await db
    .updateTable('forms')
    .set({
      ...(write.state ? { state: write.state } : {}),
      ...(write.values !== undefined ? { field_values: JSON.stringify(write.values) } : {}),
      ...(write.reviews !== undefined ? { reviews: JSON.stringify(write.reviews) } : {}),
      ...(write.approvalLevel !== undefined ? { approval_level: write.approvalLevel } : {}),
      ...(write.deletedAt ? { deleted_at: write.deletedAt } : {}),
      version: sql<number>`version + 1`,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertApproval(db: Kysely<Database>, formId: string, approval: FormApproval): Promise<void> {
  await db.insertInto('form_approvals').values({ form_id: formId, level: approval.level, user_id: approval.userId, user_name: approval.userName, at: approval.at }).execute();
}

export async function deleteApprovals(db: Kysely<Database>, formId: string): Promise<void> {
  await db.deleteFrom('form_approvals').where('form_id', '=', formId).execute();
}

export async function countFormsOfType(db: Kysely<Database>, attendanceId: string, formTypeId: number): Promise<number> {
  const row = await db
    .selectFrom('forms')
    .select(sql<number>`count(*)`.as('n'))
    .where('attendance_id', '=', attendanceId)
    .where('form_type_id', '=', formTypeId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Summaries of the live forms of some periods (or attendances), oldest first. */
export async function formSummaries(
  db: Kysely<Database>,
  where: { periodIds?: readonly string[]; attendanceIds?: readonly string[] },
  locale: 'hu' | 'en',
): Promise<(FormSummary & { periodId: string; attendanceId: string })[]> {
  const periodIds = where.periodIds ?? [];
  const attendanceIds = where.attendanceIds ?? [];
  if (periodIds.length === 0 && attendanceIds.length === 0) return [];
  let query = db
    .selectFrom('forms')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .select([
      'forms.id',
      'forms.form_type_id',
      'forms.display_id',
      'forms.state',
      'forms.version',
      'forms.updated_at',
      'forms.physician_id',
      'forms.attendance_period_id',
      'forms.attendance_id',
      'forms.created_at',
      locale === 'en' ? 'form_types.name_en as form_type_name' : 'form_types.name_hu as form_type_name',
      approvalLevelsColumn(db),
    ])
    .where('forms.deleted_at', 'is', null);
  query = periodIds.length > 0 ? query.where('forms.attendance_period_id', 'in', periodIds) : query.where('forms.attendance_id', 'in', attendanceIds);
  const rows = await query.orderBy('forms.created_at').orderBy('forms.id').execute();
  return rows.map((row) => ({ ...toFormSummary(row), periodId: row.attendance_period_id, attendanceId: row.attendance_id }));
}

export interface FormSummaryRow {
  id: string;
  form_type_id: number | string;
  form_type_name: string;
  display_id: string;
  state: FormSummary['state'];
  version: number | string;
  updated_at: string;
  physician_id: string;
  approval_levels: string | null;
}

/** A form row of a list (with its form type's localized name) as the API shows it. */
export function toFormSummary(row: FormSummaryRow): FormSummary {
  return {
    id: row.id,
    formTypeId: Number(row.form_type_id),
    formTypeName: row.form_type_name,
    displayId: row.display_id,
    state: row.state,
    approvals: approvalLevels(row.approval_levels),
    version: Number(row.version),
    updatedAt: row.updated_at,
    physicianId: row.physician_id,
  };
}

/**
 * The form's approval levels as one text column (`1,2`), read with the form's row: a list of forms
 * is one statement, not one more after it (on PostgreSQL a round trip; a form has at most four).
 */
export function approvalLevelsColumn(db: Kysely<Database>): AliasedRawBuilder<string | null, 'approval_levels'> {
  const levels = dialectOf(db as unknown as Kysely<unknown>) === 'postgres' ? sql`string_agg(a.level::text, ',')` : sql`group_concat(a.level, ',')`;
  return sql<string | null>`(select ${levels} from form_approvals a where a.form_id = forms.id)`.as('approval_levels');
}

/** The levels of `approvalLevelsColumn`, lowest first. */
function approvalLevels(text: string | null): number[] {
  return text ? text.split(',').map(Number).sort((a, b) => a - b) : [];
}

export async function liveFormIdsOfAttendance(db: Kysely<Database>, attendanceId: string): Promise<string[]> {
  const rows = await db.selectFrom('forms').select('id').where('attendance_id', '=', attendanceId).where('deleted_at', 'is', null).orderBy('created_at').execute();
  return rows.map((row) => row.id);
}
