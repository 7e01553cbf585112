// The SQLite trigram index of patient names (migration 0022, docs/decisions.md "Name search with
// trigrams") as a stand-in for the patients table. patient_name_trigrams carries the columns the
// permission scopes, the personal-data condition, the registry/institute filters and the sorts by
// name and creation read, under the same names; aliased `patients`, the list's SQL applies to it
// unchanged.
import { sql, type AliasedRawBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FilterClause, ListQuery } from '../../src/domain/lists';
import { foldSearchText } from '../../src/domain/patients/searchText';
import type { DatabaseDialect } from '../config';
import type { Database, PatientsTable } from '../db/database';

/** Fields the trigram table holds (name only through its folded column, for "contains" filters). */
const SCOPE_FIELDS = new Set(['registryId', 'instituteId']);
const SORT_FIELDS = new Set(['name', 'createdAt', 'registryId', 'instituteId']);
/** Fewer characters have no trigram: such a term scans as before. */
const MIN_TERM = 3;

export interface TrigramSearch {
  /** The FTS5 phrase of the folded term: its trigrams in a row, that is the term as a substring. */
  phrase: string;
  /** The list's other filters (the phrase replaces its "contains" clause). */
  rest: FilterClause[];
}

const nameContains = (clause: FilterClause): boolean => clause.field === 'name' && (clause.operator === '=@' || clause.operator === '!@');
const isTrigramTerm = (clause: FilterClause): boolean => clause.field === 'name' && clause.operator === '=@' && [...foldSearchText(clause.value)].length >= MIN_TERM;

/**
 * The list's name search as a trigram phrase, when the trigram table can answer it: SQLite, a
 * "contains" term of three or more folded characters, and no filter on a column the table lacks.
 * The phrase matches exactly what the LIKE of that clause matches (the table is case-sensitive
 * over folded names, `"` is doubled, `%`, `_` and `\` are plain characters to it), so the clause
 * goes; who may see a name is still the caller's to decide (personal data: see `shown`).
 */
export function trigramSearch(dialect: DatabaseDialect, query: ListQuery): TrigramSearch | undefined {
  if (dialect !== 'sqlite') return undefined;
  if (!query.filter.every((clause) => nameContains(clause) || SCOPE_FIELDS.has(clause.field))) return undefined;
  const term = query.filter.find(isTrigramTerm);
  if (term === undefined) return undefined;
  return { phrase: `"${foldSearchText(term.value).replace(/"/g, '""')}"`, rest: query.filter.filter((clause) => clause !== term) };
}

/** Whether the trigram table holds every sort key of the page (else the page reads patients). */
export function trigramSorts(query: ListQuery): boolean {
  return query.sort.every((clause) => SORT_FIELDS.has(clause.field));
}

function trigramTable(phrase: string): AliasedRawBuilder<PatientsTable, 'patients'> {
  return sql<PatientsTable>`patient_name_trigrams(${phrase})`.as('patients');
}

/** `from patients`, or the trigram rows of the search aliased `patients` (same columns for the list). */
export function patientsSource(db: Kysely<Database>, search: TrigramSearch | undefined): SelectQueryBuilder<Database, 'patients', object> {
  // The alias has the patients table's type: every column the list reads from it is there.
  return search === undefined ? db.selectFrom('patients') : (db.selectFrom(trigramTable(search.phrase)) as unknown as SelectQueryBuilder<Database, 'patients', object>);
}
