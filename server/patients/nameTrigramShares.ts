// Which of a name term's trigrams PostgreSQL's name search walks (nameTrigrams.ts, migration 0040):
// the rarest by the statistics kept on patient_name_trigram_keys.trigram (lists/gramShares.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { gramCounts, gramsOf, rarestGrams, type GramStatistics } from '../lists/gramShares';

export { SHARES_REFRESH_MS } from '../lists/gramShares';

const NAME_TRIGRAMS: GramStatistics = { table: 'patient_name_trigram_keys', column: 'trigram', rowsOf: 'patient_name_trigram_keys', elements: false };

/** The distinct trigrams of a term of three characters or more, in order. */
export function trigramsOf(term: string): string[] {
  return gramsOf(term, 3);
}

/** The term's trigram with the smallest known share (the first of equals). */
export async function rarestTrigram(db: Kysely<Database>, term: string, now = Date.now()): Promise<string> {
  const [rarest] = rarestGrams(trigramsOf(term), 1, await gramCounts(db, NAME_TRIGRAMS, now));
  return rarest;
}
