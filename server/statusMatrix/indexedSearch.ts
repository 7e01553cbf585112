// The status matrix's "patient number contains" and "visit id contains" filters through the
// trigram indexes (migrations 0026 and 0030, docs/decisions.md "Scale: the matrix's other sorts").
// On SQLite a term of three or more characters that few numbers or visit ids contain becomes "the
// attendance's patient (or the attendance) is one of the matches", read from the FTS5 index; a term
// that many contain (an institute's prefix, the registry's code) stays the LIKE, whose index walk
// finds a page quickly among so many matches. On PostgreSQL the filters stay as they are and the
// page gathers at most that many matches first (statusMatrix.page.ts).
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import type { FilterClause } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { rememberedVerdict, rememberVerdict } from '../lists/planVerdicts';
import { PATIENT_NUMBERS, VISIT_IDS, trigramMatchCount, trigramMatchesSql, trigramTerm, type TrigramIndex } from '../lists/trigramIndexes';

/** Above this many matches, sorting their attendances costs more than walking the index. */
export const MAX_MATCHES = 2000;

/**
 * A search the walk answers counts its matches this far past the page's first row, no further:
 * more are "more than" (docs/decisions.md "The matrix's walk holds the visit id; common code
 * searches counted so far"; 10,000 until "A visit-id search walks only the institute whose ids can
 * hold the term").
 */
export const COUNT_CAP = 1_000;

const SEARCHABLE: { field: string; index: TrigramIndex; id: string }[] = [
  { field: 'internalPatientNumber', index: PATIENT_NUMBERS, id: 'attendances.patient_id' },
  { field: 'displayId', index: VISIT_IDS, id: 'attendances.id' },
];

/** Whether at most MAX_MATCHES codes contain the term (a verdict remembered for a while: planVerdicts.ts). */
async function isRare(db: Kysely<Database>, index: TrigramIndex, term: string): Promise<boolean> {
  const key = `rare ${index.fts} ${term}`;
  const known = rememberedVerdict(db, key);
  if (known !== undefined) return known;
  const rare = (await trigramMatchCount(db, index, term, MAX_MATCHES + 1)) <= MAX_MATCHES;
  rememberVerdict(db, key, rare);
  return rare;
}

/**
 * The filters with each selective "contains" term turned into a condition from its index (SQLite);
 * `visitIdTerm`: the folded visit-id term among them, whose matches visitIdKeys.ts can read.
 */
export async function indexedSearch(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  filter: readonly FilterClause[],
): Promise<{ filter: FilterClause[]; conditions: RawBuilder<SqlBool>[]; visitIdTerm?: string }> {
  let rest = [...filter];
  const conditions: RawBuilder<SqlBool>[] = [];
  let visitIdTerm: string | undefined;
  for (const { field, index, id } of SEARCHABLE) {
    const clause = rest.find((c) => c.field === field && c.operator === '=@' && trigramTerm(dialect, c.value) !== undefined);
    const term = clause && trigramTerm(dialect, clause.value);
    if (clause === undefined || term === undefined) continue;
    if (!(await isRare(db, index, term))) continue;
    rest = rest.filter((c) => c !== clause);
    conditions.push(trigramMatchesSql(index, id, term));
    if (index === VISIT_IDS) visitIdTerm = term;
  }
  return { filter: rest, conditions, visitIdTerm };
}
