// SQL of the users screens: the list with its filters, one user, inserts, updates and deletes.
// Rows become the API's User (spec business-data §3) here; the rules live in userAdmin.service.
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FilterClause, ListQuery } from '../../src/domain/lists';
import type { UserAccount } from '../../src/domain/users';
import type { DatabaseDialect } from '../config';
import type { Database, MfaPolicy, UserRow, UserState } from '../db/database';
import { validationError } from '../errors/apiError';
import { fetchList, type ListFieldMap } from '../lists/listQuery';
import { emailKey, type Db } from './accounts.repository';

/** A user as the API answers it (the one definition in the domain core). */
export type AdminUser = UserAccount;

/** The columns a create or an edit writes (everything but identity, state, MFA secrets and times). */
export interface UserColumns {
  name: string;
  email: string;
  phone: string | null;
  doctor: boolean;
  instituteId: string | null;
  notes: string | null;
  country: string | null;
  city: string | null;
  legacyDoctorCode: string | null;
  userGroupId: string | null;
  preventAutomaticInactivation: boolean;
  deactivatedUsersNotification: boolean;
  inactiveUsersNotification: boolean;
  registryId: string | null;
  mfaPolicy: MfaPolicy;
  mfaEnforcedAt: string | null;
  displayId: string | null;
}

export const USER_LIST_FIELDS: ListFieldMap = {
  // Sorted and searched on users.name_folded (the name case-folded as list sorts fold it, kept by
  // triggers, migration 0020): the index users_name_folded_idx serves the order and the search.
  name: { column: 'users.name', sortKey: 'users.name_folded', notNull: true, type: 'text', folded: { column: 'users.name_folded', fold: (value) => value.toLowerCase() } },
  email: { column: 'users.email', type: 'text' },
  state: { column: 'users.state', type: 'text' },
  instituteId: { column: 'users.institute_id', type: 'text' },
  displayId: { column: 'users.display_id', type: 'text' },
  doctor: { column: 'users.doctor', type: 'boolean' },
  mfaPolicy: { column: 'users.mfa_policy', type: 'text' },
  createdAt: { column: 'users.created_at', type: 'date' },
  lastLoginAt: { column: 'users.last_login_at', type: 'date' },
  // Handled apart (a user has several roles): `role==x` / `role!=x`.
  role: { column: 'users.id', type: 'text', sort: false },
};

function toAdminUser(row: UserRow, roles: string[]): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    doctor: Boolean(row.doctor),
    instituteId: row.institute_id,
    notes: row.notes,
    state: row.state,
    country: row.country,
    city: row.city,
    legacyDoctorCode: row.legacy_doctor_code,
    userGroupId: row.user_group_id,
    preventAutomaticInactivation: Boolean(row.prevent_automatic_inactivation),
    deactivatedUsersNotification: Boolean(row.deactivated_users_notification),
    inactiveUsersNotification: Boolean(row.inactive_users_notification),
    registryId: row.registry_id,
    mfaPolicy: row.mfa_policy,
    mfaEnabled: Boolean(row.mfa_enabled) && Boolean(row.mfa_confirmed) && row.mfa_secret_encrypted !== null,
    mfaEnforcedAt: row.mfa_enforced_at,
    mfaConfirmed: Boolean(row.mfa_confirmed),
    displayId: row.display_id,
    roles,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastLoginAt: row.last_login_at,
  };
}

async function rolesOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byUser;
  const rows = await db.selectFrom('user_roles').select(['user_id', 'role']).where('user_id', 'in', ids).orderBy('role').execute();
  for (const row of rows) byUser.get(row.user_id)?.push(row.role);
  return byUser;
}

async function institutesOf(db: Db, ids: readonly string[]): Promise<Map<string, NonNullable<UserAccount['institute']>>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('institutes').select(['id', 'name', 'short_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, shortName: row.short_name }]));
}

async function complete(db: Db, rows: UserRow[], withInstitute: boolean): Promise<AdminUser[]> {
  const roles = await rolesOf(db, rows.map((row) => row.id));
  const users = rows.map((row) => toAdminUser(row, roles.get(row.id) ?? []));
  if (!withInstitute) return users;
  const institutes = await institutesOf(db, [...new Set(users.flatMap((user) => (user.instituteId ? [user.instituteId] : [])))]);
  return users.map((user) => ({ ...user, institute: user.instituteId ? (institutes.get(user.instituteId) ?? null) : null }));
}

/** Role clauses become `exists` conditions; the rest go to the shared list helper. */
function roleConditions(filter: readonly FilterClause[]): { rest: FilterClause[]; conditions: Expression<SqlBool>[] } {
  const rest: FilterClause[] = [];
  const conditions: Expression<SqlBool>[] = [];
  for (const clause of filter) {
    if (clause.field !== 'role') {
      rest.push(clause);
      continue;
    }
    if (clause.operator !== '==' && clause.operator !== '!=') {
      throw validationError([{ path: 'filter', key: 'list.filterOperator', context: { field: 'role', operator: clause.operator } }]);
    }
    const holds = sql<SqlBool>`exists (select 1 from user_roles r where r.user_id = users.id and r.role = ${clause.value})`;
    conditions.push(clause.operator === '==' ? holds : sql<SqlBool>`not ${holds}`);
  }
  return { rest, conditions };
}

export interface UserListOptions {
  query: ListQuery;
  withInstitute: boolean;
  /** The accounts the caller administers (docs/permissions.md, "Administration"). */
  visible: Expression<SqlBool>;
}

export async function listAdminUsers(db: Kysely<Database>, dialect: DatabaseDialect, options: UserListOptions): Promise<{ items: AdminUser[]; total?: number }> {
  const { rest, conditions } = roleConditions(options.query.filter);
  let base = db.selectFrom('users').selectAll('users').where(options.visible);
  for (const condition of conditions) base = base.where(condition);
  const { rows, total } = await fetchList(base, { ...options.query, filter: rest }, {
    fields: USER_LIST_FIELDS,
    dialect,
    tieBreaker: 'users.id',
    defaultSort: [{ field: 'name', direction: 'asc' }],
  });
  return { items: await complete(db, rows, options.withInstitute), total };
}

export async function findAdminUser(db: Db, id: string, withInstitute = false): Promise<AdminUser | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? ((await complete(db, [row], withInstitute))[0] ?? null) : null;
}

