// The subject status matrix of a registry (docs/decisions.md "Subject status matrix"): who sees it
// (reg_access in the registry, else 403/404 as GET /registries/{id}), what its filters mean, and
// how a page is assembled: each row's cells line up with the columns, one forms list per column.
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { FORM_STATES, type FormState } from '../../src/domain/forms/lifecycle';
import type { FilterClause, ListQuery } from '../../src/domain/lists';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { validationError, type FieldError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { typedValue } from '../lists/listQuery';
import { readForVisibleRegistry } from '../registries/registries.service';
import {
  attendanceHasStateSql,
  attendanceWaitsSql,
  headingSource,
  matrixRows,
  type MatrixColumn,
  type MatrixFormRecord,
  type MatrixRowRecord,
} from './statusMatrix.repository';
import type { FormFilters } from './statusMatrix.totals';

export type MatrixCellForm = Omit<MatrixFormRecord, 'periodIndex' | 'formTypeId'>;

export interface MatrixRow extends MatrixRowRecord {
  /** One entry per column, in the columns' order: the forms there (several where repeatable). */
  cells: MatrixCellForm[][];
}

export interface StatusMatrix {
  columns: MatrixColumn[];
  institutes: { id: string; shortName: string }[];
  rows: MatrixRow[];
  total?: number;
  /** More matches than `total`: a common code search counted no further (statusMatrix.page.ts). */
  totalCapped?: boolean;
}

const FORM_FILTERS = new Set(['state', 'needsMyAction']);

/**
 * `state==X` (some form in state X) and `needsMyAction==true|false` as conditions on the
 * attendance, with what the kept counters need to answer the total; bad ones are a 400.
 */
export function formConditions(clauses: readonly FilterClause[], subject: PermissionSubject, registryId: string, dialect: DatabaseDialect): FormFilters {
  const errors: FieldError[] = [];
  const conditions: RawBuilder<SqlBool>[] = [];
  const waits: boolean[] = [];
  const states: FormState[] = [];
  for (const clause of clauses) {
    const { field, operator, value } = clause;
    if (operator !== '==' && !(field === 'needsMyAction' && operator === '!=')) {
      errors.push({ path: 'filter', key: 'list.filterOperator', context: { field, operator } });
    } else if (field === 'state') {
      if ((FORM_STATES as readonly string[]).includes(value)) {
        conditions.push(attendanceHasStateSql(value as FormState));
        states.push(value as FormState);
      } else errors.push({ path: 'filter', key: 'list.filterValue', context: { field, value, type: 'text' } });
    } else {
      const typed = typedValue('boolean', value);
      if (!typed.ok) {
        errors.push({ path: 'filter', key: 'list.filterValue', context: { field, value, type: 'boolean' } });
        continue;
      }
      const wanted = typed.value === (operator === '==');
      const waiting = attendanceWaitsSql(subject, dialect);
      conditions.push(wanted ? waiting : sql<SqlBool>`not ${waiting}`);
      waits.push(wanted);
    }
  }
  if (errors.length > 0) throw validationError(errors);
  // The counters answer state filters alone, or one "needs my action" alone.
  return { conditions, countable: waits.length === 0 || (states.length === 0 && waits.length === 1), waits: waits[0], states };
}

/** A row's cells from its forms (in creation order): one list per column, in the columns' order. */
function cellsByColumn(columns: readonly MatrixColumn[]): (forms: readonly MatrixFormRecord[]) => MatrixCellForm[][] {
  const position = new Map(columns.map((column, index) => [`${column.periodIndex}/${column.formTypeId}`, index]));
  return (forms) => {
    const cells: MatrixCellForm[][] = columns.map(() => []);
    for (const form of forms) {
      // A form of a type its period no longer allows has no column; the attendance list still shows it.
      const index = position.get(`${form.periodIndex}/${form.formTypeId}`);
      if (index === undefined) continue;
      const { id, displayId, state, approvalLevel, requiredLevels, needsMyAction } = form;
      cells[index].push({ id, displayId, state, approvalLevel, requiredLevels, needsMyAction });
    }
    return cells;
  };
}

export async function statusMatrix(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  registryId: string,
  query: ListQuery,
  locale: Locale,
): Promise<StatusMatrix> {
  const heading = headingSource(db, dialect, subject, registryId, locale);
  // A registry that does not exist or is not the caller's answers 404/403 (as GET /registries/{id})
  // before a bad filter's 400.
  const visibleFirst = async (error: unknown): Promise<never> => {
    readForVisibleRegistry(subject, registryId, await heading.read());
    throw error;
  };
  let extra: FormFilters;
  try {
    extra = formConditions(query.filter.filter((clause) => FORM_FILTERS.has(clause.field)), subject, registryId, dialect);
  } catch (error) {
    return await visibleFirst(error);
  }
  const rest: ListQuery = { ...query, filter: query.filter.filter((clause) => !FORM_FILTERS.has(clause.field)) };
  // The page reads only what the subject's scopes allow, with the heading (statusMatrix.page.ts),
  // which says whether the registry exists and is the caller's.
  const page = await matrixRows(db, dialect, subject, registryId, rest, extra, heading).catch(visibleFirst);
  const { columns, institutes } = readForVisibleRegistry(subject, registryId, page.heading);
  const cellsOf = cellsByColumn(columns);
  return {
    columns,
    institutes,
    rows: page.rows.map(({ forms, ...row }) => ({ ...row, cells: cellsOf(forms) })),
    total: page.total,
    ...(page.totalCapped ? { totalCapped: true } : {}),
  };
}
