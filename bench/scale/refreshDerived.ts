// Called once after the grower has inserted everything (before ANALYZE): recomputes whatever the
// schema derives from the rows and keeps in its own columns or tables (counters, to-do columns),
// since the grower writes rows directly and no service maintains them on the way. A migration
// that adds such a column adds its backfill here too. The to-do levels and the counters of
// migration 0012 are kept by triggers on every insert, the grower's included; only the folded
// search names are written by the API, so they are filled here.
import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../server/config';
import type { Database } from '../../server/db/database';
import { refreshFoldedNames } from '../../server/patients/foldedNames';

export async function refreshDerived(db: Kysely<Database>, dialect: DatabaseDialect): Promise<void> {
  void dialect;
  await refreshFoldedNames(db);
}
