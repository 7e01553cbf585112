// The to-do lists: forms the caller may approve now (the next level is theirs) and forms they must
// correct (rejected or under correction, frm_edit). Counts and lists share one SQL condition, so
// they always agree; the dashboard counts per registry use it too.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import { approveCode, APPROVAL_LEVELS, grantScopes, type PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import type { Locale } from '../i18n/locale';
import { fetchList, type ListFieldMap } from '../lists/listQuery';
import { scopeCondition, type ScopeColumns } from '../permissions/scopeSql';
import { personalDataSql } from '../permissions/patientScopes';
import { approvalLevelsOf, toFormSummary } from './forms.repository';
import { rejectionSummariesOf } from './rejectionSummary';

const FORM_COLUMNS: ScopeColumns = { registryId: 'forms.registry_id', formTypeId: 'forms.form_type_id', instituteId: 'forms.institute_id', physicianId: 'forms.physician_id' };

export type TodoKind = 'approvable' | 'correctable';

/** A disqualified attendance's forms are nobody's to-do (they take no writes until requalified). */
const NOT_DISQUALIFIED = sql<SqlBool>`forms.attendance_id not in (select id from attendances where state = 'disqualified')`;

export function approvableSql(subject: PermissionSubject): RawBuilder<SqlBool> {
  const levels = APPROVAL_LEVELS.map(
    (level) =>
      sql<SqlBool>`(forms.approval_level = ${level - 1} and registries.required_approval_levels >= ${level} and ${scopeCondition(grantScopes(subject, approveCode(level)), FORM_COLUMNS)})`,
  );
  return sql<SqlBool>`(forms.deleted_at is null and forms.state in ('await_inspect', 'corrected') and ${NOT_DISQUALIFIED} and (${sql.join(levels, sql` or `)}))`;
}

export function correctableSql(subject: PermissionSubject): RawBuilder<SqlBool> {
  return sql<SqlBool>`(forms.deleted_at is null and forms.state in ('rejected', 'correct_draft') and ${NOT_DISQUALIFIED} and ${scopeCondition(grantScopes(subject, 'frm_edit'), FORM_COLUMNS)})`;
}

export const todoSql = (kind: TodoKind, subject: PermissionSubject): RawBuilder<SqlBool> => (kind === 'approvable' ? approvableSql(subject) : correctableSql(subject));

export const TODO_FIELDS: ListFieldMap = {
  registryId: { column: 'forms.registry_id', type: 'text' },
  instituteId: { column: 'forms.institute_id', type: 'text' },
  formTypeId: { column: 'forms.form_type_id', type: 'integer' },
  state: { column: 'forms.state', type: 'text' },
  displayId: { column: 'forms.display_id', type: 'text' },
  updatedAt: { column: 'forms.updated_at', type: 'date' },
  createdAt: { column: 'forms.created_at', type: 'date' },
};

function baseQuery(db: Kysely<Database>, subject: PermissionSubject, kind: TodoKind) {
  return db
    .selectFrom('forms')
    .innerJoin('registries', 'registries.id', 'forms.registry_id')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .where(todoSql(kind, subject));
}

export async function listTodo(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, kind: TodoKind, query: ListQuery, locale: Locale) {
  const personal = personalDataSql(subject);
  const base = baseQuery(db, subject, kind).select([
    'forms.id',
    'forms.form_type_id',
    'forms.display_id',
    'forms.state',
    'forms.version',
    'forms.updated_at',
    'forms.physician_id',
    locale === 'en' ? 'form_types.name_en as form_type_name' : 'form_types.name_hu as form_type_name',
    'patients.id as patient_id',
    'patients.internal_patient_number',
    sql<string | null>`case when ${personal} then patients.name else null end`.as('patient_name'),
    'attendances.id as attendance_id',
    'attendances.display_id as attendance_display_id',
    'registries.id as registry_id',
    'registries.short_name as registry_short_name',
  ]);
  const { rows, total } = await fetchList(base, query, { fields: TODO_FIELDS, dialect, tieBreaker: 'forms.id', defaultSort: [{ field: 'updatedAt', direction: 'asc' }] });
  const ids = rows.map((row) => row.id);
  const approvals = await approvalLevelsOf(db, ids);
  // The correctable list says why each form came back; read by id after the page is cut, so the
  // list query itself stays as it is.
  const rejections = kind === 'correctable' ? await rejectionSummariesOf(db, ids) : null;
  const items = rows.map((row) => ({
    ...toFormSummary(row, approvals),
    patient: { id: row.patient_id, internalPatientNumber: row.internal_patient_number, name: row.patient_name },
    attendance: { id: row.attendance_id, displayId: row.attendance_display_id },
    registry: { id: row.registry_id, shortName: row.registry_short_name },
    ...(rejections ? { rejection: rejections.get(row.id) ?? null } : {}),
  }));
  return { items, total };
}

export async function countTodo(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, kind: TodoKind, query: ListQuery): Promise<number> {
  const { total } = await fetchList(baseQuery(db, subject, kind).select('forms.id'), { ...query, limit: 1, offset: 0, statistics: true }, { fields: TODO_FIELDS, dialect, tieBreaker: 'forms.id' });
  return total ?? 0;
}

/** Per registry: how many to-dos of a kind the subject has. */
export async function todoCountsByRegistry(db: Kysely<Database>, subject: PermissionSubject, kind: TodoKind, registryIds: readonly string[]): Promise<Map<string, number>> {
  if (registryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('forms')
    .innerJoin('registries', 'registries.id', 'forms.registry_id')
    .select(['forms.registry_id', sql<number>`count(*)`.as('n')])
    .where('forms.registry_id', 'in', registryIds)
    .where(todoSql(kind, subject))
    .groupBy('forms.registry_id')
    .execute();
  return new Map(rows.map((row) => [row.registry_id, Number(row.n)]));
}
