// A page and the number of all its list's matches in one statement, for lists whose page reads
// every match anyway (a search's few thousand matches sorted whole). On SQLite the matches are
// gathered once with their sort keys (a materialized common table expression), counted by a
// scalar subquery, and the page is sorted from them: counted along the page with `count(*) over ()`
// SQLite kept every match in a window buffer and read it again, about 0.35 µs a match (2.5 ms for
// the 3,334 patients an investigator's "Nagy" finds, 1.9 ms gathered). PostgreSQL's window costs
// less than its gathered form (×0.9 req/s measured), so it keeps counting along the page
// (docs/decisions.md "Counts of gathered matches on SQLite").
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import { orderByTerms, type SortTerm } from './listSort';

const sortKey = (index: number) => `sort_key_${index}`;

/**
 * One page of `matches` in the order of `terms` (sortTerms of the list's query) and their total. An
 * empty page past the end has no row to carry the total: it is undefined then (the caller counts),
 * 0 for an empty first page.
 */
export async function countedPage<Schema, DB, TB extends keyof DB, O>(
  db: Kysely<Schema>,
  dialect: DatabaseDialect,
  matches: SelectQueryBuilder<DB, TB, O>,
  terms: readonly SortTerm[],
  query: Pick<ListQuery, 'limit' | 'offset'>,
): Promise<{ rows: O[]; total?: number }> {
  const total = sql<number | string>`count(*) over ()`.as('list_total');
  const found = (
    dialect === 'postgres'
      ? await orderByTerms(matches.select(total as never), terms).limit(query.limit).offset(query.offset).execute()
      : await gatheredPage(db, matches, terms, query)
  ) as (Record<string, unknown> & { list_total: number | string })[];
  const rows = found.map((row) => {
    const { list_total: _total, ...rest } = row;
    terms.forEach((_, index) => delete rest[sortKey(index)]);
    return rest as O;
  });
  if (found.length > 0) return { rows, total: Number(found[0].list_total) };
  return { rows, total: query.offset === 0 ? 0 : undefined };
}

/** SQLite: the matches with their sort keys gathered once, counted and sorted from there. */
function gatheredPage<Schema, DB, TB extends keyof DB, O>(db: Kysely<Schema>, matches: SelectQueryBuilder<DB, TB, O>, terms: readonly SortTerm[], query: Pick<ListQuery, 'limit' | 'offset'>) {
  const keyed = matches.select(terms.map(({ ref }, index) => sql`${ref}`.as(sortKey(index))) as never);
  // The statement's own names (the expression's, its keys') are not in the schema's types.
  const loose = db as unknown as Kysely<{ matches: Record<string, unknown> }>;
  const page = loose
    .with((cte) => cte('matches').materialized(), () => keyed as never)
    .selectFrom('matches')
    .selectAll()
    .select(sql<number | string>`(select count(*) from matches)`.as('list_total'));
  // The same order, read from the gathered keys.
  const keys = terms.map((term, index) => ({ ...term, ref: sql.ref(`matches.${sortKey(index)}`) }));
  return orderByTerms(page, keys).limit(query.limit).offset(query.offset).execute();
}
