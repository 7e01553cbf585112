// The to-do lists: forms the caller may approve now (the next level is theirs) and forms they must
// correct (rejected or under correction, frm_edit). Lists and counts share one condition over
// forms.todo_level (kept by triggers, migration 0012: 0 = to correct, N = awaits approval level N),
// written once for `forms` and once for `todo_counts`, the per-scope counters that answer counts
// and statistics without reading the forms; the dashboard counts per registry use them too.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import { approveCode, APPROVAL_LEVELS, grantScopes, type PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import type { Locale } from '../i18n/locale';
import { applyListFilters, applyListSort, type ListFieldMap } from '../lists/listQuery';
import { scopeCondition } from '../permissions/scopeSql';
import { personalDataSql } from '../permissions/patientScopes';
import { approvalLevelsColumn, toFormSummary } from './forms.repository';
import { rejectionSummariesOf } from './rejectionSummary';

export type TodoKind = 'approvable' | 'correctable';

/** The columns the to-do conditions test, when they are not one table's (the matrix's signature counters). */
export interface TodoColumns {
  registryId: string;
  formTypeId: string;
  instituteId: string;
  physicianId: string;
  todoLevel: string;
}

/** `forms` or `todo_counts` (both carry the scope columns and todo_level under the same names), or columns named one by one. */
export type TodoTable = 'forms' | 'todo_counts' | TodoColumns;

const columnsOf = (table: TodoTable): Omit<TodoColumns, 'todoLevel'> =>
  typeof table === 'object'
    ? table
    : { registryId: `${table}.registry_id`, formTypeId: `${table}.form_type_id`, instituteId: `${table}.institute_id`, physicianId: `${table}.physician_id` };

/** Needs `registries` joined: a level beyond the registry's required levels is nobody's to-do. */
/**
 * todo_level as a value, not an index key (`+x`), on SQLite: the lists walk forms_todo_sort_idx in
 * their sort order and stop at the page, instead of gathering every to-do by level and sorting
 * them. PostgreSQL's planner weighs that with its statistics and gets the plain column.
 */
const levelOf = (table: TodoTable, dialect: DatabaseDialect): RawBuilder<number> => {
  const level = sql.ref(typeof table === 'object' ? table.todoLevel : `${table}.todo_level`);
  return dialect === 'sqlite' ? sql<number>`+${level}` : sql<number>`${level}`;
};

export function approvableSql(subject: PermissionSubject, table: TodoTable = 'forms', dialect: DatabaseDialect = 'sqlite'): RawBuilder<SqlBool> {
  const level = levelOf(table, dialect);
  const levels = APPROVAL_LEVELS.map(
    (n) => sql<SqlBool>`(${level} = ${n} and registries.required_approval_levels >= ${n} and ${scopeCondition(grantScopes(subject, approveCode(n)), columnsOf(table))})`,
  );
  return sql<SqlBool>`(${level} between 1 and ${APPROVAL_LEVELS.length} and (${sql.join(levels, sql` or `)}))`;
}

