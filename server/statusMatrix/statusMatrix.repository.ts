// SQL of the subject status matrix (docs/decisions.md "Subject status matrix"): the registry's
// columns (period × form type), one page of the attendances the caller may see (statusMatrix.page.ts),
// and every live form of that page in one query. A page is always the same few statements, however many rows it holds.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { FormState } from '../../src/domain/forms/lifecycle';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import type { Locale } from '../i18n/locale';
import { approvableSql, correctableSql, type TodoTable } from '../forms/forms.todo';
import { reachableParticipationSql } from '../registries/registries.service';

export { MATRIX_FIELDS, matrixRows, type MatrixRowRecord } from './statusMatrix.page';

export interface MatrixColumn {
  periodIndex: number;
  periodName: string;
  formTypeId: number;
  formTypeShortName: string;
  formTypeName: string;
  /** How many forms of the type one period may hold; null: repeatable. */
  maxPerPeriod: number | null;
}

export interface MatrixFormRecord {
  id: string;
  attendanceId: string;
  periodIndex: number;
  formTypeId: number;
  displayId: string;
  state: string;
  approvalLevel: number;
  requiredLevels: number;
  needsMyAction: boolean;
}

/**
 * The registry's periods and the form types each allows, in period order then form type order;
 * null when no registry has the id. One statement answers both, so that the matrix needs no
 * probe of its own for the registry (a round trip on PostgreSQL).
 */
export async function matrixColumns(db: Kysely<Database>, registryId: string, locale: Locale): Promise<MatrixColumn[] | null> {
  const rows = await db
    .selectFrom('registries')
    .leftJoin('registry_periods', 'registry_periods.registry_id', 'registries.id')
    .leftJoin('registry_period_form_types', (join) =>
      join.onRef('registry_period_form_types.registry_id', '=', 'registry_periods.registry_id').onRef('registry_period_form_types.period_index', '=', 'registry_periods.period_index'),
    )
    .leftJoin('form_types', 'form_types.id', 'registry_period_form_types.form_type_id')
    .select([
      'registry_periods.period_index',
      locale === 'en' ? 'registry_periods.name_en as period_name' : 'registry_periods.name_hu as period_name',
      'form_types.id as form_type_id',
      'form_types.short_name',
      locale === 'en' ? 'form_types.name_en as form_type_name' : 'form_types.name_hu as form_type_name',
      'registry_period_form_types.max_per_period',
    ])
    .where('registries.id', '=', registryId)
    .orderBy('registry_periods.period_index')
    .orderBy('form_types.position')
    .orderBy('form_types.id')
    .execute();
  if (rows.length === 0) return null;
  // A registry without periods, or a period without form types, is one row with nothing joined.
  return rows.flatMap((row) =>
    row.period_index === null || row.form_type_id === null
      ? []
      : [
          {
            periodIndex: Number(row.period_index),
            periodName: row.period_name ?? '',
            formTypeId: Number(row.form_type_id),
            formTypeShortName: row.short_name ?? '',
            formTypeName: row.form_type_name ?? '',
            maxPerPeriod: row.max_per_period === null ? null : Number(row.max_per_period),
          },
        ],
  );
}

/** The forms that wait for the subject: approvable now or to be corrected (the to-do lists' conditions). */
export function needsActionSql(subject: PermissionSubject, table: TodoTable = 'forms', dialect: DatabaseDialect = 'sqlite'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${approvableSql(subject, table, dialect)} or ${correctableSql(subject, table, dialect)})`;
}

/**
 * The attendance has a form waiting for the subject (the "needs my action" filter), read from its
 * kept to-do signature (migration 0020): one of the signature's (form type, level) pairs passes the
 * to-do lists' condition with the attendance's scope columns, which its forms carry. A probe of a
 * few `todo_signatures` rows per attendance the page walks, and none for attendances without
 * to-dos (null signature), instead of reading the attendance's forms.
 */
export function attendanceWaitsSql(subject: PermissionSubject, dialect: DatabaseDialect): RawBuilder<SqlBool> {
  const columns = {
    registryId: 'attendances.registry_id',
    instituteId: 'attendances.institute_id',
    physicianId: 'attendances.physician_id',
    formTypeId: 'todo_signatures.form_type_id',
    todoLevel: 'todo_signatures.todo_level',
  };
  return sql<SqlBool>`exists (select 1 from todo_signatures inner join registries on registries.id = attendances.registry_id
    where todo_signatures.signature = attendances.todo_signature and ${needsActionSql(subject, columns, dialect)})`;
}

/** The bit of each form state in `attendances.form_states` (migration 0029 keeps the same). */
const STATE_BITS: Readonly<Record<FormState, number>> = { draft: 1, await_inspect: 2, rejected: 4, correct_draft: 8, corrected: 16, final: 32 };

/**
 * A kept mask (`column`: the attendance's, migration 0029, or its counter's, 0033) is one of the
 * masks holding every state's bit, listed so that an index seeks each of them (a bit test would
 * read every entry of the registry).
 */
export function formStatesSql(column: string, states: readonly FormState[]): RawBuilder<SqlBool> {
  const bits = states.reduce((all, state) => all | STATE_BITS[state], 0);
  const masks = Array.from({ length: 64 }, (_, mask) => mask).filter((mask) => (mask & bits) === bits);
  return sql<SqlBool>`${sql.ref(column)} in (${sql.raw(masks.join(', '))})`;
}

/** The attendance has a live form in `state`. */
export function attendanceHasStateSql(state: FormState): RawBuilder<SqlBool> {
  return formStatesSql('attendances.form_states', [state]);
}

/** Every live form of the attendances, in one statement, with whether each waits for the subject. */
export async function matrixForms(db: Kysely<Database>, subject: PermissionSubject, attendanceIds: readonly string[]): Promise<MatrixFormRecord[]> {
  if (attendanceIds.length === 0) return [];
  const rows = await db
    .selectFrom('forms')
    .innerJoin('attendance_periods', 'attendance_periods.id', 'forms.attendance_period_id')
    .innerJoin('registries', 'registries.id', 'forms.registry_id')
    .select([
      'forms.id',
      'forms.attendance_id',
      'attendance_periods.period_index',
      'forms.form_type_id',
      'forms.display_id',
      'forms.state',
      'forms.approval_level',
      'registries.required_approval_levels',
      sql<number>`case when ${needsActionSql(subject)} then 1 else 0 end`.as('needs_action'),
    ])
    .where('forms.attendance_id', 'in', attendanceIds)
    .where('forms.deleted_at', 'is', null)
    .orderBy('forms.created_at')
    .orderBy('forms.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    attendanceId: row.attendance_id,
    periodIndex: Number(row.period_index),
    formTypeId: Number(row.form_type_id),
    displayId: row.display_id,
    state: row.state,
    approvalLevel: Number(row.approval_level),
    requiredLevels: Number(row.required_approval_levels),
    needsMyAction: Number(row.needs_action) === 1,
  }));
}

/** The institutes of the registry the subject reaches (reg_access there), for the institute filter. */
export async function matrixInstitutes(db: Kysely<Database>, subject: PermissionSubject, registryId: string): Promise<{ id: string; shortName: string }[]> {
  const rows = await db
    .selectFrom('registry_institutes')
    .innerJoin('institutes', 'institutes.id', 'registry_institutes.institute_id')
    .select(['institutes.id', 'institutes.short_name'])
    .where('registry_institutes.registry_id', '=', registryId)
    .where(reachableParticipationSql(subject))
    .orderBy('institutes.short_name')
    .execute();
  return rows.map((row) => ({ id: row.id, shortName: row.short_name }));
}
