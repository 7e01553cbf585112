// "Contains" through the FTS5 trigram indexes of short codes on SQLite: the patients' numbers
// (migration 0026), the visit ids (migration 0030) and the bio samples' numbers (0035),
// docs/decisions.md "Scale: the matrix's other sorts". Each index's rows live in a plain table (`rows`: seq, id, the folded text) that the FTS5
// table (`fts`) points at. The phrase of the folded term matches exactly the texts
// LIKE '%term%' matches: case-sensitive trigrams over folded texts, `%`, `_` and `\` plain
// characters. PostgreSQL's pg_trgm GIN indexes serve the LIKE itself.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';

export interface TrigramIndex {
  fts: string;
  rows: string;
}

export const PATIENT_NUMBERS: TrigramIndex = { fts: 'patient_number_trigrams', rows: 'patient_number_search' };
export const VISIT_IDS: TrigramIndex = { fts: 'attendance_display_trigrams', rows: 'attendance_display_search' };
/** A sample's number and legacy number, separated by char(31) (migration 0035). */
export const SAMPLE_NUMBERS: TrigramIndex = { fts: 'bio_sample_trigrams', rows: 'bio_sample_search' };

/** An FTS5 phrase: the term's trigrams in a row, that is the term as a substring; `"` doubled. */
export const phraseOf = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/** Whether a term has a trigram (three characters or more); a shorter one is compared row by row. */
export const hasTrigram = (term: string): boolean => [...term].length >= 3;

/** The folded term, when a trigram index can answer it on this database. */
export function trigramTerm(dialect: DatabaseDialect, typed: string): string | undefined {
  const term = typed.toLowerCase();
  return dialect === 'sqlite' && hasTrigram(term) ? term : undefined;
}

/** `id` (a column reference) is one of the ids whose text contains the term. */
export function trigramMatchesSql(index: TrigramIndex, id: string, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(id)} in (select s.id from ${sql.table(index.fts)}(${phraseOf(term)}) f inner join ${sql.table(index.rows)} s on s.seq = f.rowid)`;
}

/** How many texts contain the term, from the index alone, counting no further than `upTo`. */
export async function trigramMatchCount(db: Kysely<Database>, index: TrigramIndex, term: string, upTo: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(index.fts)}(${phraseOf(term)}) limit ${upTo})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
