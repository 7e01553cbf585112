// The rules of user groups: unique names, members that exist, and no delete while access entries
// name the group (the caller is told how many and in which registries).
import type { FastifyRequest } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import type { AuthUser } from '../auth/authUser';
import { ApiError, notFoundError, validationError, type FieldError } from '../errors/apiError';
import type { ServerServices } from '../services';
import {
  accessEntriesOfGroup,
  deleteGroup,
  findGroup,
  groupNameTaken,
  insertGroup,
  replaceMembers,
  unknownUsers,
  updateGroup,
  type GroupColumns,
} from './groups.repository';

export interface GroupInput {
  name: string;
  groupType?: string | null;
  memberIds?: string[];
}

function columnsOf(input: GroupInput): GroupColumns {
  const type = input.groupType?.trim() ?? '';
  return { name: input.name.trim(), groupType: type === '' ? null : type };
}

async function inputErrors(services: ServerServices, columns: GroupColumns, memberIds: readonly string[], exceptId: string | null): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (await groupNameTaken(services.db, columns.name, exceptId)) errors.push({ path: 'name', key: 'api.unique', context: {} });
  const unknown = new Set(await unknownUsers(services.db, memberIds));
  memberIds.forEach((id, index) => {
    if (unknown.has(id)) errors.push({ path: `memberIds.${index}`, key: 'api.notFound', context: {} });
  });
  return errors;
}

function event(request: FastifyRequest, caller: AuthUser, id: string, name: string, what: string): Parameters<typeof logEvent>[1] {
  return { event: what, reqId: request.id, userId: caller.id, userName: caller.name, targetType: 'user_group', targetId: id, targetName: name };
}

export async function createGroup(services: ServerServices, request: FastifyRequest, caller: AuthUser, input: GroupInput): Promise<string> {
  const columns = columnsOf(input);
  const memberIds = [...new Set(input.memberIds ?? [])];
  const errors = await inputErrors(services, columns, memberIds, null);
  if (errors.length > 0) throw validationError(errors);
  const now = services.clock().toISOString();
  const id = await services.db.transaction().execute(async (trx) => {
    const created = await insertGroup(trx, columns, now);
    await replaceMembers(trx, created, memberIds);
    return created;
  });
  await logEvent(services.db, event(request, caller, id, columns.name, 'userGroup.created'));
  return id;
}

export async function editGroup(services: ServerServices, request: FastifyRequest, caller: AuthUser, id: string, input: GroupInput): Promise<void> {
  if (!(await findGroup(services.db, id, false))) throw notFoundError();
  const columns = columnsOf(input);
  const memberIds = input.memberIds === undefined ? undefined : [...new Set(input.memberIds)];
  const errors = await inputErrors(services, columns, memberIds ?? [], id);
  if (errors.length > 0) throw validationError(errors);
  const now = services.clock().toISOString();
  await services.db.transaction().execute(async (trx) => {
    await updateGroup(trx, id, columns, now);
    if (memberIds) await replaceMembers(trx, id, memberIds);
  });
  await logEvent(services.db, event(request, caller, id, columns.name, 'userGroup.updated'));
}

export async function removeGroup(services: ServerServices, request: FastifyRequest, caller: AuthUser, id: string): Promise<void> {
  const group = await findGroup(services.db, id, false);
  if (!group) throw notFoundError();
  await services.db.transaction().execute(async (trx) => {
    // Deleting would silently take the entries (and their access) with it: the admin removes them first.
    const use = await accessEntriesOfGroup(trx, id);
    if (use.count > 0) {
      throw new ApiError({
        statusCode: 409,
        code: 'group_in_use',
        messageId: 'server.userGroups.inUse',
        values: { count: use.count, registries: use.registries.join(', ') || 'none', everywhere: use.everyRegistry ? 'yes' : 'no' },
        details: { entryCount: use.count, registries: use.registries.join(',') },
      });
    }
    await deleteGroup(trx, id);
  });
  await logEvent(services.db, event(request, caller, id, group.name, 'userGroup.deleted'));
}
