// Answer schema of GET /registries/{id}/status-matrix (Fastify serializes with it).
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

function object(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', required: Object.keys(properties), properties };
}

const COLUMN = object({
  periodIndex: int,
  periodName: str,
  formTypeId: int,
  formTypeShortName: str,
  formTypeName: str,
  maxPerPeriod: { type: ['integer', 'null'], description: 'How many forms of the type one period may hold; null: repeatable' },
});

const CELL_FORM = object({
  id: str,
  displayId: str,
  state: { type: 'string', enum: ['draft', 'await_inspect', 'rejected', 'correct_draft', 'corrected', 'final'] },
  approvalLevel: { type: 'integer', description: 'Levels approved so far' },
  requiredLevels: { type: 'integer', description: 'Levels the registry requires' },
  needsMyAction: { type: 'boolean', description: 'The caller may approve its next level now, or must correct it' },
});

const ROW = object({
  attendanceId: str,
  attendanceDisplayId: str,
  attendanceState: { type: 'string', enum: ['open', 'completed', 'disqualified'] },
  startDateTime: str,
  patientId: str,
  internalPatientNumber: str,
  patientName: { type: ['string', 'null'], description: 'null without personal_data_access' },
  instituteId: str,
  instituteShortName: str,
  cells: { type: 'array', description: 'One entry per column, in the order of columns', items: { type: 'array', items: CELL_FORM } },
});

export const STATUS_MATRIX_SCHEMA = {
  type: 'object',
  required: ['columns', 'institutes', 'results'],
  properties: {
    columns: { type: 'array', items: COLUMN },
    institutes: { type: 'array', description: 'The registry\'s institutes the caller reaches (for the institute filter)', items: object({ id: str, shortName: str }) },
    results: { type: 'array', items: ROW },
    statistics: {
      type: 'object',
      required: ['total'],
      properties: {
        total: int,
        capped: {
          type: 'boolean',
          description: 'Present (true) when more attendances match than total: a visit-id or patient-number search that its index cannot answer counts 10,000 matches past the page\'s first row, no further',
        },
      },
    },
  },
} as const;
