// Called once after the grower has inserted everything (before ANALYZE): recomputes whatever the
// schema derives from the rows and keeps in its own columns or tables (counters, to-do columns),
// since the grower writes rows directly and no service maintains them on the way. Empty while the
// schema derives nothing; a migration that adds such a column adds its backfill here too.
import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../../server/config';
import type { Database } from '../../server/db/database';

export async function refreshDerived(db: Kysely<Database>, dialect: DatabaseDialect): Promise<void> {
  void db;
  void dialect;
}
