// The values a form write stores: checked against the descriptor and the attendance's header,
// recomputed by the form's own evaluator, validated where the write hands them in, and with the
// personal fields a caller cannot see kept as they are stored.
import {
  compileDescriptor,
  createFormEvaluator,
  FIELD_TYPES,
  MAX_FORM_VALUE_DEPTH,
  SEVERITIES,
  validateFormValues,
  valueDepth,
  type FormDescriptor,
  type FormValues,
} from '../../src/domain/forms';
import { validationError, type FieldError } from '../errors/apiError';
import { pinPatientFields } from './patientFields';
import { calculatedFieldErrors, pinHeader, unknownFieldErrors, type HeaderSource } from './formWriteChecks';

const today = (): string => new Date().toISOString().slice(0, 10);

const inert = new WeakMap<FormDescriptor, boolean>();

/** No calculated field and no dependent group: the form engine computes and hides nothing. */
function computesNothing(descriptor: FormDescriptor): boolean {
  let answer = inert.get(descriptor);
  if (answer === undefined) {
    const { order, index } = compileDescriptor(descriptor);
    answer = order.length === 0 && !index.ordered.some((info) => info.field.type === FIELD_TYPES.dependentGroup);
    inert.set(descriptor, answer);
  }
  return answer;
}

/** Calculated fields recomputed; on submit the values of hidden dependent groups removed. */
export function normalized(descriptor: FormDescriptor, values: FormValues, submit: boolean): FormValues {
  // Such a form's engine would answer a copy of the values (an import writes thousands of forms).
  if (computesNothing(descriptor)) return values;
  const evaluator = createFormEvaluator(descriptor, values);
  return submit ? evaluator.valuesForSubmit() : evaluator.values();
}

/** The server never stores what the domain validation rejects on a non-draft write. */
export function assertValid(descriptor: FormDescriptor, values: FormValues): void {
  const errors: FieldError[] = validateFormValues(descriptor, values, { today })
    .filter((issue) => issue.severity === SEVERITIES.error)
    .map((issue) => ({ path: issue.path, key: issue.key, context: issue.context ?? {} }));
  if (errors.length > 0) throw validationError(errors);
}

/** A caller without personal data access sees those fields as null: keep what is stored. */
export function keepPersonal(incoming: FormValues, stored: FormValues, descriptor: FormDescriptor, personal: boolean): FormValues {
  if (personal) return incoming;
  const merged: FormValues = { ...incoming };
  for (const id of descriptor.personalDataFields ?? []) {
    if (id in stored) merged[id] = stored[id];
    else delete merged[id];
  }
  return merged;
}

/**
 * The values a write sends, checked and with the header taken from the attendance: unknown field
 * ids, calculated values the form does not compute and another patient, physician or institute
 * are refused (400 naming each path), so that none of them is ever stored, in any state.
 */
export function checkedWriteValues(descriptor: FormDescriptor, incoming: FormValues, stored: FormValues, source: HeaderSource): FormValues {
  // Values nested deeper than any descriptor means are refused before any check or the evaluator
  // walks them.
  if (valueDepth(incoming, MAX_FORM_VALUE_DEPTH) > MAX_FORM_VALUE_DEPTH) {
    throw validationError([{ path: 'values', key: 'object.tooDeep', context: { limit: MAX_FORM_VALUE_DEPTH } }]);
  }
  const pinned = pinHeader(descriptor, source, incoming, stored);
  const fromPatient = pinPatientFields(pinned.values, stored, source.patientValues ?? {});
  const errors = [...unknownFieldErrors(descriptor, incoming), ...calculatedFieldErrors(descriptor, incoming), ...pinned.errors, ...fromPatient.errors];
  if (errors.length > 0) throw validationError(errors);
  return fromPatient.values;
}
