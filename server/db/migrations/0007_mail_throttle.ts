// Limits on the mails that anyone can trigger without signing in (password reset, registration,
// confirmation resend): one row per mail sent, per target address and per account, and one per
// such request, per client address. Counting rows in a sliding window needs no read-modify-write
// between instances (the same pattern as auth_failures).
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('mail_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('mail_requests_scope_check', sql`scope in ('address', 'account', 'client')`)
    .execute();
  await db.schema.createIndex('mail_requests_lookup_idx').on('mail_requests').columns(['scope', 'subject', 'created_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_requests').ifExists().execute();
}

export const mailThrottle: Migration = { up, down };
