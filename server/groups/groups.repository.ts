// SQL of user groups (spec business-data §3 "User group"): the list, members, and the access
// entries that name a group as trustee.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { fetchList, type ListFieldMap } from '../lists/listQuery';
import type { Db } from '../users/accounts.repository';

export interface GroupMember {
  id: string;
  name: string;
  email: string;
}

export interface UserGroup {
  id: string;
  name: string;
  groupType: string | null;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  members?: GroupMember[];
}

export interface GroupColumns {
  name: string;
  groupType: string | null;
}

export const GROUP_LIST_FIELDS: ListFieldMap = {
  name: { column: 'user_groups.name', type: 'text' },
  groupType: { column: 'user_groups.group_type', type: 'text' },
  createdAt: { column: 'user_groups.created_at', type: 'date' },
};

const MEMBER_COUNT = sql<number>`(select count(*) from user_group_members m where m.group_id = user_groups.id)`;

function baseQuery(db: Db) {
  return db.selectFrom('user_groups').select(['user_groups.id', 'user_groups.name', 'user_groups.group_type', 'user_groups.created_at', 'user_groups.updated_at', MEMBER_COUNT.as('member_count')]);
}

type GroupRow = { id: string; name: string; group_type: string | null; created_at: string; updated_at: string; member_count: number | string };

async function withMembers(db: Db, groups: UserGroup[]): Promise<UserGroup[]> {
  if (groups.length === 0) return groups;
  const rows = await db
    .selectFrom('user_group_members')
    .innerJoin('users', 'users.id', 'user_group_members.user_id')
    .select(['user_group_members.group_id', 'users.id', 'users.name', 'users.email'])
    .where('user_group_members.group_id', 'in', groups.map((group) => group.id))
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return groups.map((group) => ({ ...group, members: rows.filter((row) => row.group_id === group.id).map(({ id, name, email }) => ({ id, name, email })) }));
}

function toGroup(row: GroupRow): UserGroup {
  return { id: row.id, name: row.name, groupType: row.group_type, memberCount: Number(row.member_count), createdAt: row.created_at, updatedAt: row.updated_at };
}

export async function listGroups(db: Kysely<Database>, dialect: DatabaseDialect, query: ListQuery, includeMembers: boolean): Promise<{ items: UserGroup[]; total?: number }> {
  const { rows, total } = await fetchList(baseQuery(db), query, {
    fields: GROUP_LIST_FIELDS,
    dialect,
    tieBreaker: 'user_groups.id',
    defaultSort: [{ field: 'name', direction: 'asc' }],
  });
  const groups = rows.map((row) => toGroup(row as GroupRow));
  return { items: includeMembers ? await withMembers(db, groups) : groups, total };
}

export async function findGroup(db: Db, id: string, includeMembers: boolean): Promise<UserGroup | null> {
  const row = await baseQuery(db).where('user_groups.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const group = toGroup(row as GroupRow);
  return includeMembers ? ((await withMembers(db, [group]))[0] ?? null) : group;
}

/** Another group of this name (case-insensitive): names are how people pick groups in access entries. */
export async function groupNameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('user_groups').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The ids of `ids` that are no user. */
export async function unknownUsers(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

export async function insertGroup(db: Db, columns: GroupColumns, now: string): Promise<string> {
  const id = randomUUID();
  await db.insertInto('user_groups').values({ id, name: columns.name, group_type: columns.groupType, created_at: now, updated_at: now }).execute();
  return id;
}

export async function updateGroup(db: Db, id: string, columns: GroupColumns, now: string): Promise<void> {
  await db.updateTable('user_groups').set({ name: columns.name, group_type: columns.groupType, updated_at: now }).where('id', '=', id).execute();
}

/** The members become exactly `userIds`; a user leaving the group no longer has it as their own group. */
export async function replaceMembers(db: Db, groupId: string, userIds: readonly string[]): Promise<void> {
  await db.deleteFrom('user_group_members').where('group_id', '=', groupId).execute();
  if (userIds.length > 0) await db.insertInto('user_group_members').values(userIds.map((userId) => ({ group_id: groupId, user_id: userId }))).execute();
  let leavers = db.updateTable('users').set({ user_group_id: null }).where('user_group_id', '=', groupId);
  if (userIds.length > 0) leavers = leavers.where('id', 'not in', userIds);
  await leavers.execute();
}

export interface GroupUse {
  count: number;
  /** Short names of the registries the entries are limited to. */
  registries: string[];
  /** Some entry is not limited to a registry. */
  everyRegistry: boolean;
}

export async function accessEntriesOfGroup(db: Db, groupId: string): Promise<GroupUse> {
  const rows = await db
    .selectFrom('access_entries')
    .leftJoin('registries', 'registries.id', 'access_entries.registry_id')
    .select(['access_entries.id', 'registries.short_name'])
    .where('access_entries.trustee_group_id', '=', groupId)
    .execute();
  const names = [...new Set(rows.flatMap((row) => (row.short_name ? [row.short_name] : [])))].sort();
  return { count: rows.length, registries: names, everyRegistry: rows.some((row) => row.short_name === null) };
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await db.updateTable('users').set({ user_group_id: null }).where('user_group_id', '=', id).execute();
  await db.deleteFrom('user_groups').where('id', '=', id).execute();
}
