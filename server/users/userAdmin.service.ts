// The rules of the users screens (issue 12): who administers whom (src/domain/permissions/
// administration.ts), unique e-mails, the set-password link of a new account, state changes through
// the activation service, the admin's MFA reset, and delete-or-deactivate.
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { isValidEmail, normalizeEmail } from '../../src/domain/auth/email';
import {
  forbiddenRoleChanges,
  mayAdministerUser,
  mayAdministerUsers,
  mayAssignGroup,
  mayAssignInstitute,
  type AdminActor,
} from '../../src/domain/permissions/administration';
import { logEvent } from '../appLog/appLog.repository';
import { forbidden } from '../auth/authErrors';
import type { AuthUser } from '../auth/authUser';
import { issueLinkToken } from '../auth/linkTokens';
import { deleteRecoveryKeys } from '../auth/recoveryKeys.repository';
import { revokeUserSessions } from '../auth/sessions.repository';
import type { MfaPolicy, UserState } from '../db/database';
import { ApiError, notFoundError, validationError, type FieldError } from '../errors/apiError';
import type { Locale } from '../i18n/locale';
import { isStorableInstant } from '../input/requestFormats';
import { accountCreatedMail } from '../mail/templates/adminMails';
import { renderMail } from '../mail/templates/layout';
import type { ServerServices } from '../services';
import { disableMfa, setUserState } from './accounts.repository';
import { activateUser, deactivateUser } from './activation.service';
import {
  deleteAdminUser,
  exists,
  findAdminUser,
  hasClinicalRecords,
  insertAdminUser,
  takenFields,
  updateAdminUser,
  type AdminUser,
  type UserColumns,
} from './userAdmin.repository';

/** A new account's set-password link lasts longer than a reset link: people read such mail days later. */
export const SET_PASSWORD_TTL_DAYS = 7;

export interface UserInput {
  name?: string;
  email?: string;
  phone?: string | null;
  doctor?: boolean;
  instituteId?: string | null;
  notes?: string | null;
  country?: string | null;
  city?: string | null;
  legacyDoctorCode?: string | null;
  userGroupId?: string | null;
  preventAutomaticInactivation?: boolean;
  deactivatedUsersNotification?: boolean;
  inactiveUsersNotification?: boolean;
  registryId?: string | null;
  mfaPolicy?: MfaPolicy;
  mfaEnforcedAt?: string | null;
  displayId?: string | null;
  roles?: string[];
  state?: UserState;
  /** Edit only: forget the user's authenticator and recovery keys (they set MFA up again). */
  resetMfa?: boolean;
}

export function actorOf(user: AuthUser): AdminActor {
  return { id: user.id, roles: user.roles, instituteId: user.institute?.id ?? null };
}

/** The accounts the actor administers, as SQL (the list and the dashboard counts). */
export function administeredUsersSql(actor: AdminActor): Expression<SqlBool> {
  if (actor.roles.includes('admin')) return sql<SqlBool>`1 = 1`;
  if (!mayAdministerUsers(actor) || !actor.instituteId) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`users.institute_id = ${actor.instituteId} and not exists (select 1 from user_roles a where a.user_id = users.id and a.role = 'admin')`;
}

