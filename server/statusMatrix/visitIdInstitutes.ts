// A common "visit id contains" term walked in one institute's index (docs/decisions.md "A visit-id
// search walks only the institute whose ids can hold the term"). Visit ids begin with their
// institute's short name, so a search for it matches one institute's visits; the matrix's walk in
// patient-number order still passed every attendance of the others first (the monitor's and the
// admin's `SZLK`: 100,000 entries). Migration 0038 keeps which institutes' visit ids hold each
// trigram: an institute lacking one of the term's trigrams has no match.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { FilterClause } from '../../src/domain/lists';
import type { Database } from '../db/database';
import { gramsOf } from '../lists/gramShares';

/**
 * Conditions narrowing the walk for each "visit id contains" filter: none of the registry's visit
 * ids can hold the term (no row at all), or only one institute's can (that institute, which its
 * own index walks in order). Where several institutes' can, nothing: an institute list would make
 * the database sort their matches instead of walking one order.
 */
export async function visitIdInstitutes(db: Kysely<Database>, registryId: string, filter: readonly FilterClause[]): Promise<RawBuilder<SqlBool>[]> {
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const clause of filter) {
    if (clause.field !== 'displayId' || clause.operator !== '=@') continue;
    // Folded as the filter folds the term (listQuery.ts likePattern); the table holds the folded ids' trigrams.
    const trigrams = gramsOf(clause.value.toLowerCase(), 3);
    if (trigrams.length === 0) continue;
    const institutes = await db
      .selectFrom('visit_id_institute_trigrams')
      .select('institute_id')
      .where('registry_id', '=', registryId)
      .where('trigram', 'in', trigrams)
      .groupBy('institute_id')
      .having(sql<number>`count(*)`, '=', trigrams.length)
      .limit(2)
      .execute();
    if (institutes.length === 0) conditions.push(sql<SqlBool>`1 = 0`);
    else if (institutes.length === 1) conditions.push(sql<SqlBool>`${sql.ref('attendances.institute_id')} = ${institutes[0].institute_id}`);
  }
  return conditions;
}
