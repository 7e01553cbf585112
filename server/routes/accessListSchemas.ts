// Schemas of the access-list writes and the effective-access read.
import { PERMISSION_SCHEMES } from '../../src/domain/permissions';

const idOrNull = { type: ['string', 'null'], minLength: 1, maxLength: 100 } as const;
const str = { type: 'string' } as const;

/** One body for POST and PUT (PUT replaces the entry). Unset conditions mean "all". */
export const ACCESS_ENTRY_BODY = {
  type: 'object',
  required: ['scheme'],
  additionalProperties: false,
  properties: {
    trusteeUserId: { ...idOrNull, description: 'The trustee user; exactly one of trusteeUserId and trusteeGroupId' },
    trusteeGroupId: idOrNull,
    scheme: { type: 'string', enum: [...PERMISSION_SCHEMES] },
    registryId: idOrNull,
    formTypeId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, description: 'Must belong to registryId; when registryId is unset the form type brings its registry' },
    instituteId: { ...idOrNull, description: 'Must take part in registryId' },
    physicianId: { ...idOrNull, description: 'A user of instituteId' },
    attachPermission: { type: 'boolean' },
  },
} as const;

const named = { type: ['object', 'null'], required: ['id', 'name'], properties: { id: { type: ['string', 'integer'] }, name: str } } as const;

export const EFFECTIVE_ACCESS_SCHEMA = {
  type: 'object',
  required: ['userId', 'admin', 'grants'],
  properties: {
    userId: str,
    admin: { type: 'boolean', description: 'The admin role: every code everywhere, without entries' },
    grants: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'implicit', 'entryId', 'kind', 'scheme', 'via', 'registry', 'formType', 'institute', 'physician'],
        properties: {
          code: str,
          implicit: { type: 'boolean', description: 'Only on forms and patients whose physician is the user' },
          entryId: str,
          kind: { type: 'string', enum: ['registry', 'biobank'] },
          scheme: str,
          via: { type: 'object', required: ['name'], properties: { userId: str, groupId: str, name: str } },
          registry: named,
          formType: named,
          institute: named,
          physician: named,
        },
      },
    },
  },
} as const;

