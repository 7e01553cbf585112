// One page of the patients list in creation order, on PostgreSQL, for a caller whose patients are
// a few (registry, institute) pairs: one ordered walk of patients_scope_created_idx per pair,
// merged (docs/decisions.md "PostgreSQL: the patients page merged per scope").
//
// With an OR of the pairs PostgreSQL either reads every visible patient from the scope index and
// sorts them (an institute-limited investigator's offset=50000: 66,673 rows, 100-130 ms) or walks
// the creation index past every other institute's patients; which one it takes depends on a
// close cost estimate. Each pair's walk is already in order, so a Merge Append of the walks reads
// no more than offset + limit entries in all and sorts nothing (26 ms for the same page).
import { sql, type Kysely } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import type { RegistryInstitutePair } from '../permissions/patientScopes';

/** More pairs than this plan slower than they read (one index walk each); the generic page takes them. */
const MAX_MERGED_PAIRS = 32;

export interface ScopePageInput {
  dialect: DatabaseDialect;
  query: ListQuery;
  pairs?: readonly RegistryInstitutePair[];
  /** The institute of `/institutes/{id}/patients`: only its pairs count. */
  instituteId?: string;
}

/** The pairs to merge, or undefined when the generic page serves the request as well. */
function mergeablePairs({ dialect, query, pairs, instituteId }: ScopePageInput): RegistryInstitutePair[] | undefined {
  if (dialect !== 'postgres' || !pairs || query.filter.length > 0) return undefined;
  if (query.sort.length > 1 || (query.sort.length === 1 && query.sort[0].field !== 'createdAt')) return undefined;
  const wanted = instituteId === undefined ? [...pairs] : pairs.filter((pair) => pair.instituteId === instituteId);
  // One pair is one walk already: the generic statement uses the same index.
  return wanted.length >= 2 && wanted.length <= MAX_MERGED_PAIRS ? wanted : undefined;
}

/**
 * The page's patient ids in the list's order (created_at, then id, both in the sort's direction),
 * or undefined when the request is not one this page serves.
 */
export async function mergedScopePage(db: Kysely<Database>, input: ScopePageInput): Promise<string[] | undefined> {
  const pairs = mergeablePairs(input);
  if (!pairs) return undefined;
  const { query } = input;
  const direction = sql.raw(query.sort[0]?.direction === 'asc' ? 'asc' : 'desc');
  const reach = query.offset + query.limit;
  const walks = pairs.map(
    ({ registryId, instituteId }) =>
      sql`(select patients.id, patients.created_at from patients where patients.institute_id = ${instituteId} and patients.registry_id = ${registryId}
        order by patients.created_at ${direction}, patients.id ${direction} limit ${reach})`,
  );
  const page = await sql<{ id: string }>`select merged.id from (${sql.join(walks, sql` union all `)}) as merged
    order by merged.created_at ${direction}, merged.id ${direction} limit ${query.limit} offset ${query.offset}`.execute(db);
  return page.rows.map((row) => row.id);
}
