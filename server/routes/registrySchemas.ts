// Answer schemas of the registry, form-type, institute and access-list reads. Fastify serializes
// with them, so every property an answer carries is listed here.
const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
const bool = { type: 'boolean' } as const;
const strings = { type: 'array', items: str } as const;

function object(properties: Record<string, unknown>, optional: readonly string[] = []): Record<string, unknown> {
  return { type: 'object', required: Object.keys(properties).filter((key) => !optional.includes(key)), properties };
}

export const EXTERNAL_FIELD_SCHEMA = object({ sourceDisplayId: str, sourceField: str, targetField: str });

export const FORM_TYPE_SCHEMA = object({
  id: int,
  registryId: str,
  displayId: str,
  name: { type: 'string', description: 'In the language of Accept-Language' },
  nameHu: str,
  nameEn: str,
  shortName: str,
  locales: strings,
  behaviorType: { type: 'string', enum: ['attendance_start', 'any'] },
  startDatetimeFieldId: strOrNull,
  endDatetimeFieldId: strOrNull,
  patientNameFieldId: strOrNull,
  lastVersion: int,
  externalFields: { type: 'array', items: EXTERNAL_FIELD_SCHEMA },
  createdAt: str,
  updatedAt: str,
});

/** A period the registry defines: its names and the form types it allows (maxPerPeriod null: repeatable). */
export const REGISTRY_PERIOD_SCHEMA = object({
  index: int,
  name: object({ hu: str, en: str }),
  displayName: { type: 'string', description: 'In the language of Accept-Language' },
  formTypes: {
    type: 'array',
    items: object({ formTypeId: int, displayId: str, name: str, behaviorType: str, maxPerPeriod: intOrNull }),
  },
});

const manager = object({ name: strOrNull, instituteId: strOrNull });

export const REGISTRY_SCHEMA = object(
  {
    id: str,
    name: { type: 'string', description: 'In the language of Accept-Language' },
    nameEn: str,
    nameHu: str,
    shortName: str,
    bioSampleCode: strOrNull,
    hasInpatientDay: bool,
    mandatoryInsuranceNumber: bool,
    registryType: { type: 'string', enum: ['registry', 'trial'] },
    registryGroupEn: strOrNull,
    registryGroupHu: strOrNull,
    dataCollectionPeriod: strOrNull,
    registryManager: manager,
    trialManager: manager,
    targetPatientCount: intOrNull,
    attendancePeriodNameEn: strOrNull,
    attendancePeriodNameHu: strOrNull,
    randomGroupBlockMultipliers: intOrNull,
    randomGroupVisibility: { type: ['string', 'null'], enum: ['available', 'reportOnly', 'hidden', null] },
    randomizationStrategy: { type: ['string', 'null'], enum: ['basic', 'permuted_block', null] },
    randomGroups: { type: 'array', items: object({ name: str, multiplier: int }) },
    instituteIds: { ...strings, description: 'The participating institutes' },
    createdAt: str,
    updatedAt: str,
    formTypes: { type: 'array', items: FORM_TYPE_SCHEMA, description: 'Only with verbose=true' },
    periods: { type: 'array', items: REGISTRY_PERIOD_SCHEMA, description: 'Only with verbose=true: the attendance periods and the form types each allows' },
  },
  ['formTypes', 'periods'],
);

export const PUBLIC_REGISTRY_SCHEMA = object({ id: str, nameEn: str, nameHu: str, shortName: str });

export const ACCESSIBLE_REGISTRY_SCHEMA = object({
  id: str,
  name: str,
  nameEn: str,
  nameHu: str,
  shortName: str,
  registryType: { type: 'string', enum: ['registry', 'trial'] },
  permissions: { ...strings, description: 'Permission codes the caller holds somewhere in the registry' },
});

export const DASHBOARD_REGISTRY_SCHEMA = object({
  ...(ACCESSIBLE_REGISTRY_SCHEMA.properties as Record<string, unknown>),
  formTypeCount: int,
  instituteCount: { type: 'integer', description: 'Participating institutes the caller reaches' },
  counts: object({ patients: int, attendances: int, formsAwaitingApproval: int, formsToCorrect: int }),
});

