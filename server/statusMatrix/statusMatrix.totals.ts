// The status matrix's exact totals from kept counters (docs/decisions.md "Scale: the matrix page,
// single reads, users and the application log", "Scale: the needs-my-action total and the users'
// name order" and "Scale: the matrix's other sorts"): attendance_counts for the unfiltered total,
// attendance_todo_counts with todo_signatures for "needs my action", attendance_state_counts for
// "has a form in state X". Each sums a few counter rows of the registry, however many attendances
// it holds.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import { grantScopes, type PermissionScope, type PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { applyListFilters } from '../lists/listQuery';
import { scopeCondition } from '../permissions/scopeSql';
import type { FormState } from '../../src/domain/forms/lifecycle';
import { formStatesSql, needsActionSql } from './statusMatrix.repository';

/** What the matrix's form filters (`state`, `needsMyAction`) ask, besides their conditions. */
export interface FormFilters {
  conditions: RawBuilder<SqlBool>[];
  /** `state` clauses alone, or one `needsMyAction` clause alone: the counters answer; `waits` is what it wants. */
  countable: boolean;
  waits?: boolean;
  /** The states the attendance must have a form in (`state==X` clauses). */
  states: FormState[];
}

/** The subject's reg_access scopes that reach into this registry (others can match no row here). */
export function scopesIn(subject: PermissionSubject, registryId: string): { all: boolean; scopes: PermissionScope[] } {
  const grant = grantScopes(subject, 'reg_access');
  const scopes = grant.scopes.filter((scope) => scope.registryId === undefined || scope.registryId === registryId);
  return { all: grant.all || scopes.some((scope) => scope.instituteId === undefined && scope.physicianId === undefined), scopes };
}

type Counter = 'attendance_counts' | 'attendance_todo_counts' | 'attendance_state_counts';

/** The sum of a counter's rows in the registry and the caller's scope, with the institute filter, as one SQL value. */
function counterSumSql(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  registryId: string,
  query: ListQuery,
  counter: Counter,
  condition: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`,
): RawBuilder<number | string> {
  const counted = db
    .selectFrom(counter)
    .innerJoin('registries', 'registries.id', `${counter}.registry_id`)
    .select(sql<number | string>`coalesce(sum(${sql.ref(`${counter}.n`)}), 0)`.as('total'))
    .where(`${counter}.registry_id`, '=', registryId)
    .where(scopeCondition(scopesIn(subject, registryId), { instituteId: `${counter}.institute_id`, physicianId: `${counter}.physician_id` }))
    .where(condition);
  const fields = { instituteId: { column: `${counter}.institute_id`, type: 'text' as const } };
  return sql<number | string>`(${applyListFilters(counted, query.filter, fields, dialect)})`;
}

/**
 * Attendances whose signature holds a form the subject may approve now or must correct: the to-do
 * lists' own condition, tested on the signature's pairs with the counter row's scope columns (an
 * attendance's forms carry its registry, institute and physician).
 */
function waitingSignatureSql(subject: PermissionSubject, dialect: DatabaseDialect): RawBuilder<SqlBool> {
  const columns = {
    registryId: 'attendance_todo_counts.registry_id',
    instituteId: 'attendance_todo_counts.institute_id',
    physicianId: 'attendance_todo_counts.physician_id',
    formTypeId: 'todo_signatures.form_type_id',
    todoLevel: 'todo_signatures.todo_level',
  };
  return sql<SqlBool>`exists (select 1 from todo_signatures where todo_signatures.signature = attendance_todo_counts.todo_signature and ${needsActionSql(subject, columns, dialect)})`;
}

/**
 * The exact total from the counters as one SQL value, when only the institute filter and either
 * state filters or one "needs my action" narrow the list; undefined when other filters do (the
 * caller counts the rows then). A value, not a number: the first page reads it along (statusMatrix.page.ts).
 */
export function keptTotalSql(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  registryId: string,
  query: ListQuery,
  forms: FormFilters,
): RawBuilder<number | string> | undefined {
  if (!query.statistics || !forms.countable || !query.filter.every((clause) => clause.field === 'instituteId')) return undefined;
  if (forms.states.length > 0) {
    return counterSumSql(db, dialect, subject, registryId, query, 'attendance_state_counts', formStatesSql('attendance_state_counts.form_states', forms.states));
  }
  const all = counterSumSql(db, dialect, subject, registryId, query, 'attendance_counts');
  if (forms.waits === undefined) return all;
  const waiting = counterSumSql(db, dialect, subject, registryId, query, 'attendance_todo_counts', waitingSignatureSql(subject, dialect));
  return forms.waits ? waiting : sql<number | string>`${all} - ${waiting}`;
}

/** The value of `keptTotalSql` on its own. */
export async function keptTotalOf(db: Kysely<Database>, total: RawBuilder<number | string>): Promise<number> {
  const row = await db.selectNoFrom(total.as('total')).executeTakeFirst();
  return Number(row?.total ?? 0);
}
