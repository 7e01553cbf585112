// SQL for access entries and group memberships. Rows map to the domain's AccessEntry.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import { isPermissionScheme, type AccessEntry, type AccessEntryKind } from '../../src/domain/permissions';
import type { DatabaseDialect } from '../config';
import type { AccessEntryRow, Database } from '../db/database';
import { jsonRowsSql, parseJsonRows } from '../db/jsonRows';
import { dialectOf } from '../db/sqlFunctions';
import { fetchList, type ListFieldMap } from '../lists/listQuery';

/** The columns an entry travels with (callerEntriesColumn's JSON arrays hold them in this order). */
const ENTRY_COLUMNS = ['id', 'kind', 'trustee_user_id', 'trustee_group_id', 'scheme', 'registry_id', 'form_type_id', 'institute_id', 'physician_id', 'attach_permission'] as const;
type EntryColumn = (typeof ENTRY_COLUMNS)[number];

export function toAccessEntry(row: Pick<AccessEntryRow, EntryColumn>): AccessEntry {
  // The check constraint keeps schemes valid; an unknown one would grant nothing (guest is least).
  const scheme = isPermissionScheme(row.scheme) ? row.scheme : 'guest';
  return {
    id: row.id,
    kind: row.kind,
    trustee: row.trustee_user_id ? { userId: row.trustee_user_id } : { groupId: row.trustee_group_id ?? '' },
    scheme,
    registryId: row.registry_id,
    formTypeId: row.form_type_id,
    instituteId: row.institute_id,
    physicianId: row.physician_id,
    attachPermission: Boolean(row.attach_permission),
  };
}

export async function findGroupIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_group_members').select('group_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.group_id);
}

/** The entries granted to the user directly or through the groups. */
export async function findEntriesOf(db: Kysely<Database>, userId: string, groupIds: readonly string[]): Promise<AccessEntry[]> {
  const rows = await db
    .selectFrom('access_entries')
    .selectAll()
    .where((eb) =>
      groupIds.length > 0 ? eb.or([eb('trustee_user_id', '=', userId), eb('trustee_group_id', 'in', groupIds)]) : eb('trustee_user_id', '=', userId),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAccessEntry);
}

/**
 * findCallerEntries as one column of another statement (the request guard's session lookup), so
 * that a request learns who calls and what they may do in a single round trip: a JSON array of
 * the entries, each an array of ENTRY_COLUMNS, in created_at then id order. `userId` is the SQL of
 * the user's id in the outer statement.
 */
export function callerEntriesColumn(dialect: DatabaseDialect, userId: RawBuilder<string>): RawBuilder<unknown> {
  const columns = ENTRY_COLUMNS.map((column) => sql.ref(`e.${column}`));
  return jsonRowsSql(dialect, columns, sql`e.created_at, e.id`, sql`access_entries e where e.id in (${callerEntryIds(dialect, userId)})`);
}

/**
 * The ids of the user's entries, direct and through groups, each kind found by its own index. As
 * `trustee_user_id = ? or trustee_group_id in (…)` SQLite read every entry once its statistics
 * showed many entries and few group memberships: 3 ms on every request at 10,000 entries
 * (docs/decisions.md "The caller's entries found by their indexes"). `indexed by` keeps the
 * memberships a seek when the statistics say there are only a few of them.
 */
function callerEntryIds(dialect: DatabaseDialect, userId: RawBuilder<string>): RawBuilder<unknown> {
  const memberships = dialect === 'sqlite' ? sql`user_group_members m indexed by user_group_members_user_idx` : sql`user_group_members m`;
  return sql`select d.id from access_entries d where d.trustee_user_id = ${userId}
    union all select g.id from ${memberships} inner join access_entries g on g.trustee_group_id = m.group_id where m.user_id = ${userId}`;
}

/** callerEntriesColumn's value (parsed by the PostgreSQL driver, text on SQLite) as findCallerEntries answers. */
export function parseCallerEntries(value: unknown): { groupIds: string[]; entries: AccessEntry[] } {
  const entries = parseJsonRows(value).map((values) => toAccessEntry(Object.fromEntries(ENTRY_COLUMNS.map((column, index) => [column, values[index]])) as Pick<AccessEntryRow, EntryColumn>));
  return { groupIds: groupsOf(entries), entries };
}

function groupsOf(entries: readonly AccessEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => ('groupId' in entry.trustee && entry.trustee.groupId ? [entry.trustee.groupId] : [])))];
}

/**
 * The entries granted to the user directly or through any group they belong to, in one statement
 * (every request that checks a permission reads them; on PostgreSQL a statement is a round trip),
 * with the groups they come through: the only groups the permission function and the access
 * lists' own-entries filter ever compare, since a group without entries grants nothing.
 */
export async function findCallerEntries(db: Kysely<Database>, userId: string): Promise<{ groupIds: string[]; entries: AccessEntry[] }> {
  const ofCaller = callerEntryIds(dialectOf(db as Kysely<unknown>), sql<string>`${userId}`);
  const rows = await db.selectFrom('access_entries').selectAll().where(sql<SqlBool>`access_entries.id in (${ofCaller})`).orderBy('created_at').orderBy('id').execute();
  const entries = rows.map(toAccessEntry);
  return { groupIds: groupsOf(entries), entries };
}