export const INSTITUTE_SCHEMA = object({
  id: str,
  name: { type: 'string', description: 'Localized by Accept-Language unless shouldLocalize=false' },
  nameHu: strOrNull,
  nameEn: strOrNull,
  shortName: str,
  country: strOrNull,
  city: strOrNull,
  contactName: strOrNull,
  contactEmail: strOrNull,
  contactPhone: strOrNull,
  notes: strOrNull,
  timeZone: str,
  postCode: strOrNull,
  region: strOrNull,
  address: strOrNull,
  lat: { type: ['number', 'null'] },
  lon: { type: ['number', 'null'] },
  createdAt: str,
  updatedAt: str,
});

export const INSTITUTE_NAME_SCHEMA = object({ id: str, name: str, nameHu: strOrNull, nameEn: strOrNull, shortName: str });
export const PHYSICIAN_SCHEMA = object({ id: str, name: str, email: str, displayId: strOrNull });

export const ACCESS_ENTRY_SCHEMA = object({
  id: str,
  kind: { type: 'string', enum: ['registry', 'biobank'] },
  trustee: {
    type: 'object',
    description: 'A user ({ userId, name }) or a group ({ groupId, name })',
    required: ['name'],
    properties: { userId: str, groupId: str, name: str },
  },
  scheme: str,
  permissions: { ...strings, description: 'The codes the scheme grants for this kind' },
  registryId: strOrNull,
  formTypeId: intOrNull,
  instituteId: strOrNull,
  physicianId: strOrNull,
  attachPermission: bool,
  names: { ...object({ registry: strOrNull, formType: strOrNull, institute: strOrNull, physician: strOrNull }), description: 'Short names of the conditions; null where unset (all)' },
  createdAt: str,
  updatedAt: str,
});

export const FORM_START_DATA_SCHEMA = object({
  formTypeId: int,
  formTypeDisplayId: str,
  registryId: str,
  behaviorType: str,
  descriptorVersion: int,
  locale: str,
  institute: object({ id: str, name: str, shortName: str, timeZone: str }),
  physicians: { type: 'array', items: object({ id: str, name: str, displayId: strOrNull }) },
  defaultPhysicianId: strOrNull,
  headerValues: { type: 'object', additionalProperties: strOrNull },
  startDatetimeFieldId: strOrNull,
  endDatetimeFieldId: strOrNull,
  patientNameFieldId: strOrNull,
  permissions: strings,
});

/** Form-start data of an existing form or of a new form in a period: display texts of the id values too. */
export const FORM_HEADER_DATA_SCHEMA = object({
  ...(FORM_START_DATA_SCHEMA.properties as Record<string, unknown>),
  headerLabels: {
    type: 'object',
    additionalProperties: str,
    description: 'Display texts by header field id for values that are ids (patient: "<number> · <name>", the name only with personal_data_access; physician; institute)',
  },
  patient: object({ id: str, internalPatientNumber: str, name: strOrNull }),
  physician: object({ id: str, name: str }),
  attendance: object({ id: str, displayId: str, disqualified: bool, disqualificationReason: strOrNull }),
  patientFields: { ...strings, description: 'Field ids that repeat the patient record (date of birth, sex): filled from the patient, read-only' },
});

export const EXTERNAL_FIELD_VALUE_SCHEMA = object({
  ...(EXTERNAL_FIELD_SCHEMA.properties as Record<string, unknown>),
  value: { description: 'The value in the source form (any field value); null when none, or hidden' },
  personalDataHidden: bool,
  source: {
    type: ['object', 'null'],
    description: 'The form the value comes from: the latest final form of the source type, else the latest',
    required: ['formId', 'displayId', 'state', 'attendanceId', 'updatedAt'],
    properties: { formId: str, displayId: str, state: str, attendanceId: str, updatedAt: str },
  },
});

export const DESCRIPTOR_SCHEMA = { type: 'object', additionalProperties: true, description: 'The form descriptor (docs/form-descriptor.md)' };

export function singleAnswer(item: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', required: ['results'], properties: { results: { type: 'array', items: item } } };
}

export const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;
export const FORM_TYPE_ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;
