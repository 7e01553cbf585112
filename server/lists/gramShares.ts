// Which pieces of a search term a PostgreSQL search asks its index for. Every text containing the
// term holds each of the term's pieces (its n-grams), so the rarest pieces find the fewest
// candidates. Their shares come from the statistics ANALYZE (or autovacuum) keeps: the most common
// values of a column (the name trigrams' keys, migration 0040) or the most common elements of an
// indexed array (the visit ids' four-character pieces, migration 0041), with the share of rows each
// is in. A piece that is not among them is rarer than any that is. Counting each piece's entries
// per search instead cost 0.3-0.4 ms of the 2 ms page of a common surname.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

/** How long a process trusts the shares it read: common pieces of names and codes change slowly. */
export const SHARES_REFRESH_MS = 10 * 60_000;

/** Where the statistics of a kind of piece are: a table (or an expression index) and its column. */
export interface GramStatistics {
  table: string;
  column: string;
  /** The column is an array whose elements are the pieces (most_common_elems), else its values are. */
  elements: boolean;
}

interface Shares {
  readAt: number;
  byGram: Map<string, number>;
}

/** Per database handle and statistics: a process may serve several databases (the tests' schemas). */
const read = new WeakMap<Kysely<Database>, Map<string, Shares>>();

async function readShares(db: Kysely<Database>, { table, column, elements }: GramStatistics): Promise<Map<string, number>> {
  const values = elements ? sql`most_common_elems` : sql`most_common_vals`;
  const shares = elements ? sql`most_common_elem_freqs` : sql`most_common_freqs`;
  const { rows } = await sql<{ grams: string[] | null; shares: number[] | null }>`
    select ${values}::text::text[] as grams, ${shares} as shares from pg_stats
    where schemaname = current_schema() and tablename = ${table} and attname = ${column}`.execute(db);
  const found = rows[0] ?? { grams: null, shares: null };
  // most_common_elem_freqs ends with three figures of its own (least, most, nulls): only the first ones belong to the elements.
  return new Map((found.grams ?? []).map((gram, index) => [gram, Number(found.shares?.[index] ?? 0)]));
}

/** The distinct pieces of `size` characters of a term, in order (characters as PostgreSQL's substr counts them). */
export function gramsOf(term: string, size: number): string[] {
  const characters = [...term];
  const pieces = new Set<string>();
  for (let i = 0; i + size <= characters.length; i += 1) pieces.add(characters.slice(i, i + size).join(''));
  return [...pieces];
}

/** Up to `count` of `grams` with the smallest known shares, rarest first (the earlier of equals first). */
export async function rarestGrams(db: Kysely<Database>, statistics: GramStatistics, grams: readonly string[], count: number, now = Date.now()): Promise<string[]> {
  const key = `${statistics.table}.${statistics.column}`;
  const known = read.get(db) ?? new Map<string, Shares>();
  read.set(db, known);
  let shares = known.get(key);
  if (shares === undefined || now - shares.readAt >= SHARES_REFRESH_MS) {
    shares = { readAt: now, byGram: await readShares(db, statistics) };
    known.set(key, shares);
  }
  const shareOf = (gram: string): number => shares.byGram.get(gram) ?? 0;
  const ranked = grams.map((gram, index) => ({ gram, index, share: shareOf(gram) }));
  ranked.sort((a, b) => a.share - b.share || a.index - b.index);
  return ranked.slice(0, count).map(({ gram }) => gram);
}
