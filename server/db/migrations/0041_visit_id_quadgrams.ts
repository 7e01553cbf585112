// The visit ids' four-character pieces under a GIN index (PostgreSQL only; docs/decisions.md "A
// visit-id search on PostgreSQL asks for four-character pieces"). pg_trgm's index answers
// `lower(display_id) like '%0112%'` from the posting lists of `011` and `112`, each held by 8,000
// to 10,000 of 300,000 visit ids (their days: 10-19 January, 11 October, 12 November, 20-29
// November and more), and then reads a table row for each of the 854 it finds in both: 2.3 ms per
// search. The posting list of `0112` itself holds 833. text_quadgrams() gives the distinct pieces
// of a folded text; a search of four characters or more asks for its rarest pieces and tests the
// whole term on each row found (statusMatrix/visitIdQuadgrams.ts): 0.9 ms. Shorter terms keep
// pg_trgm's index (migration 0030).
// The function only cuts its argument into pieces (the folding is the caller's lower()), so it is
// immutable whatever the database's collation. ANALYZE gathers the pieces' shares, which the
// search reads to choose them (lists/gramShares.ts); the server runs it at start for an expression
// index without statistics (db/plannerStatistics.ts).
// Never edit once shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql.raw(`create function text_quadgrams(folded text) returns text[] language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct substr(folded, i, 4)), '{}') from generate_series(1, char_length(folded) - 3) i
    $$`).execute(db);
  await sql.raw(`create index attendances_display_quadgram_idx on attendances using gin (text_quadgrams(lower(display_id)))`).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql.raw(`drop index if exists attendances_display_quadgram_idx`).execute(db);
  await sql.raw(`drop function if exists text_quadgrams(text)`).execute(db);
}

export const visitIdQuadgrams: Migration = { up, down };
