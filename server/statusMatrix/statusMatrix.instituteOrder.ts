// The status matrix sorted by institute, read one institute after another (docs/decisions.md
// "Scale: the matrix's other sorts"). Sorting every attendance in scope by the joined institute's
// name took 300-460 ms for one page at 233,000 attendances. The institutes are few and their kept
// counters say how many attendances each holds, so the page is the institutes in name order, each
// one's attendances in id order (attendances_institute_id_idx), skipping whole institutes for the
// offset. Ties of the folded name (short names are unique regardless of case) fall to the
// institute's id.
import { sql, type Kysely } from 'kysely';
import type { ListQuery, SortClause } from '../../src/domain/lists';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { caseFold } from '../db/sqlFunctions';
import { applyListFilters } from '../lists/listQuery';
import { scopeCondition } from '../permissions/scopeSql';
import { scopesIn } from './statusMatrix.totals';

export interface InstituteCount {
  instituteId: string;
  /** The institute's attendances in the caller's scope (before any filter but the institute). */
  n: number;
}

/** The sort this module answers: the institute alone, either way. */
export function instituteSortOf(sort: readonly SortClause[]): SortClause['direction'] | undefined {
  return sort.length === 1 && sort[0].field === 'instituteShortName' ? sort[0].direction : undefined;
}

/** The registry's institutes holding attendances in the caller's scope, in the sort's order, from the kept counters. */
export async function institutesInSortOrder(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  subject: PermissionSubject,
  registryId: string,
  query: ListQuery,
  direction: SortClause['direction'],
): Promise<InstituteCount[]> {
  const total = sql<number | string>`sum(attendance_counts.n)`;
  const counted = db
    .selectFrom('attendance_counts')
    .innerJoin('institutes', 'institutes.id', 'attendance_counts.institute_id')
    .select(['institutes.id', total.as('n')])
    .where('attendance_counts.registry_id', '=', registryId)
    .where(scopeCondition(scopesIn(subject, registryId), { instituteId: 'attendance_counts.institute_id', physicianId: 'attendance_counts.physician_id' }))
    .groupBy(['institutes.id', 'institutes.short_name'])
    .having(total, '>', 0)
    .orderBy(caseFold(dialect, sql.ref('institutes.short_name')), direction)
    .orderBy('institutes.id', direction);
  const byInstitute = query.filter.filter((clause) => clause.field === 'instituteId');
  const fields = { instituteId: { column: 'attendance_counts.institute_id', type: 'text' as const } };
  const rows = await applyListFilters(counted, byInstitute, fields, dialect).execute();
  return rows.map((row) => ({ instituteId: row.id, n: Number(row.n) }));
}

/**
 * One page over the institutes in order: whole institutes are skipped while the offset covers
 * them, so `n` must be exact for the filtered list whenever the offset is not 0.
 */
export async function pageByInstitute<Row>(
  institutes: readonly InstituteCount[],
  offset: number,
  limit: number,
  readPage: (instituteId: string, limit: number, offset: number) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  let skip = offset;
  for (const { instituteId, n } of institutes) {
    if (rows.length >= limit) break;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    rows.push(...(await readPage(instituteId, limit - rows.length, skip)));
    skip = 0;
  }
  return rows;
}
