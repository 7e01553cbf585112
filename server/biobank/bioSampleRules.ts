// The rules of a sample's fields (docs/biobank.md "States" and "Rules"), on the values a write would
// store, with what they refer to already loaded: each broken rule is a 4xx with its own message.
import type { BioSampleBoxRow, BioSampleRow, BioSampleState } from '../db/database';
import { toInstant } from '../attendances/attendances.service';
import { validationError } from '../errors/apiError';
import * as refuse from './bioSampleErrors';

/** The stored fields a write decides (snake_case as in bio_samples). */
export interface SampleFields {
  bio_sample_type_id: string;
  sample_collected_at: string;
  legacy_sample_number: string | null;
  notes: string | null;
  sample_parameters: Record<string, string | number | null>;
  arrived_to_biobank_at: string | null;
  amount: number | null;
  is_virtual: boolean;
  ancestor_sample_id: string | null;
  box_id: string | null;
  box_row: number | null;
  box_column: number | null;
  dispatched_at: string | null;
  dispatched_to: string | null;
}

export interface TypeParameter {
  id: string;
  type: 'text' | 'number' | 'datetime';
}

/** dispatched > localized > arrived > attached > collected: the furthest step the fields show. */
export function deriveState(fields: Pick<SampleFields, 'dispatched_at' | 'box_id' | 'arrived_to_biobank_at'>, attachedForms: number): BioSampleState {
  if (fields.dispatched_at) return 'dispatched';
  if (fields.box_id) return 'localized';
  if (fields.arrived_to_biobank_at) return 'arrived';
  return attachedForms > 0 ? 'attached' : 'collected';
}

/** An ISO instant as stored (UTC), or a 400 naming the field. */
export function instantOrThrow(text: string, path: string): string {
  const date = toInstant(text);
  if (!date) throw validationError([{ path, key: 'date.format', context: { format: 'ISO 8601' } }]);
  return date.toISOString();
}

function checkParameters(values: SampleFields['sample_parameters'], parameters: readonly TypeParameter[]): void {
  for (const [id, value] of Object.entries(values)) {
    const parameter = parameters.find((p) => p.id === id);
    if (!parameter) throw refuse.parameterInvalid(id);
    if (value === null) continue;
    const fits =
      parameter.type === 'number' ? typeof value === 'number' && Number.isFinite(value) : parameter.type === 'datetime' ? typeof value === 'string' && toInstant(value) !== null : typeof value === 'string';
    if (!fits) throw refuse.parameterInvalid(id);
  }
}

export interface RuleContext {
  instituteId: string;
  parameters: readonly TypeParameter[];
  box: BioSampleBoxRow | null;
}

/** Every rule on the fields alone; the ancestor and the free position are checked by the service. */
export function checkSampleFields(fields: SampleFields, context: RuleContext): void {
  if (fields.amount !== null && fields.amount < 0) throw validationError([{ path: 'amount', key: 'number.min', context: { limit: 0 } }]);
  if (fields.is_virtual && (fields.amount !== null || fields.box_id !== null)) throw refuse.virtualHasNoMaterial();
  if (fields.arrived_to_biobank_at && fields.arrived_to_biobank_at < fields.sample_collected_at) throw refuse.arrivalBeforeCollection();
  if (fields.dispatched_at) {
    if (!fields.arrived_to_biobank_at) throw refuse.dispatchNeedsArrival();
    if (!fields.dispatched_to?.trim()) throw refuse.dispatchNeedsRecipient();
    if (fields.box_id) throw refuse.dispatchedNotPlaced();
  }
  if (fields.box_id) {
    const { box } = context;
    if (!box) throw refuse.boxNotFound();
    if (box.institute_id !== context.instituteId) throw refuse.boxOfOtherInstitute();
    if (!fields.arrived_to_biobank_at) throw refuse.localizeNeedsArrival();
    const row = fields.box_row ?? 0;
    const column = fields.box_column ?? 0;
    if (row < 1 || column < 1 || row > Number(box.row_count) || column > Number(box.column_count)) {
      throw refuse.positionOutsideBox(box.name, row, column, Number(box.row_count), Number(box.column_count));
    }
  }
  checkParameters(fields.sample_parameters, context.parameters);
}

/** The fields of a stored row, as a write starts from them. */
export function fieldsOf(row: BioSampleRow): SampleFields {
  return {
    bio_sample_type_id: row.bio_sample_type_id,
    sample_collected_at: row.sample_collected_at,
    legacy_sample_number: row.legacy_sample_number,
    notes: row.notes,
    sample_parameters: JSON.parse(row.sample_parameters) as SampleFields['sample_parameters'],
    arrived_to_biobank_at: row.arrived_to_biobank_at,
    amount: row.amount === null ? null : Number(row.amount),
    is_virtual: Boolean(row.is_virtual),
    ancestor_sample_id: row.ancestor_sample_id,
    box_id: row.box_id,
    box_row: row.box_row === null ? null : Number(row.box_row),
    box_column: row.box_column === null ? null : Number(row.box_column),
    dispatched_at: row.dispatched_at,
    dispatched_to: row.dispatched_to,
  };
}

/** The API names of the fields, for the custody record's changes. */
const API_NAMES: Record<keyof SampleFields, string> = {
  bio_sample_type_id: 'bioSampleTypeId',
  sample_collected_at: 'sampleCollectedAt',
  legacy_sample_number: 'legacySampleNumber',
  notes: 'notes',
  sample_parameters: 'sampleParameters',
  arrived_to_biobank_at: 'arrivedToBiobankAt',
  amount: 'amount',
  is_virtual: 'virtual',
  ancestor_sample_id: 'ancestorSampleId',
  box_id: 'boxId',
  box_row: 'row',
  box_column: 'column',
  dispatched_at: 'dispatchedAt',
  dispatched_to: 'dispatchedTo',
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Field -> [before, after] of what differs (before null: a new sample). */
export function fieldChanges(before: SampleFields | null, after: SampleFields): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(API_NAMES) as (keyof SampleFields)[]) {
    const old = before ? before[key] : null;
    if (!same(old, after[key]) && !(before === null && (after[key] === null || same(after[key], {}) || after[key] === false))) changes[API_NAMES[key]] = [old, after[key]];
  }
  return changes;
}

/** The operation an update's entry is named by: the furthest custody step it takes, else what it did. */
export function updateOperation(before: SampleFields, after: SampleFields): 'dispatched' | 'localized' | 'moved' | 'arrived' | 'amount_changed' | 'updated' {
  if (!before.dispatched_at && after.dispatched_at) return 'dispatched';
  if (!before.box_id && after.box_id) return 'localized';
  if (before.box_id && after.box_id && (before.box_id !== after.box_id || before.box_row !== after.box_row || before.box_column !== after.box_column)) return 'moved';
  if (!before.arrived_to_biobank_at && after.arrived_to_biobank_at) return 'arrived';
  const changed = Object.keys(fieldChanges(before, after));
  if (changed.length === 1 && changed[0] === 'amount') return 'amount_changed';
  return 'updated';
}
