// Writes of access entries and the look-ups their validation needs (trustee, registry, form type,
// institute, physician must exist and fit together).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccessEntryKind } from '../../src/domain/permissions';
import type { AccessEntriesTable, Database } from '../db/database';

type EntryColumnsRow = Pick<
  AccessEntriesTable,
  'trustee_user_id' | 'trustee_group_id' | 'scheme' | 'registry_id' | 'form_type_id' | 'institute_id' | 'physician_id'
> & { attach_permission: boolean };

export interface AccessEntryColumns {
  trusteeUserId: string | null;
  trusteeGroupId: string | null;
  scheme: string;
  registryId: string | null;
  formTypeId: number | null;
  instituteId: string | null;
  physicianId: string | null;
  attachPermission: boolean;
}

function row(columns: AccessEntryColumns): EntryColumnsRow {
  return {
    trustee_user_id: columns.trusteeUserId,
    trustee_group_id: columns.trusteeGroupId,
    scheme: columns.scheme,
    registry_id: columns.registryId,
    form_type_id: columns.formTypeId,
    institute_id: columns.instituteId,
    physician_id: columns.physicianId,
    attach_permission: columns.attachPermission,
  };
}

export async function insertAccessEntry(db: Kysely<Database>, kind: AccessEntryKind, columns: AccessEntryColumns, now: string): Promise<string> {
  const id = randomUUID();
  await db.insertInto('access_entries').values({ id, kind, ...row(columns), created_at: now, updated_at: now }).execute();
  return id;
}

export async function updateAccessEntry(db: Kysely<Database>, id: string, columns: AccessEntryColumns, now: string): Promise<void> {
  await db.updateTable('access_entries').set({ ...row(columns), updated_at: now }).where('id', '=', id).execute();
}

export async function deleteAccessEntry(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('access_entries').where('id', '=', id).execute();
}

export async function findUserBrief(db: Kysely<Database>, id: string): Promise<{ id: string; name: string; instituteId: string | null } | null> {
  const found = await db.selectFrom('users').select(['id', 'name', 'institute_id']).where('id', '=', id).executeTakeFirst();
  return found ? { id: found.id, name: found.name, instituteId: found.institute_id } : null;
}

export async function findGroupName(db: Kysely<Database>, id: string): Promise<string | null> {
  return (await db.selectFrom('user_groups').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
}

export async function registryExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('registries').select('id').where('id', '=', id).executeTakeFirst());
}

export async function formTypeRegistry(db: Kysely<Database>, id: number): Promise<string | null> {
  return (await db.selectFrom('form_types').select('registry_id').where('id', '=', id).executeTakeFirst())?.registry_id ?? null;
}

export async function instituteExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('institutes').select('id').where('id', '=', id).executeTakeFirst());
}

export async function instituteInRegistry(db: Kysely<Database>, registryId: string, instituteId: string): Promise<boolean> {
  const found = await db.selectFrom('registry_institutes').select('institute_id').where('registry_id', '=', registryId).where('institute_id', '=', instituteId).executeTakeFirst();
  return Boolean(found);
}
