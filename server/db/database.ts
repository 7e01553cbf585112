// Kysely table types, snake_case as in the database; repositories map rows to camelCase objects.
// Portable storage choices (one set of migrations for SQLite and PostgreSQL):
// - ids are text (random UUIDs), so rows can be created on any instance without a sequence;
// - timestamps are ISO-8601 UTC text on SQLite and timestamptz on PostgreSQL; both drivers hand
//   them back as ISO strings (see connection.ts), and the server always writes ISO strings;
// - booleans are booleans on PostgreSQL and 0/1 on SQLite (read them with Boolean());
// - JSON is stored as text.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Written as boolean; read back as boolean (pg) or 0/1 (SQLite). Every flag defaults to false. */
export type DbBoolean = ColumnType<boolean | number, boolean | undefined, boolean>;
/** Written and read as an ISO-8601 string. */
export type Timestamp = string;

export interface InstitutesTable {
  id: string;
  name: string;
  name_hu: string | null;
  name_en: string | null;
  short_name: string;
  country: string | null;
  city: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  notes: string | null;
  time_zone: string;
  post_code: string | null;
  region: string | null;
  address: string | null;
  lat: number | null;
  lon: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export const USER_STATES = ['unconfirmed', 'confirmed', 'inactive', 'active'] as const;
export type UserState = (typeof USER_STATES)[number];
export const MFA_POLICIES = ['enforced', 'forbidden', 'user'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];

/** Users. The table also holds `name_folded` (the name case-folded, kept by triggers, migration 0020) for the list's sort and search. */
export interface UsersTable {
  id: string;
  name: string;
  /** Unique case-insensitively (index on lower(email)); stored lower-cased by the repositories. */
  email: string;
  password_hash: string | null;
  phone: string | null;
  doctor: DbBoolean;
  institute_id: string | null;
  notes: string | null;
  state: Generated<UserState>;
  country: string | null;
  city: string | null;
  legacy_doctor_code: string | null;
  user_group_id: string | null;
  prevent_automatic_inactivation: DbBoolean;
  deactivated_users_notification: DbBoolean;
  inactive_users_notification: DbBoolean;
  registry_id: string | null;
  mfa_policy: Generated<MfaPolicy>;
  mfa_enabled: DbBoolean;
  mfa_enforced_at: Timestamp | null;
  mfa_confirmed: DbBoolean;
  mfa_secret_encrypted: string | null;
  mfa_pending_secret_encrypted: string | null;
  /** bigint: read back as a number on both drivers (see connection.ts). */
  mfa_last_time_step: number | null;
  display_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: Timestamp | null;
  /** When the account was last listed as soon to be deactivated (migration 0009). */
  inactivation_notice_at: Timestamp | null;
}

export interface UserRolesTable {
  user_id: string;
  role: string;
}

export const SESSION_KINDS = ['full', 'mfa'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export interface SessionsTable {
  id: string;
  user_id: string;
  kind: SessionKind;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  impersonator_user_id: string | null;
  user_agent: string | null;
  remote_address: string | null;
  token_generation: Generated<number>;
  previous_generation_until: Timestamp | null;
  mfa_failures: Generated<number>;
  /** An impersonation session: the impersonator's own session, which it never outlives. */
  parent_session_id: string | null;
}

export interface MfaRecoveryKeysTable {
  id: string;
  user_id: string;
  key_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export const ONE_TIME_TOKEN_PURPOSES = ['password_reset', 'email_confirmation'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

export interface OneTimeTokensTable {
  id: string;
  user_id: string;
  purpose: OneTimeTokenPurpose;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type AuthFailureScope = 'account' | 'ip';

export interface AuthFailuresTable {
  id: string;
  scope: AuthFailureScope;
  subject: string;
  created_at: Timestamp;
}

/** address: a lower-cased e-mail a mail went to; account: a user id; client: a request's address. */
export type MailRequestScope = 'address' | 'account' | 'client';

export interface MailRequestsTable {
  id: string;
  scope: MailRequestScope;
  subject: string;
  created_at: Timestamp;
}

export interface CaptchaUsesTable {
  challenge_id: string;
  expires_at: Timestamp;
}

/** Row counts of lists too long to count per request, kept by triggers (migration 0016). */
export interface ListCountsTable {
  /** The table counted: 'application_log'. */
  list: string;
  n: number;
}

export interface ApplicationLogTable {
  id: string;
  created_at: Timestamp;
  req_id: string | null;
  msg: string | null;
  http_method: string | null;
  url: string | null;
  user_agent: string | null;
  referer: string | null;
  remote_address: string | null;
  http_response_code: number | null;
  response_time: number | null;
  /** JSON text. */
  data: string | null;
  event: string | null;
  message: string | null;
  reason: string | null;
  severity: string | null;
  target_id: string | null;
  target_name: string | null;
  target_type: string | null;
  user_id: string | null;
  user_name: string | null;
  /** The impersonated user of a request made while impersonating (user_id is the real user). */
  on_behalf_of_id: string | null;
  on_behalf_of_name: string | null;
}

export interface ProfileSettingsTable {
  user_id: string;
  per_page: Generated<number>;
  locale: Generated<string>;
  updated_at: Timestamp;
}

export interface UserGroupsTable {
  id: string;
  name: string;
  group_type: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserGroupMembersTable {
  group_id: string;
  user_id: string;
}

export const REGISTRY_TYPES = ['registry', 'trial'] as const;
export type RegistryType = (typeof REGISTRY_TYPES)[number];
export const RANDOM_GROUP_VISIBILITIES = ['available', 'reportOnly', 'hidden'] as const;
export type RandomGroupVisibility = (typeof RANDOM_GROUP_VISIBILITIES)[number];
export const RANDOMIZATION_STRATEGIES = ['basic', 'permuted_block'] as const;
export type RandomizationStrategy = (typeof RANDOMIZATION_STRATEGIES)[number];

export interface RegistriesTable {
  id: string;
  name_en: string;
  name_hu: string;
  short_name: string;
  bio_sample_code: string | null;
  has_inpatient_day: DbBoolean;
  mandatory_insurance_number: DbBoolean;
  registry_type: RegistryType;
  registry_group_en: string | null;
  registry_group_hu: string | null;
  data_collection_period: string | null;
  registry_manager_name: string | null;
  registry_manager_institute_id: string | null;
  trial_manager_name: string | null;
  trial_manager_institute_id: string | null;
  target_patient_count: number | null;
  attendance_period_name_en: string | null;
  attendance_period_name_hu: string | null;
  random_group_block_multipliers: number | null;
  random_group_visibility: RandomGroupVisibility | null;
  randomization_strategy: RandomizationStrategy | null;
  /** Approval levels before a form is final (1 to 4). */
  required_approval_levels: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RegistryRandomGroupsTable {
  id: string;
  registry_id: string;
  name: string;
  multiplier: number;
  position: number;
}

export interface RegistryInstitutesTable {
  registry_id: string;
  institute_id: string;
}

export interface FormTypesTable {
  id: number;
  registry_id: string;
  display_id: string;
  name_hu: string;
  name_en: string;
  short_name: string;
  /** Comma-separated locales the descriptors exist in (`hu,en`). */
  locales: string;
  behavior_type: 'attendance_start' | 'any';
  start_datetime_field_id: string | null;
  end_datetime_field_id: string | null;
  patient_name_field_id: string | null;
  last_version: number;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FormTypeExternalFieldsTable {
  id: string;
  form_type_id: number;
  source_display_id: string;
  source_field: string;
  target_field: string;
  position: number;
}

export interface FormDescriptorsTable {
  form_type_id: number;
  version: number;
  locale: 'hu' | 'en';
  /** The descriptor JSON, validated by the domain loader before it was stored. */
  document: string;
  created_at: Timestamp;
}

export interface AccessEntriesTable {
  id: string;
  kind: 'registry' | 'biobank';
  trustee_user_id: string | null;
  trustee_group_id: string | null;
  scheme: string;
  registry_id: string | null;
  form_type_id: number | null;
  institute_id: string | null;
  physician_id: string | null;
  attach_permission: DbBoolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export { GENDERS as PATIENT_GENDERS, type Gender as PatientGender } from '../../src/domain/patients/patient';
import type { Gender as PatientGender } from '../../src/domain/patients/patient';

export interface PatientsTable {
  id: string;
  internal_patient_number: string;
  registry_patient_number: string | null;
  /** Digits only (normalized), unique per registry. */
  insurance_number: string | null;
  name: string;
  /** YYYY-MM-DD. */
  dob: string;
  gender: PatientGender;
  country: string | null;
  registry_id: string;
  institute_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Kept by triggers (migration 0012): attendances of the patient, and their distinct institutes. */
  attendance_count: Generated<number>;
  institute_count: Generated<number>;
  /** The name folded for search (src/domain/patients/searchText.ts), written with the name. */
  name_folded: string;
}

export const ATTENDANCE_STATES = ['open', 'completed', 'disqualified'] as const;
export type AttendanceState = (typeof ATTENDANCE_STATES)[number];

/**
 * Attendances. The table also holds `patient_number_folded` (the patient's internal number
 * case-folded, kept by triggers, migration 0016), left out here because no code writes it: the
 * status matrix only sorts on it (statusMatrix.page.ts); likewise `todo_signature` (its to-do
 * forms' "form type:todo_level" pairs, kept by triggers, migration 0020), which only the counters
 * read, and `form_states` (a bit per state its live forms are in, kept by triggers, migration
 * 0029), which only the matrix's state filter reads.
 */
export interface AttendancesTable {
  id: string;
  patient_id: string;
  registry_id: string;
  institute_id: string;
  physician_id: string;
  owner_id: string;
  state: AttendanceState;
  start_date_time: Timestamp;
  end_date_time: Timestamp | null;
  completed: DbBoolean;
  /** JSON text: [{ from, to }]. */
  inpatient_days: string;
  random_group: string | null;
  display_id: string;
  legacy_display_id: string | null;
  /** YYYYMMDD of the start in the institute's time zone. */
  day_key: string;
  sequence: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Who disqualified the attendance (state `disqualified`), when and why; null otherwise. */
  disqualified_at: Timestamp | null;
  disqualified_by: string | null;
  disqualification_reason: string | null;
}

/** A period a registry defines for its attendances, named in both languages. */
export interface RegistryPeriodsTable {
  registry_id: string;
  period_index: number;
  name_hu: string;
  name_en: string;
  /** Months after the attendance start the period's visit is due (migration 0016); null: no expected date. */
  due_months: number | null;
}

/** A form type a registry period allows, and how many one period may hold (null: repeatable). */
export interface RegistryPeriodFormTypesTable {
  registry_id: string;
  period_index: number;
  form_type_id: number;
  max_per_period: number | null;
}

export interface AttendanceSequencesTable {
  institute_id: string;
  registry_id: string;
  day_key: string;
  last: number;
}

export interface RandomizationBlocksTable {
  registry_id: string;
  institute_id: string;
  /** JSON text: the group names left in the current block. */
  remaining: string;
  updated_at: Timestamp;
}

export interface AttendancePeriodsTable {
  id: string;
  attendance_id: string;
  period_index: number;
  created_at: Timestamp;
}

export interface FormsTable {
  id: string;
  attendance_id: string;
  attendance_period_id: string;
  form_type_id: number;
  descriptor_version: number;
  registry_id: string;
  institute_id: string;
  physician_id: string;
  display_id: string;
  state: 'draft' | 'await_inspect' | 'rejected' | 'correct_draft' | 'corrected' | 'final';
  /** How many levels are approved (the rows of form_approvals), for SQL filters. */
  approval_level: number;
  /** JSON text. */
  field_values: string;
  /** JSON text. */
  reviews: string;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** The anchor of the form's record (server/audit/recordChain.ts): entry count, MAC of the last entry, MAC over both. Null until sealed. */
  record_count: number | null;
  record_head: string | null;
  record_seal: string | null;
  /** Kept by triggers (migration 0012): 0 = to correct, N = awaits approval at level N, null = no to-do. */
  todo_level: Generated<number | null>;
}

/** How many forms per scope and todo_level (kept by triggers on forms, migration 0012). */
export interface TodoCountsTable {
  registry_id: string;
  institute_id: string;
  form_type_id: number;
  physician_id: string;
  todo_level: number;
  n: number;
}

/** How many patients per registry and institute (kept by triggers on patients, migration 0012). */
export interface PatientCountsTable {
  registry_id: string;
  institute_id: string;
  n: number;
}

/** How many patients per registry, institute and gender (kept by triggers, migration 0031). */
export interface PatientGenderCountsTable {
  registry_id: string;
  institute_id: string;
  gender: string;
  n: number;
}

/** How many attendances per registry, institute and physician (kept by triggers, migration 0012). */
export interface AttendanceCountsTable {
  registry_id: string;
  institute_id: string;
  physician_id: string;
  n: number;
}

/** Live bio samples (deleted_at null) per registry, institute and state, kept by the triggers of migration 0034. */
export interface BioSampleCountsTable {
  registry_id: string;
  institute_id: string;
  state: string;
  n: number;
}

/** Which institutes' visit ids in a registry hold a trigram (migration 0038): never taken away. */
export interface VisitIdInstituteTrigramsTable {
  registry_id: string;
  trigram: string;
  institute_id: string;
}

/** How many attendances per registry, institute, physician and kept form-state mask (kept by triggers, migration 0033). */
export interface AttendanceStateCountsTable {
  registry_id: string;
  institute_id: string;
  physician_id: string;
  form_states: number;
  n: number;
}

/**
 * Attendances with a to-do form, per registry, institute, physician and to-do signature (the
 * distinct "form type:todo_level" pairs of its to-do forms; `attendances.todo_signature`, kept by
 * triggers, migration 0020). The status matrix's "needs my action" total sums these.
 */
export interface AttendanceTodoCountsTable {
  registry_id: string;
  institute_id: string;
  physician_id: string;
  todo_signature: string;
  n: number;
}

/** Each to-do signature spelled out, one row per pair (kept by triggers, migration 0020). */
export interface TodoSignaturesTable {
  signature: string;
  form_type_id: number;
  todo_level: number;
}

export interface FormApprovalsTable {
  form_id: string;
  level: number;
  user_id: string;
  user_name: string;
  at: Timestamp;
}

/** A monitor fixing one field of a form (migration 0009); lapses at expires_at. */
export interface FormFixLocksTable {
  form_id: string;
  path: string;
  user_id: string;
  user_name: string;
  taken_at: Timestamp;
  expires_at: Timestamp;
}

/** Append-only: inserted, never updated or deleted. */
export interface FormHistoryTable {
  id: string;
  form_id: string;
  position: number;
  at: Timestamp;
  user_id: string | null;
  user_name: string;
  on_behalf_of: string | null;
  operation: string;
  level: number | null;
  /** JSON text. */
  changes: string;
  reasons: string;
  notes: string;
  previous_hash: string;
  hash: string;
  /** HMAC-SHA-256 of the entry under the record key; null for a legacy entry not yet sealed. */
  mac: string | null;
}

/** A file uploaded into a file-upload field; never updated or deleted. */
export interface FormFilesTable {
  id: string;
  form_id: string;
  field_id: string;
  name: string;
  mime_type: string;
  size: number;
  sha256: string;
  uploaded_by: string;
  uploaded_at: Timestamp;
}

/** The states of a durable job (server/jobs): exports, daily work and, later, imports. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A durable job (server/jobs): the row the UI reads; secrets only encrypted in `secret`. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text, never a password. */
  parameters: string;
  /** AES-256-GCM text under a key derived from APP_SECRET; null once the job has ended. */
  secret: string | null;
  requester_id: string | null;
  state: JobState;
  progress_done: number;
  progress_total: number | null;
  /** JSON text. */
  result: string | null;
  /** Stable code of why the job failed (`interrupted`, `export_failed`, ...). */
  error_code: string | null;
  error: string | null;
  attempts: number;
  max_attempts: number;
  /** Which instance runs it and until when its lease holds (renewed while it works). */
  lease_owner: string | null;
  lease_until: Timestamp | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
  /** Unique when set: `daily:<task>:<day>` makes a day's task one row across instances. */
  dedupe_key: string | null;
}

/** An upload waiting for an import job (migration 0016); the bytes are in the file store. */
export interface ImportFilesTable {
  id: string;
  requester_id: string | null;
  file_name: string;
  kind: 'csv' | 'xlsx';
  sha256: string;
  bytes: number;
  created_at: Timestamp;
}

export type ImportJobState = 'queued' | 'validating' | 'validated' | 'committing' | 'succeeded' | 'failed' | 'cancelled';

/** A data import (server/dataImport): its two steps run as `jobs` rows; this row is what the importer sees. */
export interface ImportJobsTable {
  id: string;
  name: string;
  requester_id: string | null;
  initiated_by_name: string;
  registry_id: string;
  form_type_id: number;
  form_type_version: number;
  file_id: string;
  file_name: string;
  file_kind: 'csv' | 'xlsx';
  sha256: string;
  /** The sealed xlsx password; null for csv and once the import ended. */
  secret: string | null;
  locale: string;
  state: ImportJobState;
  /** The `jobs` row of the running or last step. */
  step_job_id: string | null;
  recalculated_fields_number: number;
  validation_errors_number: number;
  /** JSON text: ImportResults. */
  results: string | null;
  /** JSON text: the first MAX_REPORTED_ERRORS ImportError. */
  errors: string | null;
  error_code: string | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface JobRunsTable {
  task: string;
  /** YYYY-MM-DD in UTC. */
  day: string;
  /** Which server instance claimed it (host:pid). */
  instance: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  state: 'running' | 'done' | 'failed';
  /** JSON text: what the run did, or the error message. */
  result: string | null;
}

/** A kind of bio sample (blood, serum, DNA, ...); which registries may use it: bio_sample_type_registries. */
export interface BioSampleTypesTable {
  id: string;
  code: string;
  name_hu: string;
  name_en: string;
  unit: string;
  /** JSON text: [{ id, labelHu, labelEn, type }]. */
  parameters: string;
  created_at: Timestamp;
}

export interface BioSampleTypeRegistriesTable {
  bio_sample_type_id: string;
  registry_id: string;
}

/** A box in a fridge compartment of an institute: a grid of row_count x column_count positions. */
export interface BioSampleBoxesTable {
  id: string;
  institute_id: string;
  fridge: string;
  compartment: string;
  name: string;
  row_count: number;
  column_count: number;
  created_at: Timestamp;
}

export interface BioSampleSequencesTable {
  registry_id: string;
  last: number;
}

export const BIO_SAMPLE_STATES = ['collected', 'attached', 'arrived', 'localized', 'dispatched'] as const;
export type BioSampleState = (typeof BIO_SAMPLE_STATES)[number];

/** A bio sample (spec business-data §3); `state` is derived from the fields on every write. */
export interface BioSamplesTable {
  id: string;
  sample_number: string;
  state: BioSampleState;
  bio_sample_type_id: string;
  registry_id: string;
  institute_id: string;
  patient_id: string;
  sample_collected_at: Timestamp;
  legacy_sample_number: string | null;
  notes: string | null;
  /** JSON text. */
  sample_parameters: string;
  arrived_to_biobank_at: Timestamp | null;
  amount: number | null;
  is_virtual: DbBoolean;
  ancestor_sample_id: string | null;
  box_id: string | null;
  box_row: number | null;
  box_column: number | null;
  dispatched_at: Timestamp | null;
  dispatched_to: string | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** The anchor of the sample's custody record (server/audit/recordChain.ts). */
  record_count: number | null;
  record_head: string | null;
  record_seal: string | null;
}

export interface BioSampleFormsTable {
  bio_sample_id: string;
  form_id: string;
  attached_at: Timestamp;
  attached_by: string | null;
}

/** Append-only: the custody record of a sample, hash-chained and MAC'd like form_history. */
export interface BioSampleHistoryTable {
  id: string;
  bio_sample_id: string;
  position: number;
  at: Timestamp;
  user_id: string | null;
  user_name: string;
  on_behalf_of_id: string | null;
  on_behalf_of: string | null;
  operation: string;
  /** JSON text: field -> [before, after]. */
  changes: string;
  previous_hash: string;
  hash: string;
  mac: string | null;
}

export interface Database {
  institutes: InstitutesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  application_log: ApplicationLogTable;
  profile_settings: ProfileSettingsTable;
  mfa_recovery_keys: MfaRecoveryKeysTable;
  one_time_tokens: OneTimeTokensTable;
  auth_failures: AuthFailuresTable;
  captcha_uses: CaptchaUsesTable;
  mail_requests: MailRequestsTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  registries: RegistriesTable;
  registry_random_groups: RegistryRandomGroupsTable;
  registry_institutes: RegistryInstitutesTable;
  form_types: FormTypesTable;
  form_type_external_fields: FormTypeExternalFieldsTable;
  form_descriptors: FormDescriptorsTable;
  access_entries: AccessEntriesTable;
  patients: PatientsTable;
  attendances: AttendancesTable;
  attendance_sequences: AttendanceSequencesTable;
  randomization_blocks: RandomizationBlocksTable;
  attendance_periods: AttendancePeriodsTable;
  registry_periods: RegistryPeriodsTable;
  registry_period_form_types: RegistryPeriodFormTypesTable;
  forms: FormsTable;
  todo_counts: TodoCountsTable;
  patient_counts: PatientCountsTable;
  patient_gender_counts: PatientGenderCountsTable;
  attendance_counts: AttendanceCountsTable;
  attendance_state_counts: AttendanceStateCountsTable;
  visit_id_institute_trigrams: VisitIdInstituteTrigramsTable;
  bio_sample_counts: BioSampleCountsTable;
  attendance_todo_counts: AttendanceTodoCountsTable;
  todo_signatures: TodoSignaturesTable;
  list_counts: ListCountsTable;
  form_approvals: FormApprovalsTable;
  form_history: FormHistoryTable;
  form_files: FormFilesTable;
  form_fix_locks: FormFixLocksTable;
  job_runs: JobRunsTable;
  jobs: JobsTable;
  bio_sample_types: BioSampleTypesTable;
  bio_sample_type_registries: BioSampleTypeRegistriesTable;
  bio_sample_boxes: BioSampleBoxesTable;
  bio_sample_sequences: BioSampleSequencesTable;
  bio_samples: BioSamplesTable;
  bio_sample_forms: BioSampleFormsTable;
  bio_sample_history: BioSampleHistoryTable;
  import_files: ImportFilesTable;
  import_jobs: ImportJobsTable;
}

export type InstituteRow = Selectable<InstitutesTable>;
export type NewInstitute = Insertable<InstitutesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ApplicationLogRow = Selectable<ApplicationLogTable>;
export type NewApplicationLogRow = Insertable<ApplicationLogTable>;
export type RegistryRow = Selectable<RegistriesTable>;
export type FormTypeRow = Selectable<FormTypesTable>;
export type AccessEntryRow = Selectable<AccessEntriesTable>;
export type PatientRow = Selectable<PatientsTable>;
export type AttendanceRow = Selectable<AttendancesTable>;
export type FormRow = Selectable<FormsTable>;
export type FormHistoryRow = Selectable<FormHistoryTable>;
export type FormFileRow = Selectable<FormFilesTable>;
export type BioSampleRow = Selectable<BioSamplesTable>;
export type BioSampleBoxRow = Selectable<BioSampleBoxesTable>;
export type BioSampleHistoryRow = Selectable<BioSampleHistoryTable>;
