// The status matrix's "patient number contains" filter through the number trigrams (migration 0026,
// docs/decisions.md "Scale: the matrix's other sorts"). On SQLite a term of three or more characters
// that few patients' numbers contain becomes "the attendance's patient is one of the matches", read
// from the FTS5 index; a term that many numbers contain (an institute's prefix) stays the LIKE on
// the kept folded copy, whose index walk finds a page quickly among so many matches. PostgreSQL's
// planner makes the same choice by itself from the GIN index, so there the filter stays as it is.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { FilterClause } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { phraseOf } from '../patients/nameTrigrams';

/** Fewer characters have no trigram. */
const MIN_TERM = 3;
/** Above this many matching patients, sorting their attendances costs more than walking the index. */
const MAX_MATCHES = 2000;

const isNumberTerm = (clause: FilterClause): boolean =>
  clause.field === 'internalPatientNumber' && clause.operator === '=@' && [...clause.value.toLowerCase()].length >= MIN_TERM;

/** The filters with a selective number term turned into a condition on the attendance's patient (SQLite). */
export async function numberSearch(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  filter: readonly FilterClause[],
): Promise<{ filter: FilterClause[]; conditions: RawBuilder<SqlBool>[] }> {
  const clause = dialect === 'sqlite' ? filter.find(isNumberTerm) : undefined;
  if (clause === undefined) return { filter: [...filter], conditions: [] };
  const phrase = phraseOf(clause.value.toLowerCase());
  // Counted from the index alone, up to one past the limit.
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from patient_number_trigrams(${phrase}) limit ${MAX_MATCHES + 1})`.execute(db);
  if (Number(rows[0]?.n ?? 0) > MAX_MATCHES) return { filter: [...filter], conditions: [] };
  const matches = sql<SqlBool>`attendances.patient_id in (select s.id from patient_number_trigrams(${phrase}) f inner join patient_number_search s on s.seq = f.rowid)`;
  return { filter: filter.filter((c) => c !== clause), conditions: [matches] };
}
