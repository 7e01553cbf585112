// What a form write may send (issue item 6): values only for fields of the descriptor, calculated
// fields only as the form computes them, the header's patient, physician and institute only as
// the attendance has them; a rejection only on a path the descriptor has. Every refusal is a 400
// naming the offending path, and nothing is stored.
import {
  compileDescriptor,
  createFormEvaluator,
  FIELD_TYPES,
  isSameValue,
  parsePath,
  type FieldValue,
  type FormDescriptor,
  type FormValues,
} from '../../src/domain/forms';
import type { FieldError } from '../errors/apiError';

// FIELD_TYPES read once: through the domain's re-exports every access is a getter call (two),
// and this runs for every field of every imported or written form.
const TYPES = FIELD_TYPES;

/** Where the header's id fields come from: the attendance (and the form's own institute and physician). */
export interface HeaderSource {
  patientId: string;
  physicianId: string;
  instituteId: string;
  /** Fields that repeat the patient record, with the patient's values (./patientFields.ts). */
  patientValues?: Record<string, FieldValue>;
}

export const UNKNOWN_FIELD = 'api.unknownField';
export const CALCULATED_FIELD = 'api.calculatedField';
export const HEADER_FROM_ATTENDANCE = 'api.headerFromAttendance';

const isObject = (value: unknown): value is Record<string, FieldValue> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Value keys that are no field of the descriptor, top level and inside multi-field entries. */
export function unknownFieldErrors(descriptor: FormDescriptor, values: FormValues): FieldError[] {
  const { byId } = compileDescriptor(descriptor).index;
  const errors: FieldError[] = [];
  const check = (entry: Record<string, FieldValue>, scope: string, multiField: string | null): void => {
    for (const [id, value] of Object.entries(entry)) {
      const path = scope === '' ? id : `${scope}.${id}`;
      const info = byId.get(id);
      if (!info || info.multiField !== multiField || info.field.type === TYPES.staticText || info.field.type === TYPES.dependentGroup) {
        errors.push({ path, key: UNKNOWN_FIELD, context: {} });
        continue;
      }
      if (info.field.type !== TYPES.multiField || !Array.isArray(value)) continue;
      (value as unknown[]).forEach((row, i) => {
        if (isObject(row)) check(row, `${path}[${i}]`, id);
      });
    }
  };
  check(values, '', null);
  return errors;
}

/** Calculated values the sent values do not compute to (null or absent: the server computes them). */
export function calculatedFieldErrors(descriptor: FormDescriptor, values: FormValues): FieldError[] {
  const { index } = compileDescriptor(descriptor);
  // Evaluated only when a calculated value was sent (a bulk import sends none: one evaluation less per form).
  let evaluated: FormValues | null = null;
  const computedValues = (): FormValues => (evaluated ??= createFormEvaluator(descriptor, values).values());
  const errors: FieldError[] = [];
  for (const info of index.ordered) {
    if (info.field.type !== TYPES.calculated) continue;
    const id = info.field.id;
    if (info.multiField === null) {
      const sent = values[id];
      if (sent !== undefined && sent !== null && !isSameValue(sent, computedValues()[id])) errors.push({ path: id, key: CALCULATED_FIELD, context: {} });
      continue;
    }
    const rows = values[info.multiField];
    if (!Array.isArray(rows)) continue;
    const computedRows = computedValues()[info.multiField];
    (rows as unknown[]).forEach((row, i) => {
      const sent = isObject(row) ? row[id] : undefined;
      const own = Array.isArray(computedRows) && isObject(computedRows[i]) ? (computedRows[i] as Record<string, FieldValue>)[id] : undefined;
      if (sent !== undefined && sent !== null && !isSameValue(sent, own)) errors.push({ path: `${info.multiField}[${i}].${id}`, key: CALCULATED_FIELD, context: {} });
    });
  }
  return errors;
}

/**
 * The header's patient, physician and institute fields set from the attendance. A sent value that
 * is neither that nor what the form holds is refused; the form's own (older) value is tolerated
 * because a merge of patients moves attendances without rewriting their forms, and replaced.
 */
export function pinHeader(descriptor: FormDescriptor, source: HeaderSource, values: FormValues, stored: FormValues): { values: FormValues; errors: FieldError[] } {
  const byRole: Record<string, string> = { patient: source.patientId, physician: source.physicianId, institute: source.instituteId };
  const pinned: FormValues = { ...values };
  const errors: FieldError[] = [];
  for (const field of descriptor.commonDataFields) {
    const expected = byRole[field.role];
    if (expected === undefined) continue;
    const sent = values[field.id];
    if (sent !== undefined && sent !== null && sent !== expected && sent !== stored[field.id]) {
      errors.push({ path: field.id, key: HEADER_FROM_ATTENDANCE, context: {} });
    }
    pinned[field.id] = expected;
  }
  return { values: pinned, errors };
}

/** A rejection path names a field of the descriptor: `visitDate`, `meds[2].dose` (an entry index into a multi-field). */
export function isDescriptorPath(descriptor: FormDescriptor, path: string): boolean {
  const { byId } = compileDescriptor(descriptor).index;
  const segments = parsePath(path);
  if (!segments) return false;
  let multiField: string | null = null;
  return segments.every((segment, i) => {
    const info = byId.get(segment.id);
    if (!info || info.multiField !== multiField) return false;
    if (info.field.type === TYPES.staticText || info.field.type === TYPES.dependentGroup) return false;
    const isMulti = info.field.type === TYPES.multiField;
    const last = i === segments.length - 1;
    // Only a multi-field takes an index; every segment but the last must be an entry of one.
    if (segment.index !== undefined && !isMulti) return false;
    if (!last && (!isMulti || segment.index === undefined)) return false;
    multiField = isMulti ? segment.id : null;
    return true;
  });
}
