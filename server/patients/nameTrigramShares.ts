// Which of a name term's trigrams PostgreSQL's name search walks (nameTrigrams.ts, migration 0040):
// every name containing the term holds each of its trigrams, so the rarest is the shortest walk.
// Their shares come from the statistics ANALYZE (or autovacuum) keeps on
// patient_name_trigram_keys.trigram: its most common values and the share of the entries each
// holds. A trigram that is not among them is rarer than any that is. Counting each trigram's
// entries per search instead cost 0.3-0.4 ms of the 2 ms page of a common surname.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

/** How long a process trusts the shares it read: common trigrams of names change slowly. */
export const SHARES_REFRESH_MS = 10 * 60_000;

interface Shares {
  readAt: number;
  byTrigram: Map<string, number>;
}

/** Per database handle: a process may serve several (the tests' schemas). */
const read = new WeakMap<Kysely<Database>, Shares>();

async function readShares(db: Kysely<Database>): Promise<Map<string, number>> {
  const { rows } = await sql<{ trigrams: string[] | null; shares: number[] | null }>`
    select most_common_vals::text::text[] as trigrams, most_common_freqs as shares from pg_stats
    where schemaname = current_schema() and tablename = 'patient_name_trigram_keys' and attname = 'trigram'`.execute(db);
  const { trigrams, shares } = rows[0] ?? { trigrams: null, shares: null };
  return new Map((trigrams ?? []).map((trigram, index) => [trigram, Number(shares?.[index] ?? 0)]));
}

/** The distinct trigrams of a term of three characters or more, in order (characters, as PostgreSQL counts them). */
export function trigramsOf(term: string): string[] {
  const characters = [...term];
  return [...new Set(characters.slice(0, -2).map((_, index) => characters.slice(index, index + 3).join('')))];
}

/** The term's trigram with the smallest known share (the first of equals). */
export async function rarestTrigram(db: Kysely<Database>, term: string, now = Date.now()): Promise<string> {
  let shares = read.get(db);
  if (shares === undefined || now - shares.readAt >= SHARES_REFRESH_MS) {
    shares = { readAt: now, byTrigram: await readShares(db) };
    read.set(db, shares);
  }
  const shareOf = (trigram: string): number => shares.byTrigram.get(trigram) ?? 0;
  return trigramsOf(term).reduce((rarest, trigram) => (shareOf(trigram) < shareOf(rarest) ? trigram : rarest));
}
