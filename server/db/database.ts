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

export interface CaptchaUsesTable {
  challenge_id: string;
  expires_at: Timestamp;
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
}

export interface ProfileSettingsTable {
  user_id: string;
  per_page: Generated<number>;
  locale: Generated<string>;
  updated_at: Timestamp;
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
}

export type InstituteRow = Selectable<InstitutesTable>;
export type NewInstitute = Insertable<InstitutesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ApplicationLogRow = Selectable<ApplicationLogTable>;
export type NewApplicationLogRow = Insertable<ApplicationLogTable>;
