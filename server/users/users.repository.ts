// SQL for users and their roles.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AuthUser } from '../auth/authUser';
import { isRole, type Role } from '../auth/roles';
import type { SessionRow } from '../auth/sessions.repository';
import type { Database, UserState } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';
import { dialectOf } from '../db/sqlFunctions';
import type { AccessEntry } from '../../src/domain/permissions';
import { callerEntriesColumn, parseCallerEntries } from '../permissions/accessEntries.repository';

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findRoles(db: Kysely<Database>, userId: string): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((row) => row.role).filter(isRole);
}

/** The user's roles in one text column (one statement for the whole caller, see findCaller). */
function rolesColumn(db: Kysely<Database>): RawBuilder<string | null> {
  return dialectOf(db as Kysely<unknown>) === 'postgres'
    ? sql<string | null>`(select string_agg(r.role, ',') from user_roles r where r.user_id = users.id)`
    : sql<string | null>`(select group_concat(r.role, ',') from user_roles r where r.user_id = users.id)`;
}

/** The caller's columns, prefixed so that they can stand beside a session's (findSessionWithCaller). */
function callerColumns(db: Kysely<Database>) {
  return [
    'users.id as caller_id',
    'users.name as caller_name',
    'users.email as caller_email',
    'users.state as caller_state',
    'institutes.id as caller_institute_id',
    'institutes.name as caller_institute_name',
    'institutes.name_hu as caller_institute_name_hu',
    'institutes.name_en as caller_institute_name_en',
    'institutes.short_name as caller_institute_short_name',
    rolesColumn(db).as('caller_roles'),
  ] as const;
}

interface CallerRow {
  caller_id: string | null;
  caller_name: string | null;
  caller_email: string | null;
  caller_state: UserState | null;
  caller_institute_id: string | null;
  caller_institute_name: string | null;
  caller_institute_name_hu: string | null;
  caller_institute_name_en: string | null;
  caller_institute_short_name: string | null;
  caller_roles: string | null;
}

/** The user and their account state from callerColumns, or null where the row has no user. */
function toCaller(row: CallerRow): { user: AuthUser; state: UserState } | null {
  const { caller_id: id, caller_name: name, caller_email: email, caller_state: state } = row;
  if (id === null || name === null || email === null || state === null) return null;
  const institute =
    row.caller_institute_id && row.caller_institute_name && row.caller_institute_short_name
      ? {
          id: row.caller_institute_id,
          name: row.caller_institute_name,
          nameHu: row.caller_institute_name_hu,
          nameEn: row.caller_institute_name_en,
          shortName: row.caller_institute_short_name,
        }
      : null;
  // Role names hold no comma (auth/roles.ts); sorted as findRoles sorts them.
  const roles = (row.caller_roles ?? '').split(',').filter(isRole).sort();
  return { user: { id, name, email, roles, institute }, state };
}

/**
 * The caller of a request and their account state, in one statement: every request with a token
 * reads it, and on PostgreSQL each statement is a round trip (it was three: account, user, roles).
 */
export async function findCaller(db: Kysely<Database>, userId: string): Promise<{ user: AuthUser; state: UserState } | null> {
  const row = await db.selectFrom('users').leftJoin('institutes', 'institutes.id', 'users.institute_id').select(callerColumns(db)).where('users.id', '=', userId).executeTakeFirst();
  return row ? toCaller(row) : null;
}

/** The signed-in user as the request sees it: identity, roles and institute. */
export async function findAuthUser(db: Kysely<Database>, userId: string): Promise<AuthUser | null> {
  return (await findCaller(db, userId))?.user ?? null;
}

export interface Caller {
  user: AuthUser;
  state: UserState;
  /** The user's access entries and the groups they come through (findCallerEntries). */
  access: { groupIds: string[]; entries: AccessEntry[] };
}

const sessionWithCaller = fixedQuery<{ sessionId: string }>()((db, value) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('institutes', 'institutes.id', 'users.institute_id')
    .selectAll('sessions')
    .select([...callerColumns(db), callerEntriesColumn(dialectOf(db as Kysely<unknown>), sql<string>`users.id`).as('caller_entries')])
    .where('sessions.id', '=', value('sessionId')),
);

/**
 * A session, its user as findCaller reads them and the user's access entries, in one statement:
 * every request with a token reads the session to accept the token and the user to know who calls,
 * and nearly every one asks the permission function, which needs the entries (on PostgreSQL each
 * statement is a round trip, on SQLite a trip to a read worker).
 */
export async function findSessionWithCaller(db: Kysely<Database>, sessionId: string): Promise<{ session: SessionRow; caller: Caller | null } | null> {
  const row = await sessionWithCaller.first(db, { sessionId });
  if (!row) return null;
  const session = Object.fromEntries(Object.entries(row).filter(([column]) => !column.startsWith('caller_'))) as SessionRow;
  const caller = toCaller(row);
  return { session, caller: caller ? { ...caller, access: parseCallerEntries(row.caller_entries) } : null };
}
