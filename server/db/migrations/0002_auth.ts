// Sign-in, sessions, MFA and registration: token rotation and MFA attempt counters on sessions,
// the pending MFA secret and replay guard on users, recovery keys, single-use e-mailed tokens,
// failed sign-in records for lockouts, and used captcha challenges. Every piece of state lives in
// the database so that several server instances agree (DESIGN §1).
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

function oneOf(column: string, values: readonly string[]): ReturnType<typeof sql> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';

  // The access token names its session and generation; a refresh moves the session to the next
  // generation and keeps the previous one valid for a short grace (requests already in flight).
  await db.schema.alterTable('sessions').addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sessions').addColumn('previous_generation_until', timestamp).execute();
  await db.schema.alterTable('sessions').addColumn('mfa_failures', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  // A secret being set up waits here until verified, so re-enrolling never breaks the active one.
  await db.schema.alterTable('users').addColumn('mfa_pending_secret_encrypted', 'text').execute();
  // The last accepted TOTP time step: a code is accepted only for a later step (no replay).
  await db.schema.alterTable('users').addColumn('mfa_last_time_step', 'bigint').execute();

  await db.schema
    .createTable('mfa_recovery_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('mfa_recovery_keys_user_idx').on('mfa_recovery_keys').columns(['user_id', 'key_hash']).execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .addCheckConstraint('one_time_tokens_purpose_check', oneOf('purpose', ['password_reset', 'email_confirmation']))
    .execute();
  await db.schema.createIndex('one_time_tokens_user_idx').on('one_time_tokens').columns(['user_id', 'purpose']).execute();

  // One row per failed password sign-in, per account (lower-cased e-mail) and per client address;
  // counting rows in a sliding window needs no read-modify-write between instances.
  await db.schema
    .createTable('auth_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('auth_failures_scope_check', oneOf('scope', ['account', 'ip']))
    .execute();
  await db.schema.createIndex('auth_failures_lookup_idx').on('auth_failures').columns(['scope', 'subject', 'created_at']).execute();

  await db.schema
    .createTable('captcha_uses')
    .addColumn('challenge_id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['captcha_uses', 'auth_failures', 'one_time_tokens', 'mfa_recovery_keys']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('users').dropColumn('mfa_last_time_step').execute();
  await db.schema.alterTable('users').dropColumn('mfa_pending_secret_encrypted').execute();
  await db.schema.alterTable('sessions').dropColumn('mfa_failures').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_generation_until').execute();
  await db.schema.alterTable('sessions').dropColumn('token_generation').execute();
}

export const auth: Migration = { up, down };
