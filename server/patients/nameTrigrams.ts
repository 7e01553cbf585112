// A name search of three or more characters through a trigram index, as a stand-in for the
// patients table that the list's SQL (scopes, personal data, filters, sorts on `patients.*`) applies
// to unchanged. Either source matches exactly the names the clause's LIKE matches, and carries the
// columns the scopes, the registry/institute filters and the sorts by name and creation read:
// - SQLite: the FTS5 matches of patient_name_trigrams joined to their patient_name_search rows
//   (migration 0022, docs/decisions.md "Name search with trigrams");
// - PostgreSQL: the entries of patient_name_trigram_keys under one of the term's trigrams whose
//   names contain the term, in name order, from the primary key alone (migration 0040,
//   docs/decisions.md "PostgreSQL's name search walks one trigram's names in order").
import { sql, type AliasedRawBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FilterClause, ListQuery } from '../../src/domain/lists';
import { foldSearchText } from '../../src/domain/patients/searchText';
import type { DatabaseDialect } from '../config';
import type { Database, PatientsTable } from '../db/database';
import { likePattern } from '../lists/listQuery';
import { hasTrigram, phraseOf } from '../lists/trigramIndexes';
import { rarestTrigram } from './nameTrigramShares';

/** Fields the trigram source holds (name only through its folded column, for "contains" filters). */
const SCOPE_FIELDS = new Set(['registryId', 'instituteId']);
const SORT_FIELDS = new Set(['name', 'createdAt', 'registryId', 'instituteId']);

export interface TrigramSearch {
  dialect: DatabaseDialect;
  /** The folded term of the name's "contains" clause. */
  term: string;
  /** The filters left to the list's SQL (the source stands for the name's "contains" clause). */
  rest: FilterClause[];
  /** PostgreSQL: the term's trigram whose entries the source walks (nameTrigramShares.ts). */
  walked?: string;
}

const nameContains = (clause: FilterClause): boolean => clause.field === 'name' && (clause.operator === '=@' || clause.operator === '!@');
const isTrigramTerm = (clause: FilterClause): boolean => clause.field === 'name' && clause.operator === '=@' && hasTrigram(foldSearchText(clause.value));

/**
 * The list's name search, when a trigram source can answer it: a "contains" term of three or more
 * folded characters and no filter on a column the source lacks. The source matches exactly what
 * the clause's LIKE matches (SQLite: case-sensitive trigrams over folded names, `%`, `_` and `\`
 * plain characters; PostgreSQL: the LIKE itself), so the clause goes; who may see a name is still
 * tested.
 */
export async function trigramSearch(db: Kysely<Database>, dialect: DatabaseDialect, query: ListQuery): Promise<TrigramSearch | undefined> {
  if (!query.filter.every((clause) => nameContains(clause) || SCOPE_FIELDS.has(clause.field))) return undefined;
  const clause = query.filter.find(isTrigramTerm);
  if (clause === undefined) return undefined;
  const term = foldSearchText(clause.value);
  const rest = query.filter.filter((c) => c !== clause);
  return dialect === 'sqlite' ? { dialect, term, rest } : { dialect, term, rest, walked: await rarestTrigram(db, term) };
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

/**
 * The entries under one of the term's trigrams whose names contain the term (PostgreSQL): every
 * name containing the term holds each of its trigrams, and the LIKE keeps exactly those.
 */
function postgresTrigrams(term: string, walked: string): AliasedRawBuilder<PatientsTable, 'patients'> {
  return sql<PatientsTable>`(select k.id, k.name_folded, k.registry_id, k.institute_id, k.created_at
    from patient_name_trigram_keys k where k.trigram = ${walked} and k.name_folded like ${likePattern(term)} escape '\\')`.as('patients');
}

/** `from patients`, or the trigram source of the search aliased `patients` (same columns for the list). */
export function patientsSource(db: Kysely<Database>, search: TrigramSearch | undefined): SelectQueryBuilder<Database, 'patients', object> {
  if (search === undefined) return db.selectFrom('patients');
  // Either source has the columns the list reads under the patients table's names.
  const source = search.walked === undefined ? sqliteTrigrams(search.term) : postgresTrigrams(search.term, search.walked);
  return db.selectFrom(source) as unknown as SelectQueryBuilder<Database, 'patients', object>;
}
