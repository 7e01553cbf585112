// The forms an export holds, read a page at a time in a stable order (keyset paging on indexed
// columns), so neither database nor server ever holds every row: by form, per form type in order
// of creation; by attendance, per registry in order of the attendance's start.
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ExportParameters } from '../../src/domain/export/exportParameters';
import type { Database } from '../db/database';

export const PAGE_SIZE = 1000;
const ATTENDANCE_PAGE_SIZE = 500;

export interface ExportFormRow {
  id: string;
  displayId: string;
  formTypeId: number;
  descriptorVersion: number;
  registryId: string;
  instituteId: string;
  attendanceId: string;
  attendanceDisplayId: string;
  attendanceStart: string;
  patientId: string;
  patientNumber: string;
  patientName: string;
  patientBirthDate: string;
  insuranceNumber: string | null;
  state: string;
  approvalLevel: number;
  createdAt: string;
  updatedAt: string;
  values: Record<string, unknown>;
}

type FormQuery = SelectQueryBuilder<Database, 'forms' | 'attendances' | 'patients', object>;

/**
 * The filters every export query shares: scope, approval level, age, never deleted forms.
 * `ledByAttendances`: the caller narrows to a page of attendances or patients; the scope columns
 * are then wrapped (`|| ''`, `+ 0`, valid on both databases) so that a planner without statistics
 * (SQLite) walks from that page's attendances instead of scanning the registry's forms per page.
 */
export function matchingForms(db: Kysely<Database>, parameters: ExportParameters, now: Date = new Date(), ledByAttendances = false): FormQuery {
  const registryIds = parameters.registryIds.length > 0 ? parameters.registryIds : ['-'];
  let query = db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .where('forms.deleted_at', 'is', null)
    .where(ledByAttendances ? sql<string>`forms.registry_id || ''` : sql.ref<string>('forms.registry_id'), 'in', registryIds)
    .where('forms.approval_level', '>=', parameters.minimumApprovalLevel);
  if (parameters.instituteIds.length > 0) {
    query = query.where(ledByAttendances ? sql<string>`forms.institute_id || ''` : sql.ref<string>('forms.institute_id'), 'in', parameters.instituteIds);
  }
  if (parameters.formTypeIds.length > 0) {
    query = query.where(ledByAttendances ? sql<number>`forms.form_type_id + 0` : sql.ref<number>('forms.form_type_id'), 'in', parameters.formTypeIds.map(Number));
  }
  if (parameters.daysLimit !== null) query = query.where('attendances.start_date_time', '>=', sinceOf(parameters.daysLimit, now));
  return query;
}

function sinceOf(daysLimit: number, now: Date = new Date()): string {
  return new Date(now.getTime() - daysLimit * 86_400_000).toISOString();
}

const FORM_COLUMNS = [
  'forms.id',
  'forms.display_id',
  'forms.form_type_id',
  'forms.descriptor_version',
  'forms.registry_id',
  'forms.institute_id',
  'forms.attendance_id',
  'attendances.display_id as attendance_display_id',
  'attendances.start_date_time',
  'patients.id as patient_id',
  'patients.internal_patient_number',
  'patients.name as patient_name',
  'patients.dob',
  'patients.insurance_number',
  'forms.state',
  'forms.approval_level',
  'forms.created_at',
  'forms.updated_at',
  'forms.field_values',
] as const;

type OrderColumn = 'patients.id' | 'attendances.start_date_time' | 'attendances.id' | 'forms.created_at' | 'forms.id';

/** The rows of `query` in the given order, as export rows. */
export async function selectFormRows(query: FormQuery, orderBy: readonly OrderColumn[], limit?: number): Promise<ExportFormRow[]> {
  let ordered = withColumns(query);
  for (const column of orderBy) ordered = ordered.orderBy(column);
  if (limit !== undefined) ordered = ordered.limit(limit);
  return (await ordered.execute()).map(toRow);
}

// The row type is inferred from the selected columns.
const withColumns = (query: FormQuery) => query.select(FORM_COLUMNS);
type RawRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

