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
  /** The table whose rows the shares are of (an expression index's table). */
  rowsOf: string;
  /** The column is an array whose elements are the pieces (most_common_elems), else its values are. */
  elements: boolean;
}

/** What the statistics tell of a kind of piece: the share of rows holding each common one, and the rows. */
export interface GramCounts {
  /** The rows of `rowsOf` as PostgreSQL last counted them (0 when never counted). */
  rows: number;
  /** The share of rows holding a piece; 0 for one not among the common ones (rarer than any that is). */
  shareOf(gram: string): number;
}

interface Read {
  readAt: number;
  counts: GramCounts;
}

/** Per database handle and statistics: a process may serve several databases (the tests' schemas). */
const read = new WeakMap<Kysely<Database>, Map<string, Read>>();

async function readCounts(db: Kysely<Database>, { table, column, rowsOf, elements }: GramStatistics): Promise<GramCounts> {
  const values = elements ? sql`most_common_elems` : sql`most_common_vals`;
  const shares = elements ? sql`most_common_elem_freqs` : sql`most_common_freqs`;
  const { rows } = await sql<{ grams: string[] | null; shares: number[] | null; rows: number | null }>`
    select ${values}::text::text[] as grams, ${shares} as shares,
      (select c.reltuples from pg_class c inner join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relname = ${rowsOf}) as rows
    from (select 1) one left join pg_stats s on s.schemaname = current_schema() and s.tablename = ${table} and s.attname = ${column}`.execute(db);
  const found = rows[0] ?? { grams: null, shares: null, rows: null };
  // most_common_elem_freqs ends with three figures of its own (least, most, nulls): only the first ones belong to the elements.
  const byGram = new Map((found.grams ?? []).map((gram, index) => [gram, Number(found.shares?.[index] ?? 0)]));
  return { rows: Math.max(0, Number(found.rows ?? 0)), shareOf: (gram) => byGram.get(gram) ?? 0 };
}

/** The statistics of a kind of piece, read again after SHARES_REFRESH_MS. */
export async function gramCounts(db: Kysely<Database>, statistics: GramStatistics, now = Date.now()): Promise<GramCounts> {
  const key = `${statistics.table}.${statistics.column}`;
  let known = read.get(db);
  if (known === undefined) {
    known = new Map<string, Read>();
    read.set(db, known);
  }
  let last = known.get(key);
  if (last === undefined || now - last.readAt >= SHARES_REFRESH_MS) {
    last = { readAt: now, counts: await readCounts(db, statistics) };
    known.set(key, last);
  }
  return last.counts;
}

/** The distinct pieces of `size` characters of a term, in order (characters as PostgreSQL's substr counts them). */
export function gramsOf(term: string, size: number): string[] {
  const characters = [...term];
  const pieces = new Set<string>();
  for (let i = 0; i + size <= characters.length; i += 1) pieces.add(characters.slice(i, i + size).join(''));
  return [...pieces];
}

/** Up to `count` of `grams` with the smallest shares, rarest first (the earlier of equals first). */
export function rarestGrams(grams: readonly string[], count: number, counts: GramCounts): string[] {
  const ranked = grams.map((gram, index) => ({ gram, index, share: counts.shareOf(gram) }));
  ranked.sort((a, b) => a.share - b.share || a.index - b.index);
  return ranked.slice(0, count).map(({ gram }) => gram);
}
