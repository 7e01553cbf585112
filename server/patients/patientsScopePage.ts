// One page of the patients list for a caller whose patients are a few (registry, institute)
// pairs: one ordered walk per pair, merged (docs/decisions.md "PostgreSQL: the patients page merged
// per scope" and "Scale: the matrix's other sorts").
//
// Creation order, on PostgreSQL: with an OR of the pairs PostgreSQL either reads every visible
// patient from the scope index and sorts them (an institute-limited investigator's offset=50000:
// 66,673 rows, 100-130 ms) or walks the creation index past every other institute's patients;
// which one it takes depends on a close cost estimate. Each pair's walk of
// patients_scope_created_idx is already in order, so a Merge Append of the walks reads no more
// than offset + limit entries in all and sorts nothing (26 ms for the same page).
//
// Number order, on both databases: numbers begin with their institute's prefix, so the walk of
// the number index passed every other institute's patients first (12-15 ms on SQLite at 100,000
// patients); each pair's walk of patients_scope_number_idx (migration 0032) starts at its own.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { caseFold } from '../db/sqlFunctions';
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

/**
 * The key each pair's walk reads in order, for the orders a merged page serves. SQLite's generic
 * statement walks the creation indexes well: only PostgreSQL merges that order.
 */
function mergedKey(dialect: DatabaseDialect, query: ListQuery): RawBuilder<unknown> | undefined {
  if (query.sort.length > 1) return undefined;
  const field = query.sort[0]?.field ?? 'createdAt';
  if (field === 'createdAt') return dialect === 'postgres' ? sql`patients.created_at` : undefined;
  // Folded as the list's own sort folds it, the expression patients_scope_number_idx holds.
  return field === 'internalPatientNumber' ? caseFold(dialect, sql.ref('patients.internal_patient_number')) : undefined;
}

/** The pairs to merge, or undefined when the generic page serves the request as well. */
function mergeablePairs({ query, pairs, instituteId }: ScopePageInput): RegistryInstitutePair[] | undefined {
  if (!pairs || query.filter.length > 0) return undefined;
  const wanted = instituteId === undefined ? [...pairs] : pairs.filter((pair) => pair.instituteId === instituteId);
  // One pair is one walk already: the generic statement uses the same index.
  return wanted.length >= 2 && wanted.length <= MAX_MERGED_PAIRS ? wanted : undefined;
}

/**
 * The page's patient ids in the list's order (the key, then the id, both in the sort's direction),
 * or undefined when the request is not one this page serves.
 */
export async function mergedScopePage(db: Kysely<Database>, input: ScopePageInput): Promise<string[] | undefined> {
  const { dialect, query } = input;
  const key = mergedKey(dialect, query);
  const pairs = key && mergeablePairs(input);
  if (!key || !pairs) return undefined;
  const direction = sql.raw(query.sort[0]?.direction === 'asc' ? 'asc' : 'desc');
  // The first page's numbers in the SQL text, so that PostgreSQL keeps a generic plan for it
  // (db/pageLimitsInText.ts); deeper pages stay bound.
  const number = (value: number) => (query.offset === 0 ? sql.lit(value) : sql`${value}`);
  const reach = number(query.offset + query.limit);
  const limit = number(query.limit);
  const offset = number(query.offset);
  const walks = pairs.map(
    ({ registryId, instituteId }) =>
      sql`select patients.id, ${key} as k from patients where patients.institute_id = ${instituteId} and patients.registry_id = ${registryId}
        order by ${key} ${direction}, patients.id ${direction} limit ${reach}`,
  );
  // PostgreSQL merges parenthesized walks (a Merge Append); SQLite has no parenthesized members but
  // merges the members of a compound SELECT that has its own ORDER BY.
  const page =
    dialect === 'postgres'
      ? await sql<{ id: string }>`select merged.id from (${sql.join(walks.map((walk) => sql`(${walk})`), sql` union all `)}) as merged
          order by merged.k ${direction}, merged.id ${direction} limit ${limit} offset ${offset}`.execute(db)
      : await sql<{ id: string }>`${sql.join(walks.map((walk, index) => sql`select id, k from (${walk}) as ${sql.id(`walk${index}`)}`), sql` union all `)}
          order by k ${direction}, id ${direction} limit ${limit} offset ${offset}`.execute(db);
  return page.rows.map((row) => row.id);
}
