// Answer, body and query schemas of the biobank calls (src/api/bioSamples.ts is the contract).
// Fastify serializes with them, so every property an answer carries is listed here.
import { FREE_TEXT_FORMAT } from '../input/requestFormats';
import { FORM_SUMMARY_SCHEMA } from './clinicalSchemas';
import { LIST_QUERY_SCHEMA } from './schemas';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const freeObject = { type: 'object', additionalProperties: true } as const;
const STATES = ['collected', 'attached', 'arrived', 'localized', 'dispatched'] as const;

function object(properties: Record<string, unknown>, optional: readonly string[] = []): Record<string, unknown> {
  return { type: 'object', required: Object.keys(properties).filter((key) => !optional.includes(key)), properties };
}

const ID = { type: 'string', minLength: 1, maxLength: 100 } as const;
export const SAMPLE_PARAMS = object({ id: ID, sampleId: ID });
export const FORM_SAMPLE_PARAMS = object({ id: ID, sampleId: ID });
export const INSTITUTE_FORM_PARAMS = object({ id: ID, formId: ID });
export const BOX_PARAMS = object({ id: ID, boxId: ID });

export const BIO_SAMPLE_SCHEMA = object({
  id: str,
  sampleNumber: str,
  state: { type: 'string', enum: STATES },
  bioSampleType: object({ id: str, code: str, name: str, unit: str }),
  registry: object({ id: str, shortName: str }),
  institute: object({ id: str, name: str }),
  patient: object({ id: str, internalPatientNumber: str, name: strOrNull }),
  sampleCollectedAt: str,
  legacySampleNumber: strOrNull,
  notes: strOrNull,
  sampleParameters: freeObject,
  arrivedToBiobankAt: strOrNull,
  amount: { type: ['number', 'null'] },
  virtual: { type: 'boolean' },
  ancestorSample: { type: ['object', 'null'], required: ['id', 'sampleNumber'], properties: { id: str, sampleNumber: str } },
  descendantCount: int,
  localization: {
    type: ['object', 'null'],
    required: ['boxId', 'fridge', 'compartment', 'box', 'row', 'column'],
    properties: { boxId: str, fridge: str, compartment: str, box: str, row: int, column: int },
  },
  dispatchedAt: strOrNull,
  dispatchedTo: strOrNull,
  connectedForms: { type: 'array', items: object({ id: str, displayId: str, formTypeName: str }) },
  createdAt: str,
  updatedAt: str,
  version: int,
});

export const BIO_SAMPLE_TYPE_SCHEMA = object({
  id: str,
  code: str,
  nameHu: str,
  nameEn: str,
  unit: str,
  parameters: { type: 'array', items: object({ id: str, labelHu: str, labelEn: str, type: { type: 'string', enum: ['text', 'number', 'datetime'] } }) },
  registryIds: { type: 'array', items: str },
});

export const BOX_SCHEMA = object(
  {
    id: str,
    institute: object({ id: str, name: str }),
    fridge: str,
    compartment: str,
    name: str,
    rows: int,
    columns: int,
    occupied: { type: 'array', items: object({ row: int, column: int, sampleId: str, sampleNumber: str }) },
    freePositions: int,
  },
  ['occupied'],
);

export const HISTORY_SCHEMA = object({
  id: str,
  operation: str,
  at: str,
  user: object({ id: str, name: str }),
  onBehalfOf: { type: ['object', 'null'], required: ['id', 'name'], properties: { id: str, name: str } },
  changes: freeObject,
});

export const PERMITTED_REGISTRY_SCHEMA = object({ id: str, shortName: str, name: str, permissions: { type: 'array', items: str } });

export const SUMMARY_SCHEMA = object({
  counts: object(Object.fromEntries(STATES.map((state) => [state, int]))),
  awaitingLocalization: { type: 'array', items: BIO_SAMPLE_SCHEMA },
});

export { FORM_SUMMARY_SCHEMA };

const INSTANT = { type: 'string', minLength: 10, maxLength: 40 } as const;
const INSTANT_OR_NULL = { type: ['string', 'null'], minLength: 10, maxLength: 40 } as const;
const POSITION = { type: 'integer', minimum: -100000, maximum: 100000 } as const;

const INPUT_PROPERTIES = {
  bioSampleTypeId: ID,
  registryId: ID,
  patientId: ID,
  sampleCollectedAt: INSTANT,
  legacySampleNumber: { type: ['string', 'null'], maxLength: 100 },
  notes: { type: ['string', 'null'], maxLength: 4000, format: FREE_TEXT_FORMAT },
  sampleParameters: { type: 'object', maxProperties: 50, additionalProperties: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'number' }, { type: 'null' }] } },
  arrivedToBiobankAt: INSTANT_OR_NULL,
  amount: { type: ['number', 'null'], maximum: 1e12 },
  virtual: { type: 'boolean' },
  ancestorSampleId: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
  localization: {
    type: ['object', 'null'],
    required: ['boxId', 'row', 'column'],
    additionalProperties: false,
    properties: { boxId: ID, row: POSITION, column: POSITION },
  },
  dispatchedAt: INSTANT_OR_NULL,
  dispatchedTo: { type: ['string', 'null'], maxLength: 500 },
  version: { type: 'integer', minimum: 1 },
} as const;

export const NEW_SAMPLE_BODY = { type: 'object', additionalProperties: false, required: ['bioSampleTypeId', 'registryId', 'patientId', 'sampleCollectedAt'], properties: INPUT_PROPERTIES } as const;
export const EDIT_SAMPLE_BODY = { type: 'object', additionalProperties: false, required: ['version'], properties: INPUT_PROPERTIES } as const;

const { registryId: _registry, patientId: _patient, version: _version, ...FORM_SAMPLE_PROPERTIES } = INPUT_PROPERTIES;
export const FORM_SAMPLES_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['samples'],
  properties: {
    samples: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: { type: 'object', additionalProperties: false, required: ['bioSampleTypeId', 'sampleCollectedAt'], properties: FORM_SAMPLE_PROPERTIES },
    },
  },
} as const;

export const ATTACH_BODY = object({ sampleId: ID });

export const NEW_BOX_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['fridge', 'compartment', 'name', 'rows', 'columns'],
  properties: {
    fridge: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    compartment: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    rows: { type: 'integer', minimum: 1, maximum: 100 },
    columns: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

export const SAMPLE_LIST_QUERY = {
  type: 'object',
  properties: {
    ...LIST_QUERY_SCHEMA.properties,
    search: { type: 'string', maxLength: 200 },
    bioSampleTypeId: { type: 'string', maxLength: 100 },
    state: { type: 'string', enum: STATES },
    registryId: { type: 'string', maxLength: 100 },
    patientId: { type: 'string', maxLength: 100 },
    boxId: { type: 'string', maxLength: 100 },
    collectedFrom: { type: 'string', maxLength: 40 },
    collectedTo: { type: 'string', maxLength: 40 },
  },
} as const;
