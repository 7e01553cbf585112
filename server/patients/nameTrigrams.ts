// The SQLite trigram index of patient names (migration 0022, docs/decisions.md "Name search with
// trigrams") as a stand-in for the patients table. patient_name_trigrams carries the columns the
// permission scopes, the personal-data condition, the registry/institute filters and the sorts by
// name and creation read, under the same names; aliased `patients`, the list's SQL applies to it
// unchanged. The trigram match only narrows the rows: the list's own LIKE on name_folded still
// decides, so the answers are exactly those of a scan (`%`, `_`, `\` literal, hidden names).
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

const nameContains = (clause: FilterClause): boolean => clause.field === 'name' && (clause.operator === '=@' || clause.operator === '!@');

/** An FTS5 phrase: the term's trigrams in a row (a substring), with `"` doubled. */
function phraseOf(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * The phrase of the list's name search, when the trigram table can answer it: SQLite, a "contains"
 * term of three or more folded characters, and no filter on a column the table lacks.
 */
export function trigramPhrase(dialect: DatabaseDialect, query: ListQuery): string | undefined {
  if (dialect !== 'sqlite') return undefined;
  if (!query.filter.every((clause) => nameContains(clause) || SCOPE_FIELDS.has(clause.field))) return undefined;
  const term = query.filter
    .filter((clause) => clause.field === 'name' && clause.operator === '=@')
    .map((clause) => foldSearchText(clause.value))
    .find((folded) => [...folded].length >= MIN_TERM);
  return term === undefined ? undefined : phraseOf(term);
}

/** Whether the trigram table holds every sort key of the page (else the page reads patients). */
export function trigramSorts(query: ListQuery): boolean {
  return query.sort.every((clause) => SORT_FIELDS.has(clause.field));
}

function trigramTable(phrase: string): AliasedRawBuilder<PatientsTable, 'patients'> {
  return sql<PatientsTable>`patient_name_trigrams(${phrase})`.as('patients');
}

/** `from patients`, or the trigram rows of the phrase aliased `patients` (same columns for the list). */
export function patientsSource(db: Kysely<Database>, phrase: string | undefined): SelectQueryBuilder<Database, 'patients', object> {
  // The alias has the patients table's type: every column the list reads from it is there.
  return phrase === undefined ? db.selectFrom('patients') : (db.selectFrom(trigramTable(phrase)) as unknown as SelectQueryBuilder<Database, 'patients', object>);
}
