// The rules of access-entry writes (POST/PUT/DELETE /registry-acl and /biobank-acl): the trustee,
// registry, form type, institute and physician must exist and fit together, or the call answers 400
// naming the field and writes nothing. Every change is an application-log event naming who
// changed what (before and after).
import type { FastifyRequest } from 'fastify';
import type { AccessEntryKind } from '../../src/domain/permissions';
import { logEvent } from '../appLog/appLog.repository';
import type { AuthUser } from '../auth/authUser';
import { validationError, type FieldError } from '../errors/apiError';
import type { ServerServices } from '../services';
import { findAccessEntryView, type AccessEntryView } from './accessEntries.repository';
import {
  deleteAccessEntry,
  findGroupName,
  findUserBrief,
  formTypeRegistry,
  insertAccessEntry,
  instituteExists,
  instituteInRegistry,
  registryExists,
  updateAccessEntry,
  type AccessEntryColumns,
} from './accessEntryWrites.repository';

export interface AccessEntryInput {
  trusteeUserId?: string | null;
  trusteeGroupId?: string | null;
  scheme: string;
  registryId?: string | null;
  formTypeId?: number | null;
  instituteId?: string | null;
  physicianId?: string | null;
  attachPermission?: boolean;
}

const error = (path: string, key: string): FieldError => ({ path, key, context: {} });

async function trusteeErrors(services: ServerServices, input: AccessEntryInput): Promise<FieldError[]> {
  const { trusteeUserId: userId, trusteeGroupId: groupId } = input;
  if (Boolean(userId) === Boolean(groupId)) return [error('trusteeUserId', 'api.oneTrustee')];
  if (userId && !(await findUserBrief(services.db, userId))) return [error('trusteeUserId', 'api.notFound')];
  if (groupId && (await findGroupName(services.db, groupId)) === null) return [error('trusteeGroupId', 'api.notFound')];
  return [];
}

/** The columns to write, or the field errors. A form type without a registry brings its own registry. */
async function checkedColumns(services: ServerServices, input: AccessEntryInput): Promise<{ columns: AccessEntryColumns; errors: FieldError[] }> {
  const { db } = services;
  const errors = await trusteeErrors(services, input);
  let registryId = input.registryId ?? null;
  const formTypeId = input.formTypeId ?? null;
  const instituteId = input.instituteId ?? null;
  const physicianId = input.physicianId ?? null;
  if (registryId !== null && !(await registryExists(db, registryId))) errors.push(error('registryId', 'api.notFound'));
  if (formTypeId !== null) {
    const ownRegistry = await formTypeRegistry(db, formTypeId);
    if (ownRegistry === null) errors.push(error('formTypeId', 'api.notFound'));
    else if (registryId !== null && ownRegistry !== registryId) errors.push(error('formTypeId', 'api.formTypeOutsideRegistry'));
    else registryId = ownRegistry;
  }
  if (instituteId !== null) {
    if (!(await instituteExists(db, instituteId))) errors.push(error('instituteId', 'api.notFound'));
    else if (registryId !== null && !errors.some((e) => e.path === 'registryId') && !(await instituteInRegistry(db, registryId, instituteId))) {
      errors.push(error('instituteId', 'api.instituteOutsideRegistry'));
    }
  }
  if (physicianId !== null) {
    const physician = await findUserBrief(db, physicianId);
    if (!physician) errors.push(error('physicianId', 'api.notFound'));
    else if (instituteId !== null && physician.instituteId !== instituteId) errors.push(error('physicianId', 'api.physicianOutsideInstitute'));
  }
  const columns: AccessEntryColumns = {
    trusteeUserId: input.trusteeUserId || null,
    trusteeGroupId: input.trusteeGroupId || null,
    scheme: input.scheme,
    registryId,
    formTypeId,
    instituteId,
    physicianId,
    attachPermission: input.attachPermission === true,
  };
  return { columns, errors };
}

/** What the log keeps of an entry: its conditions and trustee, never more. */
function summary(entry: AccessEntryView): Record<string, unknown> {
  const { trustee, scheme, registryId, formTypeId, instituteId, physicianId, attachPermission } = entry;
  return { trustee, scheme, registryId, formTypeId, instituteId, physicianId, attachPermission };
}

async function logChange(services: ServerServices, request: FastifyRequest, caller: AuthUser, event: string, entry: AccessEntryView, data: unknown): Promise<void> {
  await logEvent(services.db, {
    event,
    reqId: request.id,
    userId: caller.id,
    userName: caller.name,
    targetType: `${entry.kind}_access_entry`,
    targetId: entry.id,
    targetName: `${entry.scheme} → ${entry.trustee.name}`,
    data,
  });
}

async function viewOrThrow(services: ServerServices, kind: AccessEntryKind, id: string): Promise<AccessEntryView> {
  const view = await findAccessEntryView(services.db, kind, id);
  // The entry was just written or checked in this request: missing means someone removed it meanwhile.
  if (!view) throw validationError([error('id', 'api.notFound')]);
  return view;
}

export async function createAccessEntry(services: ServerServices, request: FastifyRequest, caller: AuthUser, kind: AccessEntryKind, input: AccessEntryInput): Promise<AccessEntryView> {
  const { columns, errors } = await checkedColumns(services, input);
  if (errors.length > 0) throw validationError(errors);
  const id = await insertAccessEntry(services.db, kind, columns, services.clock().toISOString());
  const created = await viewOrThrow(services, kind, id);
  await logChange(services, request, caller, 'accessEntry.created', created, { kind, after: summary(created) });
  return created;
}

/** Null when the entry does not exist (as this kind). */
export async function editAccessEntry(
  services: ServerServices,
  request: FastifyRequest,
  caller: AuthUser,
  kind: AccessEntryKind,
  id: string,
  input: AccessEntryInput,
): Promise<AccessEntryView | null> {
  const before = await findAccessEntryView(services.db, kind, id);
  if (!before) return null;
  const { columns, errors } = await checkedColumns(services, input);
  if (errors.length > 0) throw validationError(errors);
  await updateAccessEntry(services.db, id, columns, services.clock().toISOString());
  const after = await viewOrThrow(services, kind, id);
  await logChange(services, request, caller, 'accessEntry.updated', after, { kind, before: summary(before), after: summary(after) });
  return after;
}

/** False when the entry does not exist (as this kind). */
export async function removeAccessEntry(services: ServerServices, request: FastifyRequest, caller: AuthUser, kind: AccessEntryKind, id: string): Promise<boolean> {
  const before = await findAccessEntryView(services.db, kind, id);
  if (!before) return false;
  await deleteAccessEntry(services.db, id);
  await logChange(services, request, caller, 'accessEntry.deleted', before, { kind, before: summary(before) });
  return true;
}