function toRow(row: RawRow): ExportFormRow {
  return {
    id: row.id,
    displayId: row.display_id,
    formTypeId: Number(row.form_type_id),
    descriptorVersion: Number(row.descriptor_version),
    registryId: row.registry_id,
    instituteId: row.institute_id,
    attendanceId: row.attendance_id,
    attendanceDisplayId: row.attendance_display_id,
    attendanceStart: row.start_date_time,
    patientId: row.patient_id,
    patientNumber: row.internal_patient_number,
    patientName: row.patient_name,
    patientBirthDate: row.dob,
    insuranceNumber: row.insurance_number,
    state: row.state,
    approvalLevel: Number(row.approval_level),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    values: JSON.parse(row.field_values) as Record<string, unknown>,
  };
}

/** How many forms the export holds, per form type. */
export async function countForms(db: Kysely<Database>, parameters: ExportParameters, now?: Date): Promise<Map<number, number>> {
  const rows = await matchingForms(db, parameters, now)
    .select(['forms.form_type_id', (eb: ExpressionBuilder<Database, 'forms'>) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('forms.form_type_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.form_type_id), Number(row.count)]));
}

/** The forms of one form type, a page at a time, oldest first. */
export async function* formPages(db: Kysely<Database>, parameters: ExportParameters, formTypeId: number, now?: Date): AsyncGenerator<ExportFormRow[]> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let query = matchingForms(db, parameters, now).where('forms.form_type_id', '=', formTypeId);
    if (after) {
      const { createdAt, id } = after;
      query = query.where(sql<boolean>`(forms.created_at, forms.id) > (${createdAt}, ${id})`);
    }
    const page = await selectFormRows(query, ['forms.created_at', 'forms.id'], PAGE_SIZE);
    if (page.length > 0) yield page;
    if (page.length < PAGE_SIZE) return;
    const last = page[page.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The attendances of one registry, a page at a time, each with its matching forms (maybe none). */
export async function* attendancePages(
  db: Kysely<Database>,
  parameters: ExportParameters,
  registryId: string,
  now?: Date,
): AsyncGenerator<Array<{ attendanceId: string; forms: ExportFormRow[] }>> {
  const scoped = { ...parameters, registryIds: [registryId] };
  let after: { start: string; id: string } | null = null;
  for (;;) {
    // The registry's attendances in order; those without a matching form come back with none.
    let query = db.selectFrom('attendances').select(['attendances.id', 'attendances.start_date_time']).where('attendances.registry_id', '=', registryId);
    if (parameters.daysLimit !== null) query = query.where('attendances.start_date_time', '>=', sinceOf(parameters.daysLimit, now));
    if (after) {
      const { start, id } = after;
      query = query.where(sql<boolean>`(attendances.start_date_time, attendances.id) > (${start}, ${id})`);
    }
    const attendances = await query.orderBy('attendances.start_date_time').orderBy('attendances.id').limit(ATTENDANCE_PAGE_SIZE).execute();
    if (attendances.length === 0) return;
    const ids = attendances.map((a) => a.id);
    const forms = await selectFormRows(matchingForms(db, scoped, now, true).where('forms.attendance_id', 'in', ids), ['forms.created_at', 'forms.id']);
    const byAttendance = new Map<string, ExportFormRow[]>(ids.map((id) => [id, []]));
    for (const form of forms) byAttendance.get(form.attendanceId)?.push(form);
    yield ids.map((id) => ({ attendanceId: id, forms: byAttendance.get(id) ?? [] }));
    if (attendances.length < ATTENDANCE_PAGE_SIZE) return;
    const last = attendances[attendances.length - 1];
    after = { start: last.start_date_time, id: last.id };
  }
}

/** Per form type, the most forms of that type one attendance holds (the by-attendance column groups). */
export async function maxFormsPerAttendance(db: Kysely<Database>, parameters: ExportParameters, now?: Date): Promise<Map<number, number>> {
  const perAttendance = matchingForms(db, parameters, now)
    .select(['forms.form_type_id', 'forms.attendance_id', (eb: ExpressionBuilder<Database, 'forms'>) => eb.fn.countAll<number>().as('n')])
    .groupBy(['forms.form_type_id', 'forms.attendance_id'])
    .as('per_attendance');
  const rows = await db
    .selectFrom(perAttendance)
    .select(['per_attendance.form_type_id', (eb) => eb.fn.max('per_attendance.n').as('most')])
    .groupBy('per_attendance.form_type_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.form_type_id), Number(row.most)]));
}
