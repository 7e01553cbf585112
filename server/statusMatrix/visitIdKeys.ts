// A rare visit-id search's matches read with their keys from the search rows (SQLite, migration
// 0039; docs/decisions.md "A rare visit-id search reads its matches' keys from the search rows").
// The page reads every match of a rare term to sort and count it; the FTS5 matches are joined to
// their rows in attendance_display_search anyway, which now hold the registry, the scope columns
// and the sort keys of the matrix's default order, kept by triggers. Looking each match's
// attendance up by id cost more than the rest of the statement (`0112`: 1.85 ms, 1.1 from the rows).
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FilterClause, ListQuery } from '../../src/domain/lists';
import type { Database } from '../db/database';
import { phraseOf, VISIT_IDS } from '../lists/trigramIndexes';

/** The orders the search rows hold the keys of (the tie-breaker, the id, is there too). */
const KEYED_SORTS = new Set(['internalPatientNumber', 'startDateTime']);

/** Whether the search rows answer this page: no filter but the institute, no form condition, a keyed order. */
export function readsKeys(query: ListQuery, rest: readonly FilterClause[], formConditions: number): boolean {
  return formConditions === 0 && rest.every((clause) => clause.field === 'instituteId') && query.sort.every((clause) => KEYED_SORTS.has(clause.field));
}

/**
 * The attendances whose visit id contains the folded `term`, in the registry and the caller's
 * `scope`, as rows of the search under the attendances' name and column names: `id`, the scope
 * columns and the sort keys only.
 */
export function keyedVisitIdMatches(db: Kysely<Database>, term: string, registryId: string, scope: RawBuilder<SqlBool>) {
  const rows = sql`(select s.id, s.registry_id, s.institute_id, s.physician_id, s.patient_number_folded, s.start_date_time
    from ${sql.table(VISIT_IDS.fts)}(${phraseOf(term)}) f inner join ${sql.table(VISIT_IDS.rows)} s on s.seq = f.rowid)`;
  const matches = db.selectFrom(rows.as('attendances')) as unknown as SelectQueryBuilder<Database, 'attendances', object>;
  return matches.where('attendances.registry_id', '=', registryId).where(scope);
}