export interface AccessEntryView {
  id: string;
  kind: AccessEntryKind;
  trustee: { userId: string; name: string } | { groupId: string; name: string };
  scheme: string;
  registryId: string | null;
  formTypeId: number | null;
  instituteId: string | null;
  physicianId: string | null;
  attachPermission: boolean;
  /** Short names of the conditions (null: unset, "all"), so lists read without look-ups. */
  names: { registry: string | null; formType: string | null; institute: string | null; physician: string | null };
  createdAt: string;
  updatedAt: string;
}

export const ACCESS_ENTRY_FIELDS: ListFieldMap = {
  scheme: { column: 'access_entries.scheme', type: 'text' },
  trusteeUserId: { column: 'access_entries.trustee_user_id', type: 'text' },
  trusteeGroupId: { column: 'access_entries.trustee_group_id', type: 'text' },
  trusteeName: { column: sql`coalesce(trustee_user.name, trustee_group.name)`, type: 'text' },
  registryId: { column: 'access_entries.registry_id', type: 'text' },
  formTypeId: { column: 'access_entries.form_type_id', type: 'integer' },
  instituteId: { column: 'access_entries.institute_id', type: 'text' },
  physicianId: { column: 'access_entries.physician_id', type: 'text' },
  createdAt: { column: 'access_entries.created_at', type: 'date' },
};

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('access_entries')
    .leftJoin('users as trustee_user', 'trustee_user.id', 'access_entries.trustee_user_id')
    .leftJoin('user_groups as trustee_group', 'trustee_group.id', 'access_entries.trustee_group_id')
    .leftJoin('registries as entry_registry', 'entry_registry.id', 'access_entries.registry_id')
    .leftJoin('form_types as entry_form_type', 'entry_form_type.id', 'access_entries.form_type_id')
    .leftJoin('institutes as entry_institute', 'entry_institute.id', 'access_entries.institute_id')
    .leftJoin('users as entry_physician', 'entry_physician.id', 'access_entries.physician_id')
    .selectAll('access_entries')
    .select([
      'trustee_user.name as trustee_user_name',
      'trustee_group.name as trustee_group_name',
      'entry_registry.short_name as registry_name',
      'entry_form_type.short_name as form_type_name',
      'entry_institute.short_name as institute_name',
      'entry_physician.name as physician_name',
    ]);
}

type ViewRow = AccessEntryRow & {
  trustee_user_name: string | null;
  trustee_group_name: string | null;
  registry_name: string | null;
  form_type_name: string | null;
  institute_name: string | null;
  physician_name: string | null;
};

function toView(row: ViewRow): AccessEntryView {
  return {
    id: row.id,
    kind: row.kind,
    trustee: row.trustee_user_id
      ? { userId: row.trustee_user_id, name: row.trustee_user_name ?? '' }
      : { groupId: row.trustee_group_id ?? '', name: row.trustee_group_name ?? '' },
    scheme: row.scheme,
    registryId: row.registry_id,
    formTypeId: row.form_type_id,
    instituteId: row.institute_id,
    physicianId: row.physician_id,
    attachPermission: Boolean(row.attach_permission),
    names: { registry: row.registry_name, formType: row.form_type_name, institute: row.institute_name, physician: row.physician_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listAccessEntries(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  kind: AccessEntryKind,
  query: ListQuery,
): Promise<{ items: AccessEntryView[]; total?: number }> {
  const { rows, total } = await fetchList(baseQuery(db).where('access_entries.kind', '=', kind), query, {
    fields: ACCESS_ENTRY_FIELDS,
    dialect,
    tieBreaker: 'access_entries.id',
    // Newest first: an admin who has just granted access sees the grant on top, however long the list.
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
  });
  return { items: (rows as ViewRow[]).map(toView), total };
}

export async function findAccessEntryView(db: Kysely<Database>, kind: AccessEntryKind, id: string): Promise<AccessEntryView | null> {
  const row = await baseQuery(db).where('access_entries.kind', '=', kind).where('access_entries.id', '=', id).executeTakeFirst();
  return row ? toView(row as ViewRow) : null;
}

/** Registry-level entries that can apply to a form type: no condition, or its registry or itself. */
export async function listEntriesForFormType(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  formType: { id: number; registryId: string },
  query: ListQuery,
  onlyTrustees?: { userId: string; groupIds: readonly string[] },
): Promise<{ items: AccessEntryView[]; total?: number }> {
  let base = baseQuery(db)
    .where('access_entries.kind', '=', 'registry')
    .where((eb) => eb.or([eb('access_entries.registry_id', 'is', null), eb('access_entries.registry_id', '=', formType.registryId)]))
    .where((eb) => eb.or([eb('access_entries.form_type_id', 'is', null), eb('access_entries.form_type_id', '=', formType.id)]));
  if (onlyTrustees) {
    const { userId, groupIds } = onlyTrustees;
    base = base.where((eb) =>
      groupIds.length > 0
        ? eb.or([eb('access_entries.trustee_user_id', '=', userId), eb('access_entries.trustee_group_id', 'in', groupIds)])
        : eb('access_entries.trustee_user_id', '=', userId),
    );
  }
  const { rows, total } = await fetchList(base, query, {
    fields: ACCESS_ENTRY_FIELDS,
    dialect,
    tieBreaker: 'access_entries.id',
    defaultSort: [{ field: 'createdAt', direction: 'asc' }],
  });
  return { items: (rows as ViewRow[]).map(toView), total };
}
