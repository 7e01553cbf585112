// Lists at scale, third part (docs/decisions.md "Scale: the needs-my-action total and the users'
// name order"):
// - the status matrix's "needs my action" total: each attendance keeps its to-do signature and
//   `attendance_todo_counts` counts attendances per (registry, institute, physician, signature),
//   `todo_signatures` spells the signatures out (0020_todo_signatures.ts), so the exact total sums
//   the few counter rows whose signature holds a form the caller may approve or must correct;
// - `users.name_folded`: the name case-folded as list sorts fold it (lower() on PostgreSQL, the
//   registered casefold() on SQLite), kept by triggers, with an index that serves the default
//   order (by name) and is scanned instead of the table by a name search.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import {
  POSTGRES_SIGNATURE_TRIGGERS,
  SIGNATURE_TRIGGER_NAMES,
  signatureOf,
  signaturePartsOf,
  SQLITE_SIGNATURE_TRIGGERS,
} from './0020_todo_signatures';

const SQLITE_USER_TRIGGERS: readonly string[] = [
  `create trigger users_name_folded_insert after insert on users begin update users set name_folded = casefold(NEW.name) where id = NEW.id; end`,
  `create trigger users_name_folded_update after update of name on users begin update users set name_folded = casefold(NEW.name) where id = NEW.id; end`,
];

const POSTGRES_USER_TRIGGERS: readonly string[] = [
  `create function users_fold_name() returns trigger language plpgsql as $$ begin NEW.name_folded := lower(NEW.name); return NEW; end $$`,
  `create trigger users_name_folded before insert or update of name on users for each row execute function users_fold_name()`,
];

async function signatures(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  await db.schema.alterTable('attendances').addColumn('todo_signature', 'text').execute();
  await db.schema
    .createTable('attendance_todo_counts')
    .addColumn('registry_id', 'text', (c) => c.notNull())
    .addColumn('institute_id', 'text', (c) => c.notNull())
    .addColumn('physician_id', 'text', (c) => c.notNull())
    .addColumn('todo_signature', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_todo_counts_pk', ['registry_id', 'institute_id', 'physician_id', 'todo_signature'])
    .execute();
  await db.schema
    .createTable('todo_signatures')
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('form_type_id', 'integer', (c) => c.notNull())
    .addColumn('todo_level', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('todo_signatures_pk', ['signature', 'form_type_id', 'todo_level'])
    .execute();
  // Backfill before the triggers exist, one statement each (only attendances with a to-do form).
  await sql
    .raw(`update attendances set todo_signature = ${signatureOf(postgres, 'attendances.id')}
      where id in (select attendance_id from forms where todo_level is not null)`)
    .execute(db);
  await sql.raw(signaturePartsOf(postgres, '1 = 1')).execute(db);
  await sql`insert into attendance_todo_counts (registry_id, institute_id, physician_id, todo_signature, n)
    select registry_id, institute_id, physician_id, todo_signature, count(*) from attendances where todo_signature is not null
    group by registry_id, institute_id, physician_id, todo_signature`.execute(db);
  for (const statement of postgres ? POSTGRES_SIGNATURE_TRIGGERS : SQLITE_SIGNATURE_TRIGGERS) await sql.raw(statement).execute(db);
}

async function foldedUserNames(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  await db.schema.alterTable('users').addColumn('name_folded', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql.raw(`update users set name_folded = ${postgres ? 'lower' : 'casefold'}(name)`).execute(db);
  for (const statement of postgres ? POSTGRES_USER_TRIGGERS : SQLITE_USER_TRIGGERS) await sql.raw(statement).execute(db);
  await db.schema.createIndex('users_name_folded_idx').on('users').columns(['name_folded', 'id']).execute();
}

async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await signatures(db, postgres);
  await foldedUserNames(db, postgres);
}

async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema.dropIndex('users_name_folded_idx').ifExists().execute();
  if (postgres) {
    await sql`drop trigger if exists users_name_folded on users`.execute(db);
    await sql`drop function if exists users_fold_name()`.execute(db);
    for (const { trigger, table, fn } of SIGNATURE_TRIGGER_NAMES.postgres) {
      await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${fn}()`).execute(db);
    }
  } else {
    for (const trigger of ['users_name_folded_insert', 'users_name_folded_update']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    for (const { trigger } of SIGNATURE_TRIGGER_NAMES.sqlite) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await db.schema.alterTable('users').dropColumn('name_folded').execute();
  await db.schema.dropTable('todo_signatures').ifExists().execute();
  await db.schema.dropTable('attendance_todo_counts').ifExists().execute();
  await db.schema.alterTable('attendances').dropColumn('todo_signature').execute();
}

export const scaleCounts: Migration = { up, down };
