// patients.name_folded for rows written without it (before migration 0012, or in bulk by the
// scale grower): the API writes it with every name; this fills the rest, in batches. Folding is
// JavaScript (Unicode NFD), the same function the API and the search use.
import { sql, type Kysely } from 'kysely';
import { foldSearchText } from '../../src/domain/patients/searchText';

const BATCH = 2000;

/** Folds every name whose folded form is missing (''); answers how many patients it updated. */
export async function refreshFoldedNames<DB>(db: Kysely<DB>): Promise<number> {
  let updated = 0;
  for (let after = ''; ; ) {
    const rows = (await sql<{ id: string; name: string }>`select id, name from patients where name_folded = '' and id > ${after} order by id limit ${BATCH}`.execute(db)).rows;
    if (rows.length === 0) return updated;
    const folded = sql.join(rows.map((row) => sql`(${row.id}, ${foldSearchText(row.name)})`));
    await sql`with folded (id, name_folded) as (values ${folded})
      update patients set name_folded = (select folded.name_folded from folded where folded.id = patients.id)
      where id in (select id from folded)`.execute(db);
    updated += rows.length;
    after = rows[rows.length - 1].id;
  }
}
