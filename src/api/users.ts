// Users and user groups (spec business-data §7 "Users and groups"; docs: /api/docs, tag users).
import type { MfaPolicy, UserAccount, UserState } from '../domain/users';
import type { ApiRequest } from './client';

export type { MfaPolicy, UserState };
export const USER_STATES: readonly UserState[] = ['unconfirmed', 'confirmed', 'active', 'inactive'];
export const MFA_POLICIES: readonly MfaPolicy[] = ['user', 'enforced', 'forbidden'];

export interface User extends UserAccount {
  /** Single reads: deleting would deactivate instead. */
  hasClinicalRecords?: boolean;
}

/** What the new and edit forms send; on edit a left-out field stays as it is. */
export interface UserInput {
  name: string;
  email: string;
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
  resetMfa?: boolean;
}

export type DeleteOutcome = 'deleted' | 'deactivated';

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

export interface GroupInput {
  name: string;
  groupType?: string | null;
  memberIds?: string[];
}

const userPath = (id: string): string => `/users/${encodeURIComponent(id)}`;
const groupPath = (id: string): string => `/user-groups/${encodeURIComponent(id)}`;

export const getUsers = (params: Record<string, string>): ApiRequest => ({ method: 'GET', path: '/users', query: { ...params, withInstitute: 'true' } });
export const getUser = (id: string): ApiRequest => ({ method: 'GET', path: userPath(id), query: { withInstitute: 'true' } });
export const postUser = (user: UserInput): ApiRequest => ({ method: 'POST', path: '/users', json: user });
export const putUser = (id: string, user: UserInput): ApiRequest => ({ method: 'PUT', path: userPath(id), json: user });
export const deleteUser = (id: string): ApiRequest => ({ method: 'DELETE', path: userPath(id) });

export const getUserGroups = (params: Record<string, string>): ApiRequest => ({ method: 'GET', path: '/user-groups', query: params });
export const getUserGroup = (id: string): ApiRequest => ({ method: 'GET', path: groupPath(id), query: { include: 'members' } });
export const postUserGroup = (group: GroupInput): ApiRequest => ({ method: 'POST', path: '/user-groups', json: group });
export const putUserGroup = (id: string, group: GroupInput): ApiRequest => ({ method: 'PUT', path: groupPath(id), json: group });
export const deleteUserGroup = (id: string): ApiRequest => ({ method: 'DELETE', path: groupPath(id) });

/** The institute and registry pickers of the user form: every one (master data every user may read). */
export const getAllInstitutes = (): ApiRequest => ({ method: 'GET', path: '/institutes', query: { offset: '0', limit: '1000', sort: 'name' } });
export const getAllRegistries = (): ApiRequest => ({ method: 'GET', path: '/registries/public', query: { offset: '0', limit: '1000', sort: 'shortName' } });