/** An instant as stored (ISO, UTC); text that is no instant stays as it is for inputErrors to name. */
function isoOrRaw(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

const blankToNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

function columnsFrom(input: UserInput, base: UserColumns): UserColumns {
  const pick = <K extends keyof UserColumns>(key: K, value: UserColumns[K] | undefined): UserColumns[K] => (value === undefined ? base[key] : value);
  const text = (key: keyof UserColumns, value: string | null | undefined): string | null => (value === undefined ? (base[key] as string | null) : blankToNull(value));
  return {
    name: input.name === undefined ? base.name : input.name.trim(),
    email: input.email === undefined ? base.email : normalizeEmail(input.email),
    phone: text('phone', input.phone),
    doctor: pick('doctor', input.doctor),
    instituteId: text('instituteId', input.instituteId),
    notes: text('notes', input.notes),
    country: text('country', input.country),
    city: text('city', input.city),
    legacyDoctorCode: text('legacyDoctorCode', input.legacyDoctorCode),
    userGroupId: text('userGroupId', input.userGroupId),
    preventAutomaticInactivation: pick('preventAutomaticInactivation', input.preventAutomaticInactivation),
    deactivatedUsersNotification: pick('deactivatedUsersNotification', input.deactivatedUsersNotification),
    inactiveUsersNotification: pick('inactiveUsersNotification', input.inactiveUsersNotification),
    registryId: text('registryId', input.registryId),
    mfaPolicy: pick('mfaPolicy', input.mfaPolicy),
    mfaEnforcedAt: input.mfaEnforcedAt === undefined ? base.mfaEnforcedAt : isoOrRaw(input.mfaEnforcedAt),
    displayId: text('displayId', input.displayId),
  };
}

const EMPTY: UserColumns = {
  name: '',
  email: '',
  phone: null,
  doctor: false,
  instituteId: null,
  notes: null,
  country: null,
  city: null,
  legacyDoctorCode: null,
  userGroupId: null,
  preventAutomaticInactivation: false,
  deactivatedUsersNotification: false,
  inactiveUsersNotification: false,
  registryId: null,
  mfaPolicy: 'user',
  mfaEnforcedAt: null,
  displayId: null,
};

const refused = (messageId: string, values?: Record<string, string>): ApiError => new ApiError({ statusCode: 403, code: 'forbidden', messageId, values });

/** The permission part of a create or edit: institute, roles and group, before any input check. */
function checkPermissions(actor: AdminActor, before: { columns: UserColumns; roles: string[] } | null, columns: UserColumns, roles: string[]): void {
  if (!before || before.columns.instituteId !== columns.instituteId) {
    if (!mayAssignInstitute(actor, columns.instituteId)) throw refused('server.users.foreignInstitute');
  }
  const forbiddenRoles = forbiddenRoleChanges(actor, before?.roles ?? [], roles);
  if (forbiddenRoles.length > 0) throw refused('server.users.roleNotGrantable', { roles: forbiddenRoles.join(', ') });
  if ((before?.columns.userGroupId ?? null) !== columns.userGroupId && !mayAssignGroup(actor)) throw refused('server.users.groupNotAssignable');
}

async function inputErrors(services: ServerServices, columns: UserColumns, exceptId: string | null): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (columns.name === '') errors.push({ path: 'name', key: 'string.empty', context: {} });
  if (!isValidEmail(columns.email)) errors.push({ path: 'email', key: 'string.email', context: {} });
  if (columns.mfaEnforcedAt !== null && !isStorableInstant(new Date(columns.mfaEnforcedAt))) {
    errors.push({ path: 'mfaEnforcedAt', key: 'date.format', context: { format: 'YYYY-MM-DDTHH:mm:ssZ' } });
  }
  const references = [
    ['instituteId', 'institutes', columns.instituteId],
    ['registryId', 'registries', columns.registryId],
    ['userGroupId', 'user_groups', columns.userGroupId],
  ] as const;
  for (const [path, table, id] of references) {
    if (id !== null && !(await exists(services.db, table, id))) errors.push({ path, key: 'api.notFound', context: {} });
  }
  if (errors.length === 0) {
    for (const path of await takenFields(services.db, columns.email, columns.displayId, exceptId)) errors.push({ path, key: 'api.unique', context: {} });
  }
  return errors;
}

/** Two writes of one e-mail at once: the unique index refuses the second, which gets the same 400. */
async function uniqueOr(services: ServerServices, columns: UserColumns, exceptId: string | null, error: unknown): Promise<never> {
  const taken = await takenFields(services.db, columns.email, columns.displayId, exceptId);
  if (taken.length > 0) throw validationError(taken.map((path) => ({ path, key: 'api.unique', context: {} })));
  throw error;
}

function logBase(request: FastifyRequest, caller: AuthUser, userId: string, email: string): Parameters<typeof logEvent>[1] {
  return { event: '', reqId: request.id, userId: caller.id, userName: caller.name, targetType: 'user', targetId: userId, targetName: email };
}

export async function findAdministeredUser(services: ServerServices, caller: AuthUser, id: string, withInstitute = false): Promise<AdminUser> {
  const user = await findAdminUser(services.db, id, withInstitute);
  if (!user) throw notFoundError();
  if (!mayAdministerUser(actorOf(caller), user)) throw forbidden();
  return user;
}

