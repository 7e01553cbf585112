// A "visit id contains" term of four characters or more on PostgreSQL, asked of the visit ids'
// four-character pieces (migration 0041, docs/decisions.md "A visit-id search on PostgreSQL asks
// for four-character pieces"): the rows whose pieces hold the term's two rarest, then the whole
// term tested on each. Every visit id containing the term holds all of its pieces, so nothing is
// missed; the test of the whole term is the clause's LIKE with `%`, `_` and `\` as plain characters.
// The LIKE stays, and pg_trgm's index or a scan answers it as the planner sees fit, for a term
// under four characters and for one whose rarest piece the statistics put in more visit ids than
// the gather keeps (MAX_MATCHES): the planner guesses every `@>` at a fixed share, so it would read
// all of them through the index (`szlk`: 200,000 rows, 18 ms) where a scan finds 2,001 in 3 ms.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { FilterClause } from '../../src/domain/lists';
import type { Database } from '../db/database';
import { gramCounts, gramsOf, rarestGrams, type GramStatistics } from '../lists/gramShares';
import { holdsSql } from '../lists/pgContains';
import { MAX_MATCHES } from './indexedSearch';

const PIECE = 4;
/** Two pieces narrow the rows read more than one (`20240112`: 0.6 against 0.9 ms); all five read more posting lists than they save rows (1.4 ms). */
const ASKED = 2;
const STATISTICS: GramStatistics = { table: 'attendances_display_quadgram_idx', column: 'text_quadgrams', rowsOf: 'attendances', elements: true };

/**
 * The pieces a term's search asks for (rarest first): none for a term under four characters or
 * whose rarest piece the statistics put in more than `atMost` visit ids.
 */
export async function askedPieces(db: Kysely<Database>, term: string, now = Date.now(), atMost = MAX_MATCHES): Promise<string[]> {
  const pieces = gramsOf(term, PIECE);
  if (pieces.length === 0) return [];
  const counts = await gramCounts(db, STATISTICS, now);
  const asked = rarestGrams(pieces, ASKED, counts);
  return counts.shareOf(asked[0]) * counts.rows > atMost ? [] : asked;
}

/** The filters with each visit-id term whose pieces are asked for turned into a condition on them. */
export async function visitIdQuadgramSearch(
  db: Kysely<Database>,
  filter: readonly FilterClause[],
): Promise<{ filter: FilterClause[]; conditions: RawBuilder<SqlBool>[] }> {
  const rest: FilterClause[] = [];
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const clause of filter) {
    // Folded as the filter folds it (listQuery.ts likePattern), against lower(display_id) as the index holds it.
    const term = clause.value.toLowerCase();
    const pieces = clause.field === 'displayId' && clause.operator === '=@' ? await askedPieces(db, term) : [];
    if (pieces.length === 0) {
      rest.push(clause);
      continue;
    }
    const folded = sql`lower(${sql.ref('attendances.display_id')})`;
    conditions.push(sql<SqlBool>`(text_quadgrams(${folded}) @> array[${sql.join(pieces)}]::text[] and ${holdsSql(folded, term)})`);
  }
  return { filter: rest, conditions };
}
