// Plan choices remembered for a while: whether a search term is rare (SQLite) or was common for a
// caller (PostgreSQL) (docs/decisions.md "The matrix's code searches remember whether a term is
// rare"). Only which plan to take is kept, never a match or a total: every plan answers the same,
// so a verdict a little out of date costs time at worst. A search is asked again and again while it
// is open (pages, orders, the grid's reload), and the question that picks the plan cost as much as
// a part of the answer.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** How long a verdict is used again without asking anew. */
export const VERDICT_MS = 60_000;
/** Verdicts kept per database, the oldest forgotten first. */
const VERDICTS_KEPT = 500;

type Verdicts = Map<string, { verdict: boolean; until: number }>;
const verdictsOf = new WeakMap<Kysely<Database>, Verdicts>();

/** The verdict remembered under `key`, unless it is older than VERDICT_MS. */
export function rememberedVerdict(db: Kysely<Database>, key: string): boolean | undefined {
  const known = verdictsOf.get(db)?.get(key);
  return known !== undefined && known.until > Date.now() ? known.verdict : undefined;
}

export function rememberVerdict(db: Kysely<Database>, key: string, verdict: boolean): void {
  let verdicts = verdictsOf.get(db);
  if (verdicts === undefined) verdictsOf.set(db, (verdicts = new Map()));
  verdicts.delete(key);
  verdicts.set(key, { verdict, until: Date.now() + VERDICT_MS });
  if (verdicts.size > VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value as string);
}
