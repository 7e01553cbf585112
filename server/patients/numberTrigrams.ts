// "Patient number contains" through the number trigrams of migration 0026 (SQLite: an FTS5 index
// over the folded numbers, rows in patient_number_search; docs/decisions.md "Scale: the matrix's
// other sorts"). The phrase of the folded term matches exactly the numbers LIKE '%term%' matches:
// case-sensitive trigrams over folded numbers, `%`, `_` and `\` plain characters.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { phraseOf } from './nameTrigrams';

/** Fewer characters have no trigram: such a term is compared row by row. */
const MIN_TERM = 3;

/** The folded term, when the trigram index can answer it on this database. */
export function numberTrigramTerm(dialect: DatabaseDialect, typed: string): string | undefined {
  const term = typed.toLowerCase();
  return dialect === 'sqlite' && [...term].length >= MIN_TERM ? term : undefined;
}

/** `patientId` (a column reference) is one of the patients whose number contains the term. */
export function numberMatchesSql(patientId: string, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(patientId)} in (select s.id from patient_number_trigrams(${phraseOf(term)}) f inner join patient_number_search s on s.seq = f.rowid)`;
}

/** How many patients' numbers contain the term, from the index alone, counting no further than `upTo`. */
export async function numberMatchCount(db: Kysely<Database>, term: string, upTo: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from patient_number_trigrams(${phraseOf(term)}) limit ${upTo})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
