// "Contains" on PostgreSQL through a pg_trgm GIN index when the term holds a code's fixed part
// (docs/decisions.md "The biobank's search asks pg_trgm for the term's telling word"). pg_trgm
// reads the posting list of every trigram of the LIKE's pattern and intersects them; a code's fixed
// prefix ("RAB" of every sample number "RAB-099519") has trigrams in every row, so a scanned
// number read the entries of all 133,000 samples to find one (1.6 ms). The index is asked for the
// term's telling word alone, and the whole term is then tested on the rows it finds by strpos,
// which is what LIKE '%term%' means (no wildcard: `%` and `_` are plain characters to it).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { likePattern } from './listQuery';

/** Letters and digits between separators, as pg_trgm splits a text into words. */
const WORD = /[\p{L}\p{N}]+/gu;
const DIGIT = /\p{N}/u;

/**
 * The word of the term the index is asked for: of those with three characters or more (a trigram of
 * their own), the longest with a digit (a code's serial part), else the longest; the last of equals.
 * None when the term is one word already or has no such word.
 */
export function tellingWord(term: string): string | undefined {
  const words = (term.match(WORD) ?? []).filter((word) => [...word].length >= 3);
  if (words.length === 0 || words[0] === term) return undefined;
  const rank = (word: string): number => (DIGIT.test(word) ? 1_000_000 : 0) + [...word].length;
  return words.reduce((best, word) => (rank(word) >= rank(best) ? word : best));
}

/** `text` holds `term` as it is: LIKE '%term%' with `%`, `_` and `\` as plain characters, and no index. */
export function holdsSql(text: RawBuilder<unknown>, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`strpos(${text}, ${term}) > 0`;
}

/** `text` (a folded SQL expression) contains `term` (folded alike), asking the index for the telling word only. */
export function pgContainsSql(text: RawBuilder<unknown>, term: string): RawBuilder<SqlBool> {
  const word = tellingWord(term);
  if (word === undefined) return sql<SqlBool>`${text} like ${likePattern(term)} escape '\\'`;
  return sql<SqlBool>`(${text} like ${likePattern(word)} escape '\\' and ${holdsSql(text, term)})`;
}
