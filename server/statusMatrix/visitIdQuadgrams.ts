// A "visit id contains" term of four characters or more on PostgreSQL, asked of the visit ids'
// four-character pieces (migration 0041, docs/decisions.md "A visit-id search on PostgreSQL asks
// for four-character pieces"): the rows whose pieces hold the term's two rarest, then the whole
// term tested on each. Every visit id containing the term holds all of its pieces, so nothing is
// missed; `strpos` is the clause's LIKE with `%`, `_` and `\` as plain characters. Shorter terms
// keep the LIKE, which pg_trgm's index answers.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { FilterClause } from '../../src/domain/lists';
import type { Database } from '../db/database';
import { gramsOf, rarestGrams, type GramStatistics } from '../lists/gramShares';

const PIECE = 4;
/** Two pieces narrow the rows read more than one (`20240112`: 0.6 against 0.9 ms); all five read more posting lists than they save rows (1.4 ms). */
const ASKED = 2;
const STATISTICS: GramStatistics = { table: 'attendances_display_quadgram_idx', column: 'text_quadgrams', elements: true };

const asksPieces = (clause: FilterClause): boolean =>
  clause.field === 'displayId' && clause.operator === '=@' && gramsOf(clause.value.toLowerCase(), PIECE).length > 0;

/** The pieces a term's search asks for (rarest first), none for a term under four characters. */
export async function askedPieces(db: Kysely<Database>, term: string, now = Date.now()): Promise<string[]> {
  const pieces = gramsOf(term, PIECE);
  return pieces.length === 0 ? [] : await rarestGrams(db, STATISTICS, pieces, ASKED, now);
}

/** The filters with each visit-id term of four characters or more turned into a condition on its pieces. */
export async function visitIdQuadgramSearch(
  db: Kysely<Database>,
  filter: readonly FilterClause[],
): Promise<{ filter: FilterClause[]; conditions: RawBuilder<SqlBool>[] }> {
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const clause of filter.filter(asksPieces)) {
    // Folded as the filter folds it (listQuery.ts likePattern), against lower(display_id) as the index holds it.
    const term = clause.value.toLowerCase();
    const pieces = await askedPieces(db, term);
    const folded = sql`lower(${sql.ref('attendances.display_id')})`;
    conditions.push(sql<SqlBool>`(text_quadgrams(${folded}) @> array[${sql.join(pieces)}]::text[] and strpos(${folded}, ${term}) > 0)`);
  }
  return { filter: filter.filter((clause) => !asksPieces(clause)), conditions };
}
