// Why a form is on its owner's correctable list: the first open rejection of its stored reviews
// (the order the monitor sent them in, which is the form's field order), with the monitor's level,
// name and time, and how many fields are rejected in all. Reviews written before the reviewer and
// time were stored answer null for those two.
import type { Kysely } from 'kysely';
import type { StoredReviews } from '../../src/domain/forms';
import type { Database } from '../db/database';

export interface RejectionSummary {
  level: number;
  reviewer: string | null;
  at: string | null;
  reason: string;
  count: number;
}

export function rejectionSummaryOf(reviews: StoredReviews): RejectionSummary | null {
  const entries = Object.values(reviews);
  const first = entries[0];
  if (!first) return null;
  return { level: first.level, reviewer: first.rejectedBy ?? null, at: first.rejectedAt ?? null, reason: first.reason, count: entries.length };
}

/** By form id; forms without reviews are left out. */
export async function rejectionSummariesOf(db: Kysely<Database>, formIds: readonly string[]): Promise<Map<string, RejectionSummary>> {
  const map = new Map<string, RejectionSummary>();
  if (formIds.length === 0) return map;
  const rows = await db.selectFrom('forms').select(['id', 'reviews']).where('id', 'in', formIds).execute();
  for (const row of rows) {
    const summary = rejectionSummaryOf(JSON.parse(row.reviews) as StoredReviews);
    if (summary) map.set(row.id, summary);
  }
  return map;
}
