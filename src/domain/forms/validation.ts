// Validation of one field (live, just what changed) and of a whole form (submit, server). Hidden
// fields (a dependent group not shown) are not validated. Issues carry message keys, never text.
import { compileDescriptor } from './compile';
import { ALWAYS_MANDATORY_HEADER_ROLES, FIELD_TYPES, SEVERITIES, SUBMIT_TYPES, type SubmitType } from './constants';
import { createFormEvaluator, type EvaluatorOptions } from './evaluator';
import { fieldLabel, type FieldIndex } from './fieldIndex';
import { checkPresentValue, type ValidationIssue } from './fieldRules';
import type { EntryValues, FieldDescriptor, FieldValue, FormDescriptor, FormValues } from './types';
import { VALIDATION_KEYS as K } from './validationKeys';
import { isEmptyFieldValue, isSameValue, joinPath, pathFieldId, pathScope } from './values';

export type { ValidationIssue } from './fieldRules';

/** What validation reads of a form; a FormEvaluator provides it. */
export interface FormStateReader {
  readonly descriptor: FormDescriptor;
  getValue(path: string): FieldValue;
  isVisible(path: string): boolean;
}

export interface ValidationOptions {
  /** Today's date (YYYY-MM-DD) for `notInFuture`; without it that rule is skipped. */
  today?: () => string;
}

// Derived once per descriptor: mandatory ids and, per field, the fields whose rules read it.
interface RuleIndex {
  indispensable: ReadonlySet<string>;
  readers: ReadonlyMap<string, readonly string[]>;
}
const ruleIndexCache = new WeakMap<FormDescriptor, RuleIndex>();

function crossFieldTargets(field: FieldDescriptor): string[] {
  const targets = [...(field.atLeastOneOf ?? []), ...(field.requiredWith ?? [])];
  if (field.compareWith) targets.push(field.compareWith.field);
  if ((field.type === 'date' || field.type === 'datetime' || field.type === 'time') && field.earlierThan) targets.push(field.earlierThan);
  return targets;
}

function ruleIndexOf(descriptor: FormDescriptor, index: FieldIndex): RuleIndex {
  const cached = ruleIndexCache.get(descriptor);
  if (cached) return cached;
  const indispensable = new Set(descriptor.indispensableFields);
  for (const field of descriptor.commonDataFields) {
    if (ALWAYS_MANDATORY_HEADER_ROLES.includes(field.role)) indispensable.add(field.id);
  }
  const readers = new Map<string, string[]>();
  for (const { field } of index.ordered) {
    for (const target of crossFieldTargets(field)) readers.set(target, [...(readers.get(target) ?? []), field.id]);
  }
  const built = { indispensable, readers };
  ruleIndexCache.set(descriptor, built);
  return built;
}

/** Fields whose errors block even a draft: indispensable fields plus patient and physician. */
export function mandatoryFieldIds(descriptor: FormDescriptor): ReadonlySet<string> {
  return ruleIndexOf(descriptor, compileDescriptor(descriptor).index).indispensable;
}

const ISO_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?$|^\d{2}:\d{2}(?::\d{2})?$/;

/**
 * Whether ISO text `first` is after `second`. ISO texts order as their instants; a date and a
 * date-time compare by day. An unreadable `second` is its own field's error, not a range error.
 */
function isLaterText(first: string, second: string): boolean {
  if (!ISO_LIKE.test(second)) return false;
  const a = first.replace(' ', 'T');
  const b = second.replace(' ', 'T');
  const length = Math.min(a.length, b.length);
  return a.slice(0, length) > b.slice(0, length);
}

