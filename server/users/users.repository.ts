// SQL for users and their roles.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AuthUser } from '../auth/authUser';
import { isRole, type Role } from '../auth/roles';
import type { SessionRow } from '../auth/sessions.repository';
import type { Database, UserState } from '../db/database';
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

function callerQuery(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('institutes', 'institutes.id', 'users.institute_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.state',
      'institutes.id as institute_id',
      'institutes.name as institute_name',
      'institutes.name_hu as institute_name_hu',
      'institutes.name_en as institute_name_en',
      'institutes.short_name as institute_short_name',
      rolesColumn(db).as('roles'),
    ])
    .where('users.id', '=', userId);
}

type CallerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof callerQuery>['executeTakeFirst']>>>;

function toAuthUser(row: CallerRow): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // Role names hold no comma (auth/roles.ts); sorted as findRoles sorts them.
    roles: (row.roles ?? '').split(',').filter(isRole).sort(),
    institute:
      row.institute_id && row.institute_name && row.institute_short_name
        ? {
            id: row.institute_id,
            name: row.institute_name,
            nameHu: row.institute_name_hu,
            nameEn: row.institute_name_en,
            shortName: row.institute_short_name,
          }
        : null,
  };
}

/** The signed-in user as the request sees it: identity, roles and institute. */
export async function findAuthUser(db: Kysely<Database>, userId: string): Promise<AuthUser | null> {
  const row = await callerQuery(db, userId).executeTakeFirst();
  return row ? toAuthUser(row) : null;
}

/**
 * The caller of a request and their account state, in one statement: every request with a token
 * reads it, and on PostgreSQL each statement is a round trip (it was three: account, user, roles).
 */
export async function findCaller(db: Kysely<Database>, userId: string): Promise<{ user: AuthUser; state: UserState } | null> {
  const row = await callerQuery(db, userId).executeTakeFirst();
  return row ? { user: toAuthUser(row), state: row.state } : null;
}

export interface Caller {
  user: AuthUser;
  state: UserState;
  /** The user's access entries and the groups they come through (findCallerEntries). */
  access: { groupIds: string[]; entries: AccessEntry[] };
}

/**
 * A session, its user as findCaller reads them and the user's access entries, in one statement:
 * every request with a token reads the session to accept the token and the user to know who calls,
 * and nearly every one asks the permission function, which needs the entries (on PostgreSQL each
 * statement is a round trip, on SQLite a trip to a read worker).
 */
export async function findSessionWithCaller(db: Kysely<Database>, sessionId: string): Promise<{ session: SessionRow; caller: Caller | null } | null> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('institutes', 'institutes.id', 'users.institute_id')
    .selectAll('sessions')
    .select([
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
      callerEntriesColumn(dialectOf(db as Kysely<unknown>), sql<string>`users.id`).as('caller_entries'),
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return null;
  const { caller_id, caller_name, caller_email, caller_state, caller_roles, caller_entries, ...rest } = row;
  const {
    caller_institute_id: institute_id,
    caller_institute_name: institute_name,
    caller_institute_name_hu: institute_name_hu,
    caller_institute_name_en: institute_name_en,
    caller_institute_short_name: institute_short_name,
    ...session
  } = rest;
  if (caller_id === null || caller_name === null || caller_email === null || caller_state === null) return { session, caller: null };
  const callerRow: CallerRow = { id: caller_id, name: caller_name, email: caller_email, state: caller_state, roles: caller_roles, institute_id, institute_name, institute_name_hu, institute_name_en, institute_short_name };
  return { session, caller: { user: toAuthUser(callerRow), state: caller_state, access: parseCallerEntries(caller_entries) } };
}
