// Schemas of the data export calls (routes/dataExport.ts). The body's limits come from the shared
// EXPORT_LIMITS, so the schema, the domain check and the export form agree.
import { EXPORT_FORMATS, EXPORT_GROUP_BYS, EXPORT_LIMITS, EXPORT_ORDERINGS, EXPORT_RENDER_TYPES } from '../../src/domain/export/exportParameters';
import { JOB_STATES } from '../db/database';

const ids = (description: string, pattern?: string) =>
  ({ type: 'array', maxItems: 500, uniqueItems: true, default: [], items: { type: 'string', minLength: 1, maxLength: 100, ...(pattern ? { pattern } : {}) }, description }) as const;
const whole = (limits: { min: number; max: number }, fallback: number | null, description: string) =>
  ({ type: 'integer', minimum: limits.min, maximum: limits.max, ...(fallback === null ? {} : { default: fallback }), description }) as const;

export const EXPORT_BODY_SCHEMA = {
  type: 'object',
  required: ['fileName', 'password'],
  properties: {
    fileName: { type: 'string', maxLength: EXPORT_LIMITS.fileNameMaxLength, description: 'Without extension; the format adds .xlsx or .xml' },
    password: { type: 'string', maxLength: 200, description: 'Encrypts the file (password policy applies); never stored in clear, logged or mailed' },
    format: { type: 'string', enum: [...EXPORT_FORMATS], default: 'xlsx' },
    locale: { type: 'string', enum: ['hu', 'en'], default: 'hu', description: 'Language of labels and headers' },
    registryIds: ids('Empty: every registry the caller may export'),
    instituteIds: ids('Empty: every institute the caller may export in the chosen registries'),
    formTypeIds: ids('Empty: every form type of the chosen registries', '^[0-9]+$'),
    minimumApprovalLevel: whole({ min: 0, max: EXPORT_LIMITS.maxApprovalLevel }, 0, '0: every form; N: forms approved at level N or higher'),
    fieldFilters: { type: 'array', maxItems: 5000, default: [], items: { type: 'string', minLength: 1, maxLength: 200 }, description: 'Field ids to export; empty: every field' },
    groupBy: { type: 'string', enum: [...EXPORT_GROUP_BYS], default: 'none' },
    renderType: { type: 'string', enum: [...EXPORT_RENDER_TYPES], default: 'byForm' },
    maxCellSize: whole(EXPORT_LIMITS.maxCellSize, EXPORT_LIMITS.maxCellSize.default, 'Longer texts are cut'),
    daysLimit: { type: ['integer', 'null'], minimum: EXPORT_LIMITS.daysLimit.min, maximum: EXPORT_LIMITS.daysLimit.max, default: null, description: 'Only attendances of the last N days' },
    columnsPerSheet: whole(EXPORT_LIMITS.columnsPerSheet, EXPORT_LIMITS.columnsPerSheet.default, 'Further columns go to continuation sheets'),
    formsPerSheet: whole(EXPORT_LIMITS.formsPerSheet, EXPORT_LIMITS.formsPerSheet.default, 'Further rows go to continuation sheets'),
    arraySeparator: { type: 'string', minLength: 1, maxLength: EXPORT_LIMITS.arraySeparatorMaxLength, default: '; ' },
    ordering: { type: 'string', enum: [...EXPORT_ORDERINGS], default: 'formOrder' },
    includePersonalData: { type: 'boolean', default: false, description: 'Needs personal_data_access for every chosen registry and institute' },
  },
} as const;

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

export const EXPORT_JOB_SCHEMA = {
  type: 'object',
  required: ['id', 'state', 'progress', 'fileName', 'format', 'createdAt'],
  properties: {
    id: text,
    state: { type: 'string', enum: [...JOB_STATES] },
    progress: { type: 'object', properties: { done: { type: 'integer' }, total: { type: ['integer', 'null'] } } },
    fileName: text,
    format: { type: 'string', enum: [...EXPORT_FORMATS] },
    parameters: { type: 'object', additionalProperties: true, description: 'The parameters as narrowed by the server, without the password' },
    createdAt: text,
    startedAt: nullableText,
    finishedAt: nullableText,
    attempts: { type: 'integer' },
    errorCode: { ...nullableText, description: 'Why the job failed: interrupted, export_failed, secret_unavailable, requester_missing, cancelled, job_failed' },
    error: nullableText,
    file: {
      type: ['object', 'null'],
      description: 'The finished file; available false once the retention period deleted it',
      properties: { name: text, bytes: { type: 'integer' }, forms: { type: 'integer' }, contentType: text, available: { type: 'boolean' } },
    },
  },
} as const;

const named = { type: 'object', properties: { id: text, name: text } } as const;

export const EXPORT_OPTIONS_SCHEMA = {
  type: 'object',
  required: ['registries', 'institutes', 'formTypes', 'personalDataAllowed'],
  properties: {
    registries: { type: 'array', items: named },
    institutes: { type: 'array', items: { type: 'object', properties: { id: text, name: text, registryIds: { type: 'array', items: text } } } },
    formTypes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: text, registryId: text, name: text, fields: { type: 'array', items: { type: 'object', properties: { id: text, label: text } } } },
      },
    },
    personalDataAllowed: { type: 'boolean' },
  },
} as const;
