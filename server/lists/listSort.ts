// The order of a list (DESIGN §5): its sort clauses as terms (the field's key, case-folded text,
// the tie-breaker last), applied to a select, and "at or after a row" in that order.
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { SortClause } from '../../src/domain/lists';
import { caseFold } from '../db/sqlFunctions';
import type { ListField, ListSpec } from './listQuery';

export function refOf(field: ListField): Expression<unknown> {
  return typeof field.column === 'string' ? sql.ref(field.column) : field.column;
}

/** One key of a list's order: the expression sorted by, its direction, whether it may be NULL. */
export interface SortTerm {
  ref: Expression<unknown>;
  direction: SortClause['direction'];
  notNull: boolean;
}

/** The keys applyListSort orders by, the tie-breaker last. */
export function sortTerms(sort: readonly SortClause[], spec: ListSpec): SortTerm[] {
  const terms: SortTerm[] = [];
  let lastDirection: SortClause['direction'] = 'asc';
  for (const clause of sort.length > 0 ? sort : (spec.defaultSort ?? [])) {
    const field = spec.fields[clause.field];
    if (!field || field.sortKey === null) continue;
    lastDirection = clause.direction;
    // Text sorts ignore case (Unicode-aware on both dialects).
    const ref = field.sortKey ? refOf({ ...field, column: field.sortKey }) : field.type === 'text' ? caseFold(spec.dialect, refOf(field)) : refOf(field);
    terms.push({ ref, direction: clause.direction, notNull: field.notNull === true });
  }
  // The tie-breaker runs the way the last sort key runs, so that an index on (key, id) serves the
  // whole order walked backwards too: a mixed "key desc, id asc" made the database sort every row
  // it skipped (offset=50000 on the patients: 9 ms instead of 0.3 ms on SQLite).
  return [...terms, { ref: sql.ref(spec.tieBreaker), direction: lastDirection, notNull: true }];
}

export function applyListSort<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: readonly SortClause[],
  spec: ListSpec,
): SelectQueryBuilder<DB, TB, O> {
  return orderByTerms(query, sortTerms(sort, spec));
}

/** `query` ordered by the terms; NULLs go last in both directions on both dialects, which otherwise disagree. */
export function orderByTerms<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, terms: readonly SortTerm[]): SelectQueryBuilder<DB, TB, O> {
  let result = query;
  for (const { ref, direction, notNull } of terms) {
    if (notNull) result = result.orderBy(ref, direction);
    else result = result.orderBy(ref, (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast());
  }
  return result;
}

/**
 * The rows at or after one row in an order of keys that are never NULL, given that row's values
 * of the keys (in `terms` order): the first key's range, which an index of the order seeks to, and
 * then "later by the first key that differs, or the row itself".
 */
export function atOrAfterSql(terms: readonly SortTerm[], values: readonly unknown[]): RawBuilder<SqlBool> {
  if (terms.some((term) => !term.notNull)) throw new Error('atOrAfterSql needs keys that are never NULL');
  const compare = (index: number, strict: boolean) =>
    sql`${terms[index].ref} ${sql.raw(`${terms[index].direction === 'asc' ? '>' : '<'}${strict ? '' : '='}`)} ${values[index]}`;
  const equal = (index: number) => sql`${terms[index].ref} = ${values[index]}`;
  const branches = terms.map((_, index) => sql.join([...terms.slice(0, index).map((__, before) => equal(before)), compare(index, true)], sql` and `));
  const itself = sql.join(terms.map((_, index) => equal(index)), sql` and `);
  return sql<SqlBool>`(${compare(0, false)} and (${sql.join([...branches, itself].map((branch) => sql`(${branch})`), sql` or `)}))`;
}
