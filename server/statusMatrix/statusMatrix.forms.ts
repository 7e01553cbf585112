// The forms of the status matrix's rows, read in the page's own statement (statusMatrix.page.ts).
import { sql, type RawBuilder } from 'kysely';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import { jsonRowsSql, parseJsonRows } from '../db/jsonRows';
import { needsActionSql } from './statusMatrix.repository';

export interface MatrixFormRecord {
  id: string;
  periodIndex: number;
  formTypeId: number;
  displayId: string;
  state: string;
  approvalLevel: number;
  requiredLevels: number;
  needsMyAction: boolean;
}

/** What a form of a matrix row carries, in this order, in matrixFormsColumn's JSON arrays. */
const FORM_COLUMNS = [
  sql`forms.id`,
  sql`attendance_periods.period_index`,
  sql`forms.form_type_id`,
  sql`forms.display_id`,
  sql`forms.state`,
  sql`forms.approval_level`,
  sql`registries.required_approval_levels`,
];

/**
 * Every live form of the row's attendance (`attendances.id` of the statement around it), in
 * creation order, with whether each waits for the subject: a column of the page's own statement,
 * computed for the page's rows only (the page reads its rows first: statusMatrix.page.ts), so
 * that the page and its forms take one round trip (decisions.md "The status matrix in two statements").
 */
export function matrixFormsColumn(subject: PermissionSubject, dialect: DatabaseDialect): RawBuilder<unknown> {
  return jsonRowsSql(
    dialect,
    [...FORM_COLUMNS, sql`case when ${needsActionSql(subject)} then 1 else 0 end`],
    sql`forms.created_at, forms.id`,
    sql`forms inner join attendance_periods on attendance_periods.id = forms.attendance_period_id
      inner join registries on registries.id = forms.registry_id
      where forms.attendance_id = attendances.id and forms.deleted_at is null`,
  );
}

/** matrixFormsColumn's value of a row. */
export function parseMatrixForms(value: unknown): MatrixFormRecord[] {
  return parseJsonRows(value).map(([id, periodIndex, formTypeId, displayId, state, approvalLevel, requiredLevels, needsAction]) => ({
    id: String(id),
    periodIndex: Number(periodIndex),
    formTypeId: Number(formTypeId),
    displayId: String(displayId),
    state: String(state),
    approvalLevel: Number(approvalLevel),
    requiredLevels: Number(requiredLevels),
    needsMyAction: Number(needsAction) === 1,
  }));
}
