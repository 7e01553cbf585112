// A patient number's "contains" on PostgreSQL: the matches gathered first through pg_trgm's GIN
// index (migration 0027) in a subquery the planner keeps apart (`offset 0`), aliased `patients`,
// so that a page sorts its few hundred matches. Left to itself the planner walks the sort's index
// and tests every patient's number on the way (a number fragment matching 300 of 100,000 patients:
// 7,700 rows read, 13-18 ms); its total then comes with the page (countedPage.ts) instead of a
// second scan. A fragment most numbers share (`SZLK`) reads its matches once either way: before,
// the total counted them. docs/decisions.md "A number's matches first on PostgreSQL".
// SQLite answers the clause through its FTS5 trigram index (trigramIndexes.ts).
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { likePattern } from '../lists/listQuery';
import { hasTrigram } from '../lists/trigramIndexes';

/** The fragment of the number's "contains" clause, when PostgreSQL's trigram index answers it. */
export function numberMatchesTerm(dialect: DatabaseDialect, query: ListQuery): string | undefined {
  if (dialect !== 'postgres') return undefined;
  const clause = query.filter.find((c) => c.field === 'internalPatientNumber' && c.operator === '=@' && hasTrigram(c.value));
  return clause?.value;
}

/**
 * The patients whose number contains the fragment, with every column of the table. The clause
 * itself stays with the list's filters: it tests again only these rows.
 */
export function numberMatchesSource(db: Kysely<Database>, term: string): SelectQueryBuilder<Database, 'patients', object> {
  const matches = db
    .selectFrom('patients')
    .selectAll()
    .where(sql<boolean>`lower(internal_patient_number) like ${likePattern(term)} escape '\\'`)
    .offset(0);
  return db.selectFrom(matches.as('patients')) as unknown as SelectQueryBuilder<Database, 'patients', object>;
}
