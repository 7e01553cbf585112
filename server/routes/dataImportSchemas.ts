// Schemas of the data import calls (routes/dataImport.ts), after src/api/dataImport.ts.
const NULLABLE_STRING = { type: ['string', 'null'] } as const;

export const UPLOADED_IMPORT_FILE_SCHEMA = {
  type: 'object',
  required: ['fileId', 'fileName', 'bytes', 'kind'],
  properties: { fileId: { type: 'string' }, fileName: { type: 'string' }, bytes: { type: 'integer' }, kind: { type: 'string', enum: ['csv', 'xlsx'] } },
} as const;

export const NEW_IMPORT_BODY = {
  type: 'object',
  required: ['name', 'registryId', 'formTypeId', 'formTypeVersion', 'fileId'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    registryId: { type: 'string', minLength: 1, maxLength: 100 },
    formTypeId: { type: 'string', pattern: '^\\d{1,9}$' },
    formTypeVersion: { type: 'integer', minimum: 1, maximum: 2147483647 },
    fileId: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 1000 },
  },
} as const;

const RESULTS_SCHEMA = {
  type: ['object', 'null'],
  properties: {
    rowsTotal: { type: 'integer' },
    rowsOk: { type: 'integer' },
    rowsWithErrors: { type: 'integer' },
    newPatients: { type: 'integer' },
    newAttendances: { type: 'integer' },
    formsCreated: { type: 'integer' },
    formsUpdated: { type: 'integer' },
  },
} as const;

const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    row: { type: ['integer', 'null'] },
    column: NULLABLE_STRING,
    value: NULLABLE_STRING,
    messageId: { type: 'string' },
    params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
    message: { type: 'string' },
  },
} as const;

export const IMPORT_JOB_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    fileName: { type: 'string' },
    fileKind: { type: 'string' },
    registry: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
    formType: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, version: { type: 'integer' } } },
    state: { type: 'string', enum: ['queued', 'validating', 'validated', 'committing', 'succeeded', 'failed', 'cancelled'] },
    progress: { type: 'object', properties: { done: { type: 'integer' }, total: { type: ['integer', 'null'] } } },
    recalculatedFieldsNumber: { type: 'integer' },
    validationErrorsNumber: { type: 'integer' },
    success: { type: ['boolean', 'null'] },
    initiatedByName: { type: 'string' },
    createdAt: { type: 'string' },
    finishedAt: NULLABLE_STRING,
    results: RESULTS_SCHEMA,
    errors: { type: 'array', items: ERROR_SCHEMA },
    errorCode: NULLABLE_STRING,
    error: NULLABLE_STRING,
  },
} as const;

export const IMPORT_LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offset: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    statistics: { type: 'boolean', default: false },
  },
} as const;

export const TEMPLATE_QUERY = {
  type: 'object',
  required: ['version'],
  properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647 }, delimiter: { type: 'string', enum: [',', ';'] } },
} as const;
