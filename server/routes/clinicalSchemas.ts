// Answer and body schemas of the patient, attendance and form calls (docs/api-clinical.md).
// Fastify serializes with them, so every property an answer carries is listed here.
import { FREE_TEXT_FORMAT, STORABLE_DATE_FORMAT } from '../input/requestFormats';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const anyValue = {} as const;
const freeObject = { type: 'object', additionalProperties: true } as const;

function object(properties: Record<string, unknown>, optional: readonly string[] = []): Record<string, unknown> {
  return { type: 'object', required: Object.keys(properties).filter((key) => !optional.includes(key)), properties };
}

export const ID_PARAMS = object({ id: { type: 'string', minLength: 1, maxLength: 100 } });

export const PATIENT_SCHEMA = object({
  id: str,
  internalPatientNumber: str,
  registryPatientNumber: strOrNull,
  insuranceNumber: strOrNull,
  name: strOrNull,
  dob: strOrNull,
  gender: { type: 'string', enum: ['female', 'male', 'other', 'unknown'] },
  country: strOrNull,
  registry: object({ id: str, shortName: str }),
  institute: object({ id: str, shortName: str, name: str }),
  instituteCount: int,
  attendanceCount: int,
  bioSampleCount: int,
  createdAt: str,
  personalDataHidden: bool,
});

const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: STORABLE_DATE_FORMAT } as const;
const GENDER = { type: 'string', enum: ['female', 'male', 'other', 'unknown'] } as const;
const SHORT_TEXT = { type: ['string', 'null'], maxLength: 100 } as const;

export const NEW_PATIENT_BODY = {
  type: 'object',
  required: ['registryId', 'name', 'dob', 'gender'],
  additionalProperties: false,
  properties: {
    registryId: { type: 'string', minLength: 1, maxLength: 100 },
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    insuranceNumber: SHORT_TEXT,
    dob: DATE,
    gender: GENDER,
    registryPatientNumber: SHORT_TEXT,
    country: SHORT_TEXT,
  },
} as const;

export const EDIT_PATIENT_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    insuranceNumber: SHORT_TEXT,
    dob: DATE,
    gender: GENDER,
    registryPatientNumber: SHORT_TEXT,
    country: SHORT_TEXT,
  },
} as const;

export const FORM_SUMMARY_SCHEMA = object({
  id: str,
  formTypeId: int,
  formTypeName: str,
  displayId: str,
  state: str,
  approvals: { type: 'array', items: int },
  version: int,
  updatedAt: str,
  physicianId: str,
});

export const TODO_FORM_SCHEMA = object({
  ...(FORM_SUMMARY_SCHEMA.properties as Record<string, unknown>),
  patient: object({ id: str, internalPatientNumber: str, name: strOrNull }),
  attendance: object({ id: str, displayId: str }),
  registry: object({ id: str, shortName: str }),
  rejection: {
    type: ['object', 'null'],
    description: '/forms/correctable only: the first open rejection (level, reviewer, when, reason) and how many fields are rejected',
    properties: { level: int, reviewer: strOrNull, at: strOrNull, reason: str, count: int },
  },
}, ['rejection']);

const NAME = object({ hu: str, en: str });

const PERIOD_OFFER_SCHEMA = object({ formTypeId: int, displayId: str, name: str, maxPerPeriod: { type: ['integer', 'null'] }, count: int, addable: bool });

export const PERIOD_SCHEMA = object({
  id: str,
  index: int,
  name: NAME,
  displayName: { type: 'string', description: 'In the language of Accept-Language' },
  forms: { type: 'array', items: FORM_SUMMARY_SCHEMA },
  formTypes: { type: 'array', items: PERIOD_OFFER_SCHEMA, description: 'The form types the period allows; addable: the caller may add one now' },
});

export const ATTENDANCE_SCHEMA = object({
  id: str,
  displayId: str,
  legacyDisplayId: strOrNull,
  state: { type: 'string', enum: ['open', 'completed', 'disqualified'] },
  patient: object({ id: str, internalPatientNumber: str, name: strOrNull }),
  registry: object({ id: str, shortName: str, registryType: str, hasInpatientDay: bool }),
  institute: object({ id: str, shortName: str }),
  physician: object({ id: str, name: str }),
  owner: object({ id: str, name: str }),
  startDateTime: str,
  endDateTime: strOrNull,
  completed: bool,
  inpatientDays: { type: 'array', items: object({ from: str, to: str }) },
  randomGroup: strOrNull,
  formId: strOrNull,
  createdAt: str,
  permissions: { type: 'array', items: str, description: 'Codes the caller holds on this attendance among frm_edit, frm_reset_approval, att_disqualify' },
  disqualification: { ...object({ at: str, by: object({ id: str, name: str }), reason: str }), type: ['object', 'null'] },
  periods: { type: 'array', items: PERIOD_SCHEMA },
});

const DATE_TIME = { type: 'string', minLength: 10, maxLength: 40 } as const;

export const NEW_ATTENDANCE_BODY = {
  type: 'object',
  required: ['patientId', 'registryId', 'instituteId', 'physicianId', 'startDateTime'],
  additionalProperties: false,
  properties: {
    patientId: { type: 'string', minLength: 1, maxLength: 100 },
    registryId: { type: 'string', minLength: 1, maxLength: 100 },
    instituteId: { type: 'string', minLength: 1, maxLength: 100 },
    physicianId: { type: 'string', minLength: 1, maxLength: 100 },
    startDateTime: DATE_TIME,
    confirmSameDay: { type: 'boolean', description: 'true: start even when the patient already has an attendance that local day (else 409 attendance_same_day)' },
  },
} as const;

