// Patient-number search by trigrams (docs/decisions.md "Scale: the matrix's other sorts"). The
// status matrix's "number contains" filter scanned every attendance of the registry for its page
// and its total (70-100 ms on SQLite, 200-260 ms on PostgreSQL at 233,000 attendances).
// - SQLite: an FTS5 trigram index over the patients' folded numbers (codeTrigrams.ts), as
//   migration 0022 does for names, kept by triggers on patients.
// - PostgreSQL: pg_trgm's GIN index on attendances.patient_number_folded (the kept folded copy the
//   matrix filters on).
import { codeTrigramsMigration } from './codeTrigrams';

export const patientNumberTrigrams = codeTrigramsMigration({
  source: { table: 'patients', column: 'internal_patient_number' },
  fts: 'patient_number_trigrams',
  rows: 'patient_number_search',
  folded: 'number_folded',
  triggers: 'patients_number_trigrams',
  pgIndex: { name: 'attendances_number_trigram_idx', table: 'attendances', expression: 'patient_number_folded' },
});
