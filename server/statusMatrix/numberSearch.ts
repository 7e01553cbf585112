// The status matrix's "patient number contains" filter through the number trigrams (migration 0026,
// docs/decisions.md "Scale: the matrix's other sorts"). On SQLite a term of three or more characters
// that few patients' numbers contain becomes "the attendance's patient is one of the matches", read
// from the FTS5 index; a term that many numbers contain (an institute's prefix) stays the LIKE on
// the kept folded copy, whose index walk finds a page quickly among so many matches. PostgreSQL's
// planner makes the same choice by itself from the GIN index, so there the filter stays as it is.
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { FilterClause } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { numberMatchCount, numberMatchesSql, numberTrigramTerm } from '../patients/numberTrigrams';

/** Above this many matching patients, sorting their attendances costs more than walking the index. */
const MAX_MATCHES = 2000;

/** The filters with a selective number term turned into a condition on the attendance's patient (SQLite). */
export async function numberSearch(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  filter: readonly FilterClause[],
): Promise<{ filter: FilterClause[]; conditions: RawBuilder<SqlBool>[] }> {
  const clause = filter.find((c) => c.field === 'internalPatientNumber' && c.operator === '=@' && numberTrigramTerm(dialect, c.value) !== undefined);
  const term = clause && numberTrigramTerm(dialect, clause.value);
  if (clause === undefined || term === undefined) return { filter: [...filter], conditions: [] };
  if ((await numberMatchCount(db, term, MAX_MATCHES + 1)) > MAX_MATCHES) return { filter: [...filter], conditions: [] };
  return { filter: filter.filter((c) => c !== clause), conditions: [numberMatchesSql('attendances.patient_id', term)] };
}