export const PATCH_ATTENDANCE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    endDateTime: { type: ['string', 'null'], minLength: 10, maxLength: 40 },
    inpatientDays: { type: 'array', maxItems: 1000, items: { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: DATE, to: DATE } } },
    completed: bool,
  },
} as const;

export const REVIEW_SCHEMA = { type: 'object', additionalProperties: true, properties: { reason: str, rejectedValue: anyValue, level: int, note: str } } as const;

export const FORM_SCHEMA = object({
  id: str,
  attendanceId: str,
  attendancePeriodId: str,
  formTypeId: int,
  descriptorVersion: int,
  displayId: str,
  state: str,
  requiredLevels: { type: 'integer', description: 'Approval levels the registry requires before the form is final' },
  approvals: { type: 'array', items: object({ level: int, userId: str, userName: str, at: str }) },
  values: { type: ['object', 'null'], additionalProperties: true },
  reviews: { type: 'object', additionalProperties: REVIEW_SCHEMA },
  physicianId: str,
  createdAt: str,
  updatedAt: str,
  version: int,
  censored: bool,
  operations: { type: 'array', items: object({ operation: str, level: int, submit: bool }, ['level', 'submit']) },
  locks: { type: 'array', items: object({ path: str, userId: str, userName: str, expiresAt: str }) },
  fourEyes: { type: ['object', 'null'], required: ['reason'], properties: { reason: { type: 'string', enum: ['approved_level', 'wrote_values'] }, level: int } },
});

export const FIX_LOCK_SCHEMA = object({ path: str, userId: str, userName: str, expiresAt: str });

export const HISTORY_SCHEMA = object({
  id: str,
  at: str,
  userId: strOrNull,
  userName: str,
  onBehalfOf: strOrNull,
  operation: str,
  level: { type: ['integer', 'null'] },
  changes: { type: 'array', items: { type: 'object', properties: { path: str, old: anyValue, new: anyValue } } },
  reasons: freeObject,
  notes: freeObject,
  previousHash: str,
  hash: str,
});

const VALUES = { type: 'object', additionalProperties: true } as const;
const NOTES = { type: 'object', additionalProperties: { type: 'string', maxLength: 2000, format: FREE_TEXT_FORMAT } } as const;

export const NEW_FORM_BODY = object({ formTypeId: int, values: VALUES, submit: bool }, ['values', 'submit']);
export const UPDATE_FORM_BODY = object({ values: VALUES, submit: bool }, ['submit']);
export const APPROVE_BODY = object({ level: int });
/** Why a form is destroyed, its approvals reset or its attendance (re)qualified: kept in the record. */
export const REASON_BODY = { type: 'object', additionalProperties: false, properties: { reason: { type: 'string', minLength: 1, maxLength: 2000, format: FREE_TEXT_FORMAT } } } as const;
export const REQUIRED_REASON_BODY = { ...REASON_BODY, required: ['reason'] } as const;
/** One fixed value: the field's value path (its lock held by the caller) and the new value. */
export const FIX_BODY = {
  type: 'object',
  required: ['path', 'value'],
  additionalProperties: false,
  properties: { path: { type: 'string', minLength: 1, maxLength: 300 }, value: {} },
} as const;
export const REJECT_BODY = object({
  level: int,
  rejections: {
    type: 'array',
    minItems: 1,
    maxItems: 500,
    items: object({ path: { type: 'string', minLength: 1, maxLength: 300 }, reason: { type: 'string', minLength: 1, maxLength: 2000, format: FREE_TEXT_FORMAT } }),
  },
});
export const CORRECT_BODY = object({ values: VALUES, notes: NOTES }, ['notes']);

export const COUNT_SCHEMA = object({ results: { type: 'array', items: object({ count: int }) } });

export function single(item: Record<string, unknown>): Record<string, unknown> {
  return object({ results: { type: 'array', items: item } });
}

const TEXT_OR_NULL = { type: ['string', 'null'], maxLength: 200 } as const;

/**
 * PUT /institutes/{id}: the editable fields of spec §3. name, shortName and timeZone are always
 * sent; a left-out optional field stays as it is, null clears it. The short name is part of display
 * ids and patient numbers, hence letters, digits, `_` and `-` only.
 */
export const INSTITUTE_BODY = {
  type: 'object',
  required: ['name', 'shortName', 'timeZone'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    nameHu: TEXT_OR_NULL,
    nameEn: TEXT_OR_NULL,
    shortName: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' },
    country: TEXT_OR_NULL,
    city: TEXT_OR_NULL,
    contactName: TEXT_OR_NULL,
    contactEmail: { type: ['string', 'null'], maxLength: 254 },
    contactPhone: { type: ['string', 'null'], maxLength: 50 },
    notes: { type: ['string', 'null'], maxLength: 2000, format: FREE_TEXT_FORMAT },
    timeZone: { type: 'string', minLength: 1, maxLength: 100, description: 'An IANA time zone, e.g. Europe/Budapest' },
    postCode: { type: ['string', 'null'], maxLength: 20 },
    region: TEXT_OR_NULL,
    address: TEXT_OR_NULL,
    lat: { type: ['number', 'null'], minimum: -90, maximum: 90 },
    lon: { type: ['number', 'null'], minimum: -180, maximum: 180 },
  },
} as const;

/** What PUT /institutes/{id} regenerated (0 and 0 when neither time zone nor short name changed). */
export const REGENERATED_SCHEMA = object({ attendances: int, forms: int });
