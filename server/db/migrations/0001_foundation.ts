// Foundation schema: institutes, users with their roles, sessions, the application log and profile
// settings. One migration for both dialects: only the timestamp type differs (see database.ts).
import { sql, type Kysely, type Migration } from 'kysely';
import { ROLES } from '../../auth/roles';
import { MFA_POLICIES, SESSION_KINDS, USER_STATES } from '../database';
import { dialectOf } from '../sqlFunctions';

function oneOf(column: string, values: readonly string[]): ReturnType<typeof sql> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .createTable('institutes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_hu', 'text')
    .addColumn('name_en', 'text')
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('city', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('notes', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('post_code', 'text')
    .addColumn('region', 'text')
    .addColumn('address', 'text')
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('institutes_name_idx').on('institutes').column('name').execute();
  await db.schema.createIndex('institutes_short_name_idx').on('institutes').column('short_name').execute();
  await db.schema.createIndex('institutes_city_idx').on('institutes').column('city').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('phone', 'text')
    .addColumn('doctor', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('institute_id', 'text', (c) => c.references('institutes.id').onDelete('restrict'))
    .addColumn('notes', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('unconfirmed'))
    .addColumn('country', 'text')
    .addColumn('city', 'text')
    .addColumn('legacy_doctor_code', 'text')
    // The user-groups table arrives with its own issue; the foreign key comes with it.
    .addColumn('user_group_id', 'text')
    .addColumn('prevent_automatic_inactivation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deactivated_users_notification', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('inactive_users_notification', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('registry_id', 'text')
    .addColumn('mfa_policy', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('mfa_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mfa_enforced_at', timestamp)
    .addColumn('mfa_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mfa_secret_encrypted', 'text')
    .addColumn('display_id', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('last_login_at', timestamp)
    .addCheckConstraint('users_state_check', oneOf('state', USER_STATES))
    .addCheckConstraint('users_mfa_policy_check', oneOf('mfa_policy', MFA_POLICIES))
    .execute();
  // E-mail addresses are unique regardless of case: Anna@X and anna@x are one person.
  await db.schema.createIndex('users_email_lower_unique').on('users').unique().expression(sql`lower(email)`).execute();
  await db.schema.createIndex('users_display_id_unique').on('users').unique().column('display_id').execute();
  await db.schema.createIndex('users_institute_id_idx').on('users').column('institute_id').execute();
  await db.schema.createIndex('users_state_idx').on('users').column('state').execute();
  await db.schema.createIndex('users_name_idx').on('users').column('name').execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .addCheckConstraint('user_roles_role_check', oneOf('role', ROLES))
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('revoked_at', timestamp)
    .addColumn('revoked_reason', 'text')
    .addColumn('impersonator_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_agent', 'text')
    .addColumn('remote_address', 'text')
    .addCheckConstraint('sessions_kind_check', oneOf('kind', SESSION_KINDS))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  // No foreign keys: log rows outlive the users and objects they mention.
  await db.schema
    .createTable('application_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('req_id', 'text')
    .addColumn('msg', 'text')
    .addColumn('http_method', 'text')
    .addColumn('url', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('referer', 'text')
    .addColumn('remote_address', 'text')
    .addColumn('http_response_code', 'integer')
    .addColumn('response_time', 'double precision')
    .addColumn('data', 'text')
    .addColumn('event', 'text')
    .addColumn('message', 'text')
    .addColumn('reason', 'text')
    .addColumn('severity', 'text')
    .addColumn('target_id', 'text')
    .addColumn('target_name', 'text')
    .addColumn('target_type', 'text')
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text')
    .execute();
  await db.schema.createIndex('application_log_created_at_idx').on('application_log').column('created_at').execute();
  await db.schema.createIndex('application_log_user_id_idx').on('application_log').column('user_id').execute();
  await db.schema.createIndex('application_log_event_idx').on('application_log').column('event').execute();
  await db.schema.createIndex('application_log_req_id_idx').on('application_log').column('req_id').execute();

  await db.schema
    .createTable('profile_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('per_page', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('hu'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('profile_settings_locale_check', oneOf('locale', ['hu', 'en']))
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['profile_settings', 'application_log', 'sessions', 'user_roles', 'users', 'institutes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

export const foundation: Migration = { up, down };