export async function createUser(services: ServerServices, request: FastifyRequest, caller: AuthUser, input: UserInput, locale: Locale): Promise<string> {
  const actor = actorOf(caller);
  // A local administrator's new accounts belong to their institute unless the form says otherwise.
  const columns = columnsFrom(input, { ...EMPTY, instituteId: actor.roles.includes('admin') ? null : actor.instituteId });
  const roles = [...new Set(input.roles ?? ['user'])].sort();
  checkPermissions(actor, null, columns, roles);
  const errors = await inputErrors(services, columns, null);
  if (errors.length > 0) throw validationError(errors);
  const now = services.clock().toISOString();
  const state: UserState = input.state === 'inactive' ? 'inactive' : 'active';
  let id: string;
  try {
    id = await services.db.transaction().execute((trx) => insertAdminUser(trx, columns, roles, state, locale, now));
  } catch (error) {
    return uniqueOr(services, columns, null, error);
  }
  const token = await issueLinkToken(services, id, 'password_reset', SET_PASSWORD_TTL_DAYS * 24 * 3600);
  // The token travels in the fragment, as in password reset: no server or proxy log sees it.
  const url = `${services.config.publicUrl}/login/reset-password#token=${token}`;
  services.mailer.send(renderMail(columns.email, accountCreatedMail[locale]({ name: columns.name, url, days: SET_PASSWORD_TTL_DAYS })), 'account_created');
  await logEvent(services.db, { ...logBase(request, caller, id, columns.email), event: 'user.created', data: { roles } });
  return id;
}

const toColumns = (user: AdminUser): UserColumns => ({ ...EMPTY, ...Object.fromEntries(Object.keys(EMPTY).map((key) => [key, user[key as keyof AdminUser]])) }) as UserColumns;

function checkStateChange(caller: AuthUser, user: AdminUser, state: UserState): void {
  if (state === user.state) return;
  const allowed = (state === 'active' && ['confirmed', 'inactive'].includes(user.state)) || (state === 'inactive' && ['active', 'confirmed'].includes(user.state));
  if (!allowed) throw new ApiError({ statusCode: 409, code: 'invalid_user_state', messageId: 'server.users.invalidStateChange', values: { from: user.state, to: state } });
  if (state === 'inactive' && user.id === caller.id) throw new ApiError({ statusCode: 409, code: 'self_deactivation', messageId: 'server.users.cannotDeactivateSelf' });
}

export async function updateUser(services: ServerServices, request: FastifyRequest, caller: AuthUser, id: string, input: UserInput): Promise<void> {
  const actor = actorOf(caller);
  const user = await findAdministeredUser(services, caller, id);
  const before = toColumns(user);
  const columns = columnsFrom(input, before);
  const roles = input.roles === undefined ? user.roles : [...new Set(input.roles)].sort();
  checkPermissions(actor, { columns: before, roles: user.roles }, columns, roles);
  const errors = await inputErrors(services, columns, id);
  if (errors.length > 0) throw validationError(errors);
  const state = input.state ?? user.state;
  checkStateChange(caller, user, state);
  const now = services.clock().toISOString();
  try {
    await services.db.transaction().execute(async (trx) => {
      await updateAdminUser(trx, id, columns, roles, now);
      if (input.resetMfa) {
        await disableMfa(trx, id, now);
        await deleteRecoveryKeys(trx, id);
      }
    });
  } catch (error) {
    await uniqueOr(services, columns, id, error);
  }
  await logEvent(services.db, { ...logBase(request, caller, id, columns.email), event: 'user.updated', data: { roles, resetMfa: input.resetMfa === true } });
  // The activation service mails the user on activation and ends every session on deactivation.
  if (state === 'active' && user.state !== 'active') await activateUser(services, request, caller, id);
  if (state === 'inactive' && user.state !== 'inactive') await deactivateUser(services, request, caller, id);
}

export type DeleteOutcome = 'deleted' | 'deactivated';

/** Clinical data keeps its authors: such a user is deactivated (every session ends) instead. */
export async function deleteUser(services: ServerServices, request: FastifyRequest, caller: AuthUser, id: string): Promise<DeleteOutcome> {
  const user = await findAdministeredUser(services, caller, id);
  if (user.id === caller.id) throw new ApiError({ statusCode: 409, code: 'self_deletion', messageId: 'server.users.cannotDeleteSelf' });
  const now = services.clock().toISOString();
  const outcome = await services.db.transaction().execute(async (trx): Promise<DeleteOutcome> => {
    if (await hasClinicalRecords(trx, id)) {
      await setUserState(trx, id, 'inactive', now);
      await revokeUserSessions(trx, id, 'deactivated', now);
      return 'deactivated';
    }
    await deleteAdminUser(trx, id);
    return 'deleted';
  });
  await logEvent(services.db, { ...logBase(request, caller, id, user.email), event: outcome === 'deleted' ? 'user.deleted' : 'user.deactivated' });
  return outcome;
}
