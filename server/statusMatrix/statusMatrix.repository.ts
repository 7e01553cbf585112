// SQL of the subject status matrix (docs/decisions.md "Subject status matrix"): the registry's
// columns (period × form type) and institutes, one page of the attendances the caller may see with
// every live form of theirs (statusMatrix.page.ts, statusMatrix.forms.ts). A page is always the
// same few statements, however many rows it holds.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { FormState } from '../../src/domain/forms/lifecycle';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { jsonRowsSql, parseJsonRows } from '../db/jsonRows';
import type { Locale } from '../i18n/locale';
import { approvableSql, correctableSql, type TodoTable } from '../forms/forms.todo';
import { reachableParticipationSql } from '../registries/registries.service';

export { MATRIX_FIELDS, matrixRows, type MatrixRowRecord } from './statusMatrix.page';
export { type MatrixFormRecord } from './statusMatrix.forms';

export interface MatrixColumn {
  periodIndex: number;
  periodName: string;
  formTypeId: number;
  formTypeShortName: string;
  formTypeName: string;
  /** How many forms of the type one period may hold; null: repeatable. */
  maxPerPeriod: number | null;
}

export interface MatrixHeading {
  columns: MatrixColumn[];
  /** The institutes of the registry the subject reaches (reg_access there), for the institute filter. */
  institutes: { id: string; shortName: string }[];
}

/** The heading as two JSON values of a statement over `registries` (its columns, its institutes). */
interface HeadingSql {
  columns: RawBuilder<unknown>;
  institutes: RawBuilder<unknown>;
}

/**
 * The registry's periods and the form types each allows (in period order, then form type order)
 * with the institutes the subject reaches there (by short name), as two JSON values of the
 * registry's row (`registries.id` of the statement around them).
 */
function headingSql(dialect: DatabaseDialect, subject: PermissionSubject, locale: Locale): HeadingSql {
  const en = locale === 'en';
  const columns = jsonRowsSql(
    dialect,
    [
      sql`registry_periods.period_index`,
      en ? sql`registry_periods.name_en` : sql`registry_periods.name_hu`,
      sql`form_types.id`,
      sql`form_types.short_name`,
      en ? sql`form_types.name_en` : sql`form_types.name_hu`,
      sql`registry_period_form_types.max_per_period`,
    ],
    sql`registry_periods.period_index, form_types.position, form_types.id`,
    sql`registry_periods
      inner join registry_period_form_types on registry_period_form_types.registry_id = registry_periods.registry_id
        and registry_period_form_types.period_index = registry_periods.period_index
      inner join form_types on form_types.id = registry_period_form_types.form_type_id
      where registry_periods.registry_id = registries.id`,
  );
  const institutes = jsonRowsSql(
    dialect,
    [sql`institutes.id`, sql`institutes.short_name`],
    sql`institutes.short_name, institutes.id`,
    sql`registry_institutes inner join institutes on institutes.id = registry_institutes.institute_id
      where registry_institutes.registry_id = registries.id and ${reachableParticipationSql(subject)}`,
  );
  return { columns, institutes };
}

/** The heading from its two JSON values (headingSql). */
export function parseMatrixHeading(columns: unknown, institutes: unknown): MatrixHeading {
  return {
    columns: parseJsonRows(columns).map(([periodIndex, periodName, formTypeId, shortName, formTypeName, maxPerPeriod]) => ({
      periodIndex: Number(periodIndex),
      periodName: String(periodName ?? ''),
      formTypeId: Number(formTypeId),
      formTypeShortName: String(shortName ?? ''),
      formTypeName: String(formTypeName ?? ''),
      maxPerPeriod: maxPerPeriod === null ? null : Number(maxPerPeriod),
    })),
    institutes: parseJsonRows(institutes).map(([id, shortName]) => ({ id: String(id), shortName: String(shortName) })),
  };
}

/**
 * The heading of the registry (null when no registry has the id) in one statement, so the matrix
 * needs no probe of its own for the registry and no round trip for each list (decisions.md "The
 * status matrix in two statements").
 */
export async function matrixHeading(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, registryId: string, locale: Locale): Promise<MatrixHeading | null> {
  const { columns, institutes } = headingSql(dialect, subject, locale);
  const row = await db.selectFrom('registries').select([columns.as('columns'), institutes.as('institutes')]).where('registries.id', '=', registryId).executeTakeFirst();
  return row === undefined ? null : parseMatrixHeading(row.columns, row.institutes);
}

/**
 * Where the matrix's page finds its heading: read on its own beside the page's statements, or
 * carried by the page's statement (a round trip less: statusMatrix.page.ts), as two values each
 * reading the registry's row by id, null when no registry has it.
 */
export interface HeadingSource {
  read(): Promise<MatrixHeading | null>;
  carried: HeadingSql;
}

export function headingSource(db: Kysely<Database>, dialect: DatabaseDialect, subject: PermissionSubject, registryId: string, locale: Locale): HeadingSource {
  const { columns, institutes } = headingSql(dialect, subject, locale);
  const ofRegistry = (value: RawBuilder<unknown>) => sql`(select ${value} from registries where registries.id = ${registryId})`;
  return {
    read: () => matrixHeading(db, dialect, subject, registryId, locale),
    carried: { columns: ofRegistry(columns), institutes: ofRegistry(institutes) },
  };
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