function columnsOf(columns: UserColumns): Record<string, unknown> {
  return {
    name: columns.name,
    email: columns.email,
    phone: columns.phone,
    doctor: columns.doctor,
    institute_id: columns.instituteId,
    notes: columns.notes,
    country: columns.country,
    city: columns.city,
    legacy_doctor_code: columns.legacyDoctorCode,
    user_group_id: columns.userGroupId,
    prevent_automatic_inactivation: columns.preventAutomaticInactivation,
    deactivated_users_notification: columns.deactivatedUsersNotification,
    inactive_users_notification: columns.inactiveUsersNotification,
    registry_id: columns.registryId,
    mfa_policy: columns.mfaPolicy,
    mfa_enforced_at: columns.mfaEnforcedAt,
    display_id: columns.displayId,
  };
}

async function replaceRoles(db: Db, userId: string, roles: readonly string[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roles.length > 0) await db.insertInto('user_roles').values(roles.map((role) => ({ user_id: userId, role }))).execute();
}

/** A user's own group is also a membership, so the group's access entries reach them. */
async function joinGroup(db: Db, userId: string, groupId: string | null): Promise<void> {
  if (!groupId) return;
  const member = await db.selectFrom('user_group_members').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  if (!member) await db.insertInto('user_group_members').values({ group_id: groupId, user_id: userId }).execute();
}

export async function insertAdminUser(db: Db, columns: UserColumns, roles: readonly string[], state: UserState, locale: string, now: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      ...(columnsOf(columns) as Pick<UserRow, 'name' | 'email'>),
      id,
      state,
      password_hash: null,
      mfa_enabled: false,
      mfa_confirmed: false,
      mfa_secret_encrypted: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .execute();
  await replaceRoles(db, id, roles);
  await joinGroup(db, id, columns.userGroupId);
  // Mails to the new user (the set-password link, later the activation) go out in this language.
  await db.insertInto('profile_settings').values({ user_id: id, locale, updated_at: now }).execute();
  return id;
}

export async function updateAdminUser(db: Db, id: string, columns: UserColumns, roles: readonly string[], now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...(columnsOf(columns) as Pick<UserRow, 'name'>), updated_at: now })
    .where('id', '=', id)
    .execute();
  await replaceRoles(db, id, roles);
  await joinGroup(db, id, columns.userGroupId);
}

/** True when clinical data names the user (author, physician, approver, uploader): they are kept, only deactivated. */
export async function hasClinicalRecords(db: Db, id: string): Promise<boolean> {
  const checks: (() => Promise<unknown>)[] = [
    () =>
      db.selectFrom('attendances').select('id').where((eb) => eb.or([eb('physician_id', '=', id), eb('owner_id', '=', id), eb('disqualified_by', '=', id)])).limit(1).executeTakeFirst(),
    () =>
      db.selectFrom('forms').select('id').where('physician_id', '=', id).limit(1).executeTakeFirst(),
    () =>
      db.selectFrom('form_approvals').select('form_id').where('user_id', '=', id).limit(1).executeTakeFirst(),
    () =>
      db.selectFrom('form_files').select('form_id').where('uploaded_by', '=', id).limit(1).executeTakeFirst(),
    () =>
      db.selectFrom('form_history').select('form_id').where('user_id', '=', id).limit(1).executeTakeFirst(),
  ];
  // One after the other: a transaction has one connection.
  for (const check of checks) if (await check()) return true;
  return false;
}

export async function deleteAdminUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Which field is taken by another user: e-mail (case-insensitive, stored lower-cased) or display id. */
export async function takenFields(db: Db, email: string, displayId: string | null, exceptId: string | null): Promise<('email' | 'displayId')[]> {
  const taken: ('email' | 'displayId')[] = [];
  let byEmail = db.selectFrom('users').select('id').where(emailKey, '=', email.toLowerCase());
  if (exceptId) byEmail = byEmail.where('id', '<>', exceptId);
  if (await byEmail.executeTakeFirst()) taken.push('email');
  if (displayId !== null) {
    let byDisplayId = db.selectFrom('users').select('id').where('display_id', '=', displayId);
    if (exceptId) byDisplayId = byDisplayId.where('id', '<>', exceptId);
    if (await byDisplayId.executeTakeFirst()) taken.push('displayId');
  }
  return taken;
}

export async function exists(db: Db, table: 'institutes' | 'registries' | 'user_groups', id: string): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