export function correctableSql(subject: PermissionSubject, table: TodoTable = 'forms', dialect: DatabaseDialect = 'sqlite'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${levelOf(table, dialect)} = 0 and ${scopeCondition(grantScopes(subject, 'frm_edit'), columnsOf(table))})`;
}

export const todoSql = (kind: TodoKind, subject: PermissionSubject, table: TodoTable = 'forms', dialect: DatabaseDialect = 'sqlite'): RawBuilder<SqlBool> =>
  kind === 'approvable' ? approvableSql(subject, table, dialect) : correctableSql(subject, table, dialect);

export const TODO_FIELDS: ListFieldMap = {
  registryId: { column: 'forms.registry_id', type: 'text' },
  instituteId: { column: 'forms.institute_id', type: 'text' },
  formTypeId: { column: 'forms.form_type_id', type: 'integer' },
  state: { column: 'forms.state', type: 'text' },
  displayId: { column: 'forms.display_id', type: 'text' },
  updatedAt: { column: 'forms.updated_at', type: 'date', notNull: true },
  createdAt: { column: 'forms.created_at', type: 'date', notNull: true },
};

/** The filters the counters can answer: they hold only the scope columns. */
const COUNTER_FIELDS: ListFieldMap = {
  registryId: { column: 'todo_counts.registry_id', type: 'text' },
  instituteId: { column: 'todo_counts.institute_id', type: 'text' },
  formTypeId: { column: 'todo_counts.form_type_id', type: 'integer' },
};

/** The subject's to-do forms; `todo_level is not null` is the condition of the partial indexes. */
function todoForms(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, kind: TodoKind) {
  return db
    .selectFrom('forms')
    .innerJoin('registries', 'registries.id', 'forms.registry_id')
    .where('forms.todo_level', 'is not', null)
    .where(todoSql(kind, subject, 'forms', dialect));
}

/** The exact count: from the counters when the filters allow, else over the to-do forms. */
async function todoTotal(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, kind: TodoKind, query: ListQuery): Promise<number> {
  if (query.filter.every((clause) => clause.field in COUNTER_FIELDS)) {
    const counted = db
      .selectFrom('todo_counts')
      .innerJoin('registries', 'registries.id', 'todo_counts.registry_id')
      .select(sql<number | string | null>`sum(todo_counts.n)`.as('total'))
      .where(todoSql(kind, subject, 'todo_counts'));
    const row = await applyListFilters(counted, query.filter, COUNTER_FIELDS, dialect).executeTakeFirst();
    return Number(row?.total ?? 0);
  }
  const counted = todoForms(db, dialect, subject, kind).select(sql<number | string>`count(*)`.as('total'));
  const row = await applyListFilters(counted, query.filter, TODO_FIELDS, dialect).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** One page of ids, from the covering sort index alone: deep pages skip index entries, not rows. */
async function pageIds(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, kind: TodoKind, query: ListQuery): Promise<string[]> {
  const spec = { fields: TODO_FIELDS, dialect, tieBreaker: 'forms.id', defaultSort: [{ field: 'updatedAt', direction: 'asc' as const }] };
  const filtered = applyListFilters(todoForms(db, dialect, subject, kind).select('forms.id'), query.filter, TODO_FIELDS, dialect);
  const rows = await applyListSort(filtered, query.sort, spec).limit(query.limit).offset(query.offset).execute();
  return rows.map((row) => row.id);
}

async function pageRows(db: Kysely<Database>, subject: PermissionSubject, ids: readonly string[], locale: Locale) {
  if (ids.length === 0) return [];
  const personal = personalDataSql(subject);
  const rows = await db
    .selectFrom('forms')
    .innerJoin('registries', 'registries.id', 'forms.registry_id')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .select([
      'forms.id',
      'forms.form_type_id',
      'forms.display_id',
      'forms.state',
      'forms.version',
      'forms.updated_at',
      'forms.physician_id',
      locale === 'en' ? 'form_types.name_en as form_type_name' : 'form_types.name_hu as form_type_name',
      approvalLevelsColumn(db),
      'patients.id as patient_id',
      'patients.internal_patient_number',
      sql<string | null>`case when ${personal} then patients.name else null end`.as('patient_name'),
      'attendances.id as attendance_id',
      'attendances.display_id as attendance_display_id',
      'registries.id as registry_id',
      'registries.short_name as registry_short_name',
    ])
    .where('forms.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listTodo(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, kind: TodoKind, query: ListQuery, locale: Locale) {
  // The total first: it is cheap (counters), and a page past the end or an empty list needs no
  // walk over the to-do index.
  const total = await todoTotal(db, dialect, subject, kind, query);
  const ids = query.offset >= total ? [] : await pageIds(db, dialect, subject, kind, query);
  const rows = await pageRows(db, subject, ids, locale);
  // The correctable list says why each form came back; read by id after the page is cut, so the
  // list query itself stays as it is.
  const rejections = kind === 'correctable' ? await rejectionSummariesOf(db, ids) : null;
  const items = rows.map((row) => ({
    ...toFormSummary(row),
    patient: { id: row.patient_id, internalPatientNumber: row.internal_patient_number, name: row.patient_name },
    attendance: { id: row.attendance_id, displayId: row.attendance_display_id },
    registry: { id: row.registry_id, shortName: row.registry_short_name },
    ...(rejections ? { rejection: rejections.get(row.id) ?? null } : {}),
  }));
  return { items, total: query.statistics ? total : undefined };
}

export async function countTodo(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, kind: TodoKind, query: ListQuery): Promise<number> {
  return todoTotal(db, dialect, subject, kind, query);
}

/** Per registry: how many to-dos of a kind the subject has (from the counters), a member of the dashboard's counts. */
export function todoCountsQuery(db: Kysely<Database>, subject: PermissionSubject, kind: TodoKind, registryIds: readonly string[]) {
  return db
    .selectFrom('todo_counts')
    .innerJoin('registries', 'registries.id', 'todo_counts.registry_id')
    .select(['todo_counts.registry_id', sql<number | string>`sum(todo_counts.n)`.as('n')])
    .where('todo_counts.registry_id', 'in', registryIds)
    .where(todoSql(kind, subject, 'todo_counts'))
    .groupBy('todo_counts.registry_id');
}
