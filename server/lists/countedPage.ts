// A page and the number of all its list's matches in one statement, for lists whose page reads
// every match anyway (a search's few thousand matches sorted whole): the matches are gathered once
// with their sort keys (a materialized common table expression), counted by a scalar subquery, and
// the page is sorted from them. Counted along the page with `count(*) over ()` instead, SQLite kept
// every match in a window buffer and read it again, about 0.35 µs a match: 2.5 ms for the 3,334
// patients an investigator's "Nagy" finds, 1.9 ms this way (docs/decisions.md "Counts along the page
// from the gathered matches").
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { SortTerm } from './listQuery';

const sortKey = (index: number) => `sort_key_${index}`;

/**
 * One page of `matches` in the order of `terms` (sortTerms of the list's query) and their total. An empty page past the end has no
 * row to carry the total: it is undefined then (the caller counts), 0 for an empty first page.
 */
export async function countedPage<Schema, DB, TB extends keyof DB, O>(
  db: Kysely<Schema>,
  matches: SelectQueryBuilder<DB, TB, O>,
  terms: readonly SortTerm[],
  query: Pick<ListQuery, 'limit' | 'offset'>,
): Promise<{ rows: O[]; total?: number }> {
  const keyed = matches.select(terms.map(({ ref }, index) => sql`${ref}`.as(sortKey(index))) as never);
  // The statement's own names (the expression's, its keys') are not in the schema's types.
  const loose = db as unknown as Kysely<{ matches: Record<string, unknown> }>;
  let page = loose
    .with((cte) => cte('matches').materialized(), () => keyed as never)
    .selectFrom('matches')
    .selectAll()
    .select(sql<number | string>`(select count(*) from matches)`.as('list_total'));
  terms.forEach(({ direction, notNull }, index) => {
    const key = sql.ref(`matches.${sortKey(index)}`);
    // NULLs last in both directions, as applyListSort orders them.
    page = notNull ? page.orderBy(key, direction) : page.orderBy(key, (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast());
  });
  const found = await page.limit(query.limit).offset(query.offset).execute();
  const rows = found.map((row) => {
    const { list_total: _total, ...rest } = row as Record<string, unknown>;
    terms.forEach((_, index) => delete rest[sortKey(index)]);
    return rest as O;
  });
  if (found.length > 0) return { rows, total: Number((found[0] as { list_total: number | string }).list_total) };
  return { rows, total: query.offset === 0 ? 0 : undefined };
}