/** Validates the field at `path` (e.g. `meds[1].dose`); [] when it is hidden or holds no value. */
export function validateField(state: FormStateReader, path: string, options: ValidationOptions = {}): ValidationIssue[] {
  const { descriptor } = state;
  const { index } = compileDescriptor(descriptor);
  const info = index.byId.get(pathFieldId(path));
  if (!info || !state.isVisible(path)) return [];
  const { field } = info;
  if (field.type === FIELD_TYPES.dependentGroup || field.type === FIELD_TYPES.staticText) return [];

  const issues: ValidationIssue[] = [];
  const severity = field.severity ?? SEVERITIES.error;
  const add = (key: string, context: Record<string, unknown> = {}, sev = severity, at = path): void => {
    issues.push({ path: at, key, context, severity: sev });
  };
  const scope = pathScope(path);
  const peerPath = (id: string): string => (index.byId.get(id)?.multiField && scope !== '' ? joinPath(scope, id) : id);
  const peerValue = (id: string): FieldValue => (state.isVisible(peerPath(id)) ? state.getValue(peerPath(id)) : undefined);
  const label = (id: string): string => fieldLabel(descriptor, id);
  const value = state.getValue(path);
  const mandatory = field.mandatory === true || ruleIndexOf(descriptor, index).indispensable.has(field.id);

  if (isEmptyFieldValue(value) || (typeof value === 'string' && value.trim() === '')) {
    const blank = typeof value === 'string' && value !== '';
    if (mandatory) add(blank ? K.stringEmpty : K.anyRequired, {}, SEVERITIES.error);
    else if (field.type === FIELD_TYPES.multipleChoice && field.atLeastOneFromList) add(K.atLeastOneFromList, {}, severity);
    else if (field.type === FIELD_TYPES.multiField && (field.minEntries ?? 0) > 0) add(K.arrayMin, { limit: field.minEntries }, severity);
    const main = (field.requiredWith ?? []).find((id) => !isEmptyFieldValue(peerValue(id)));
    if (main !== undefined) add(K.logicWith, { peer: label(field.id), main: label(main) });
    const group = field.atLeastOneOf ?? [];
    if (group.length > 0 && group.every((id) => isEmptyFieldValue(peerValue(id)))) {
      add(K.atLeastOneRequired, { fields: [field.id, ...group].map(label).join(', ') });
    }
    return issues;
  }

  checkPresentValue(field, value, { descriptor, path, severity, today: options.today }, add);
  if (field.compareWith) {
    const other = peerValue(field.compareWith.field);
    const same = isSameValue(value, other);
    if (field.compareWith.mode === 'equal' && !same) add(K.doNotMatch, { peer: label(field.compareWith.field) });
    if (field.compareWith.mode === 'differ' && same) add(K.mustDiffer, { peer: label(field.compareWith.field) });
  }
  if ((field.type === 'date' || field.type === 'datetime' || field.type === 'time') && field.earlierThan && issues.length === 0) {
    const later = peerValue(field.earlierThan);
    if (typeof later === 'string' && isLaterText(String(value), later)) {
      add(K.stringDateRange, { first: label(field.id), second: label(field.earlierThan) });
    }
  }
  return issues;
}

/** Paths to validate again after `path` changed: itself and the fields whose rules read it. */
export function revalidationPaths(descriptor: FormDescriptor, path: string): string[] {
  const { index } = compileDescriptor(descriptor);
  const readers = ruleIndexOf(descriptor, index).readers.get(pathFieldId(path)) ?? [];
  const scope = pathScope(path);
  return [path, ...readers.map((id) => (index.byId.get(id)?.multiField && scope !== '' ? joinPath(scope, id) : id))];
}

/** Every visible field of the form, header first, in document order, entry by entry. */
export function validateForm(state: FormStateReader, options: ValidationOptions = {}): ValidationIssue[] {
  const { index } = compileDescriptor(state.descriptor);
  const entryFields = new Map<string, string[]>();
  for (const info of index.ordered) {
    if (info.multiField) entryFields.set(info.multiField, [...(entryFields.get(info.multiField) ?? []), info.field.id]);
  }
  const issues: ValidationIssue[] = [];
  for (const info of index.ordered) {
    if (info.multiField) continue;
    issues.push(...validateField(state, info.field.id, options));
    const children = entryFields.get(info.field.id);
    const entries = state.getValue(info.field.id);
    if (!children || !Array.isArray(entries)) continue;
    (entries as EntryValues[]).forEach((_, i) => {
      for (const id of children) issues.push(...validateField(state, `${info.field.id}[${i}].${id}`, options));
    });
  }
  return issues;
}

/** One-shot validation of plain values (the server): calculated fields are recomputed first. */
export function validateFormValues(descriptor: FormDescriptor, values: FormValues, options: ValidationOptions & EvaluatorOptions = {}): ValidationIssue[] {
  return validateForm(createFormEvaluator(descriptor, values, options), options);
}

/** Issues that stop saving: any error on submit; on a draft only errors touching mandatory fields. */
export function blockingIssues(issues: readonly ValidationIssue[], submitType: SubmitType, descriptor: FormDescriptor): ValidationIssue[] {
  const errors = issues.filter((issue) => issue.severity === SEVERITIES.error);
  if (submitType === SUBMIT_TYPES.submit) return errors;
  const mandatory = mandatoryFieldIds(descriptor);
  // `meds[1].dose` touches a mandatory field when `meds` or `dose` is one.
  return errors.filter((issue) => issue.path.split('.').some((segment) => mandatory.has(pathFieldId(segment))));
}

export function canSave(issues: readonly ValidationIssue[], submitType: SubmitType, descriptor: FormDescriptor): boolean {
  return blockingIssues(issues, submitType, descriptor).length === 0;
}

/** Save stays inactive until the always-mandatory header fields (patient, physician) are filled. */
export function headerComplete(descriptor: FormDescriptor, values: FormValues): boolean {
  return descriptor.commonDataFields
    .filter((field) => ALWAYS_MANDATORY_HEADER_ROLES.includes(field.role))
    .every((field) => !isEmptyFieldValue(values[field.id]));
}
