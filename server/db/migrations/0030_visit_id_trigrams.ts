// Visit-id search by trigrams (docs/decisions.md "Scale: the matrix's other sorts"). The status
// matrix's "visit id contains" filter read every visit id of the registry for its page and its
// total (70-125 ms on SQLite, 120-220 ms on PostgreSQL at 233,000 attendances), as the patient
// number's did before migration 0026; the same kind of index answers it (codeTrigrams.ts).
// - SQLite: an FTS5 trigram index over the attendances' folded visit ids, kept by triggers on
//   attendances.
// - PostgreSQL: pg_trgm's GIN index on lower(display_id), the expression the filter compares.
import { codeTrigramsMigration } from './codeTrigrams';

export const visitIdTrigrams = codeTrigramsMigration({
  source: { table: 'attendances', column: 'display_id' },
  fts: 'attendance_display_trigrams',
  rows: 'attendance_display_search',
  folded: 'display_folded',
  triggers: 'attendances_display_trigrams',
  pgIndex: { name: 'attendances_display_trigram_idx', table: 'attendances', expression: 'lower(display_id)' },
});
