// A name search of three or more characters through a trigram index (migrations 0022,
// docs/decisions.md "Name search with trigrams"), as a stand-in for the patients table that the
// list's SQL (scopes, personal data, filters, sorts on `patients.*`) applies to unchanged:
// - SQLite: the FTS5 matches of patient_name_trigrams joined to their patient_name_search rows,
//   aliased `patients`; they carry the columns the scopes, the registry/institute filters and the
//   sorts by name and creation read;
// - PostgreSQL: the matches of the LIKE gathered first (pg_trgm's GIN index) in a subquery the
//   planner keeps apart (`offset 0`), so that a page sorts its matches instead of walking the
//   name index past every non-matching name (a common surname in the middle of the alphabet).
import { sql, type AliasedRawBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FilterClause, ListQuery } from '../../src/domain/lists';
import { foldSearchText } from '../../src/domain/patients/searchText';
import type { DatabaseDialect } from '../config';
import type { Database, PatientsTable } from '../db/database';
import { likePattern } from '../lists/listQuery';
import { hasTrigram, phraseOf } from '../lists/trigramIndexes';

/** Fields the trigram source holds (name only through its folded column, for "contains" filters). */
const SCOPE_FIELDS = new Set(['registryId', 'instituteId']);
const SORT_FIELDS = new Set(['name', 'createdAt', 'registryId', 'instituteId']);

export interface TrigramSearch {
  dialect: DatabaseDialect;
  /** The folded term of the name's "contains" clause. */
  term: string;
  /** The filters left to the list's SQL. */
  rest: FilterClause[];
  /** The source matches exactly the clause's names, which therefore is not in `rest` (SQLite). */
  takesNameClause: boolean;
}

const nameContains = (clause: FilterClause): boolean => clause.field === 'name' && (clause.operator === '=@' || clause.operator === '!@');
const isTrigramTerm = (clause: FilterClause): boolean => clause.field === 'name' && clause.operator === '=@' && hasTrigram(foldSearchText(clause.value));

/**
 * The list's name search, when a trigram source can answer it: a "contains" term of three or more
 * folded characters and no filter on a column the source lacks. On SQLite the
 * phrase matches exactly what the clause's LIKE matches (case-sensitive trigrams over folded names,
 * `%`, `_` and `\` plain characters), so the clause goes; who may see a name is still tested.
 */
export function trigramSearch(dialect: DatabaseDialect, query: ListQuery): TrigramSearch | undefined {
  if (!query.filter.every((clause) => nameContains(clause) || SCOPE_FIELDS.has(clause.field))) return undefined;
  const clause = query.filter.find(isTrigramTerm);
  if (clause === undefined) return undefined;
  const takesNameClause = dialect === 'sqlite';
  return { dialect, term: foldSearchText(clause.value), rest: takesNameClause ? query.filter.filter((c) => c !== clause) : [...query.filter], takesNameClause };
}

/** Whether the trigram source holds every sort key of the page (else the page reads patients). */
export function trigramSorts(query: ListQuery): boolean {
  return query.sort.every((clause) => SORT_FIELDS.has(clause.field));
}

/**
 * The matches' rows, read from patient_name_search by key rather than through FTS5's columns:
 * FTS5 fetches an external-content row per column read, a join reads each row once (the page of
 * a common surname, 5,000 matches, 25-35 % sooner).
 */
function sqliteTrigrams(term: string): AliasedRawBuilder<PatientsTable, 'patients'> {
  return sql<PatientsTable>`(select s.id, s.name_folded, s.registry_id, s.institute_id, s.created_at
    from patient_name_trigrams(${phraseOf(term)}) f inner join patient_name_search s on s.seq = f.rowid)`.as('patients');
}

/**
 * How many names the search matches, from the index alone (no row read): the total of a caller
 * whose scope and filters test nothing on the rows (SQLite; 0.5 ms for 5,000 matches).
 */
export async function indexMatchCount(db: Kysely<Database>, search: TrigramSearch): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*) as total from patient_name_trigrams(${phraseOf(search.term)})`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** `from patients`, or the trigram source of the search aliased `patients` (same columns for the list). */
export function patientsSource(db: Kysely<Database>, search: TrigramSearch | undefined): SelectQueryBuilder<Database, 'patients', object> {
  if (search === undefined) return db.selectFrom('patients');
  // Either source has the columns the list reads under the patients table's names.
  if (search.dialect === 'sqlite') return db.selectFrom(sqliteTrigrams(search.term)) as unknown as SelectQueryBuilder<Database, 'patients', object>;
  const matches = db
    .selectFrom('patients')
    .select(['id', 'name_folded', 'registry_id', 'institute_id', 'created_at'])
    .where(sql<boolean>`name_folded like ${likePattern(search.term)} escape '\\'`)
    .offset(0);
  return db.selectFrom(matches.as('patients')) as unknown as SelectQueryBuilder<Database, 'patients', object>;
}
