// Schemas of the users and user-groups calls (spec business-data §3 User, User group). Fastify
// serializes answers with them, so every property an answer carries is listed here.
import { ROLES } from '../auth/roles';
import { MFA_POLICIES, USER_STATES } from '../db/database';
import { FREE_TEXT_FORMAT, STORABLE_DATE_FORMAT } from '../input/requestFormats';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const bool = { type: 'boolean' } as const;
const int = { type: 'integer' } as const;

function object(properties: Record<string, unknown>, optional: readonly string[] = []): Record<string, unknown> {
  return { type: 'object', required: Object.keys(properties).filter((key) => !optional.includes(key)), properties };
}

export const USER_INSTITUTE_SCHEMA = { type: ['object', 'null'], required: ['id', 'name', 'shortName'], properties: { id: str, name: str, shortName: str } };

export const USER_SCHEMA = object(
  {
    id: str,
    name: str,
    email: str,
    phone: strOrNull,
    doctor: bool,
    instituteId: strOrNull,
    notes: strOrNull,
    state: { type: 'string', enum: USER_STATES },
    country: strOrNull,
    city: strOrNull,
    legacyDoctorCode: strOrNull,
    userGroupId: strOrNull,
    preventAutomaticInactivation: bool,
    deactivatedUsersNotification: bool,
    inactiveUsersNotification: bool,
    registryId: strOrNull,
    mfaPolicy: { type: 'string', enum: MFA_POLICIES },
    mfaEnabled: { type: 'boolean', description: 'An authenticator is set up and verified' },
    mfaEnforcedAt: strOrNull,
    mfaConfirmed: bool,
    displayId: strOrNull,
    roles: { type: 'array', items: str },
    createdAt: str,
    updatedAt: str,
    lastLoginAt: strOrNull,
    institute: { ...USER_INSTITUTE_SCHEMA, description: 'Only with withInstitute=true' },
    hasClinicalRecords: { type: 'boolean', description: 'Single reads only: DELETE would deactivate instead (clinical data names the user)' },
  },
  ['institute', 'hasClinicalRecords'],
);

const TEXT_OR_NULL = { type: ['string', 'null'], maxLength: 200 } as const;
const ID_OR_NULL = { type: ['string', 'null'], maxLength: 100 } as const;

function userBody(state: readonly string[], extra: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    // name and email always travel, so that a body with only some fields is never taken as a whole user.
    required: ['name', 'email'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
      email: { type: 'string', minLength: 1, maxLength: 254 },
      phone: { type: ['string', 'null'], maxLength: 50 },
      doctor: bool,
      instituteId: ID_OR_NULL,
      notes: { type: ['string', 'null'], maxLength: 2000, format: FREE_TEXT_FORMAT },
      country: TEXT_OR_NULL,
      city: TEXT_OR_NULL,
      legacyDoctorCode: { type: ['string', 'null'], maxLength: 50 },
      userGroupId: ID_OR_NULL,
      preventAutomaticInactivation: bool,
      deactivatedUsersNotification: bool,
      inactiveUsersNotification: bool,
      registryId: ID_OR_NULL,
      mfaPolicy: { type: 'string', enum: MFA_POLICIES },
      mfaEnforcedAt: { type: ['string', 'null'], maxLength: 40, format: STORABLE_DATE_FORMAT, description: 'ISO 8601 instant' },
      displayId: { type: ['string', 'null'], maxLength: 50 },
      roles: { type: 'array', maxItems: ROLES.length, items: { type: 'string', enum: ROLES } },
      state: { type: 'string', enum: state },
      ...extra,
    },
  };
}

/** POST /users: a new account is active (or inactive); it gets its password from the e-mailed link. */
export const NEW_USER_BODY = userBody(['active', 'inactive'], {});

/** PUT /users/{id}: a left-out optional field stays as it is, null clears it. */
export const EDIT_USER_BODY = userBody(USER_STATES, {
  resetMfa: { type: 'boolean', description: 'Forget the authenticator and recovery keys: the user sets MFA up again' },
});

export const USER_QUERY = {
  type: 'object',
  properties: { withInstitute: { type: 'boolean', default: false } },
} as const;

export const DELETE_USER_ANSWER = object({
  outcome: { type: 'string', enum: ['deleted', 'deactivated'], description: 'deactivated: clinical data names the user, who is kept' },
});

export const MEMBER_SCHEMA = object({ id: str, name: str, email: str });

export const GROUP_SCHEMA = object(
  {
    id: str,
    name: str,
    groupType: strOrNull,
    memberCount: int,
    createdAt: str,
    updatedAt: str,
    members: { type: 'array', items: MEMBER_SCHEMA, description: 'Only with include=members' },
  },
  ['members'],
);

export const GROUP_BODY = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    groupType: TEXT_OR_NULL,
    memberIds: { type: 'array', maxItems: 10000, items: { type: 'string', minLength: 1, maxLength: 100 } },
  },
} as const;

export const INCLUDE_QUERY = {
  type: 'object',
  properties: { include: { type: 'string', enum: ['members'], description: 'members: each group with its members' } },
} as const;
