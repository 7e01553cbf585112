// The grown rows, column by column, in the order the bulk writer inserts them. Booleans stay
// booleans here; the SQLite writer turns them into 0/1.
export type Cell = string | number | boolean | null;
export type Row = Cell[];

export const COLUMNS = {
  patients: ['id', 'internal_patient_number', 'registry_patient_number', 'insurance_number', 'name', 'dob', 'gender', 'country', 'registry_id', 'institute_id', 'created_at', 'updated_at'],
  attendances: [
    'id', 'patient_id', 'registry_id', 'institute_id', 'physician_id', 'owner_id', 'state', 'start_date_time', 'end_date_time', 'completed', 'inpatient_days',
    'random_group', 'display_id', 'legacy_display_id', 'day_key', 'sequence', 'created_at', 'updated_at', 'disqualified_at', 'disqualified_by', 'disqualification_reason',
  ],
  attendance_periods: ['id', 'attendance_id', 'period_index', 'created_at'],
  forms: [
    'id', 'attendance_id', 'attendance_period_id', 'form_type_id', 'descriptor_version', 'registry_id', 'institute_id', 'physician_id', 'display_id', 'state',
    'approval_level', 'field_values', 'reviews', 'version', 'created_at', 'updated_at', 'deleted_at', 'record_count', 'record_head', 'record_seal',
  ],
  form_approvals: ['form_id', 'level', 'user_id', 'user_name', 'at'],
  form_history: ['id', 'form_id', 'position', 'at', 'user_id', 'user_name', 'on_behalf_of', 'operation', 'level', 'changes', 'reasons', 'notes', 'previous_hash', 'hash', 'mac'],
  // ./growSamples.ts; the other columns keep their defaults (null, '{}').
  bio_samples: [
    'id', 'sample_number', 'state', 'bio_sample_type_id', 'registry_id', 'institute_id', 'patient_id', 'sample_collected_at', 'arrived_to_biobank_at', 'amount',
    'is_virtual', 'version', 'created_at', 'updated_at', 'record_count', 'record_head', 'record_seal',
  ],
  bio_sample_history: ['id', 'bio_sample_id', 'position', 'at', 'user_id', 'user_name', 'on_behalf_of_id', 'on_behalf_of', 'operation', 'changes', 'previous_hash', 'hash', 'mac'],
} as const;

export type GrownTable = keyof typeof COLUMNS;

/** Rows of one chunk of patients, per table, parents before children. */
export type ChunkRows = Record<GrownTable, Row[]>;

export const TABLE_ORDER: readonly GrownTable[] = ['patients', 'attendances', 'attendance_periods', 'forms', 'form_approvals', 'form_history', 'bio_samples', 'bio_sample_history'];

export function emptyChunk(): ChunkRows {
  return { patients: [], attendances: [], attendance_periods: [], forms: [], form_approvals: [], form_history: [], bio_samples: [], bio_sample_history: [] };
}
