// Structural checks of an untrusted descriptor document: types, required properties, unknown
// properties (a typo such as "mandatroy" must not pass silently). Each problem names its path.
import { BEHAVIOR_TYPES, FIELD_TYPES, FORM_LOCALES, HEADER_ROLES, SEVERITIES, SINGLE_CHOICE_WIDGETS } from './constants';

export interface DescriptorIssue {
  /** Where in the document, e.g. `form.sections[2].fields[5].min`. */
  path: string;
  message: string;
}

export type Json = Record<string, unknown>;
export type Report = (path: string, message: string) => void;

/** `a.b`, or just `b` at the top of the document. */
export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const COMMON_FIELD_PROPERTIES: readonly string[] = ['id', 'type', 'label', 'help', 'mandatory', 'severity', 'atLeastOneOf', 'requiredWith', 'compareWith'];
export const FIELD_PROPERTIES_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  text: ['minLength', 'maxLength', 'length', 'pattern', 'format'],
  longText: ['minLength', 'maxLength', 'length', 'pattern', 'format'],
  integer: ['min', 'max', 'softMin', 'softMax', 'unit'],
  decimal: ['min', 'max', 'softMin', 'softMax', 'precision', 'unit'],
  date: ['earlierThan', 'notInFuture'],
  datetime: ['earlierThan', 'notInFuture'],
  time: ['earlierThan'],
  singleChoice: ['options', 'widget'],
  multipleChoice: ['options', 'atLeastOneFromList', 'maxSelected'],
  boolean: [],
  calculated: ['formula', 'parameters', 'unit', 'softMin', 'softMax'],
  multiField: ['fields', 'minEntries', 'maxEntries'],
  dependentGroup: ['referenceField', 'condition', 'fields'],
  fileUpload: ['accept', 'maxSizeBytes'],
  geneList: ['classificationOptions'],
  staticText: ['text'],
};

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'string[]';

function hasKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

const KIND_TEXT: Record<Kind, string> = {
  string: 'must be a string',
  number: 'must be a number',
  integer: 'must be an integer',
  boolean: 'must be a boolean',
  'string[]': 'must be an array of strings',
};

/** Checks `obj[key]`; reports a missing required property or a wrong type. */
export function expect(obj: Json, key: string, path: string, kind: Kind, report: Report, required = false): boolean {
  const value = obj[key];
  if (value === undefined) {
    if (required) report(join(path, key), 'is required');
    return false;
  }
  if (!hasKind(value, kind)) {
    report(join(path, key), KIND_TEXT[kind]);
    return false;
  }
  if (kind === 'string' && required && (value as string).trim() === '') {
    report(join(path, key), 'must not be empty');
    return false;
  }
  return true;
}

export function expectOneOf(obj: Json, key: string, path: string, allowed: Record<string, string>, report: Report, required = false): void {
  if (!expect(obj, key, path, 'string', report, required)) return;
  const values = Object.values(allowed);
  if (!values.includes(obj[key] as string)) report(join(path, key), `must be one of ${values.join(', ')}`);
}

export function rejectUnknownKeys(obj: Json, path: string, allowed: readonly string[], report: Report): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) report(join(path, key), 'is not a known property');
  }
}

function nonNegativeIntegers(field: Json, path: string, keys: string[], report: Report): void {
  for (const key of keys) {
    if (expect(field, key, path, 'integer', report) && (field[key] as number) < 0) report(join(path, key), 'must not be negative');
  }
}

function ordered(field: Json, path: string, low: string, high: string, report: Report): void {
  const a = field[low];
  const b = field[high];
  if (typeof a === 'number' && typeof b === 'number' && a > b) report(`${path}.${high}`, `must not be less than ${low}`);
}

function checkTypeSpecific(field: Json, path: string, report: Report, checkChildren: (fields: unknown, path: string) => void): void {
  switch (field.type) {
    case 'text':
    case 'longText':
      nonNegativeIntegers(field, path, ['minLength', 'maxLength', 'length'], report);
      ordered(field, path, 'minLength', 'maxLength', report);
      if (field.format !== undefined && field.format !== 'email') report(`${path}.format`, 'must be one of email');
      if (field.pattern !== undefined) {
        if (!isObject(field.pattern)) return report(`${path}.pattern`, 'must be an object');
        rejectUnknownKeys(field.pattern, `${path}.pattern`, ['regex', 'message'], report);
        expect(field.pattern, 'message', `${path}.pattern`, 'string', report);
        if (expect(field.pattern, 'regex', `${path}.pattern`, 'string', report, true)) {
          try {
            new RegExp(field.pattern.regex as string, 'u');
          } catch {
            report(`${path}.pattern.regex`, 'is not a valid regular expression');
          }
        }
      }
      return;
    case 'integer':
    case 'decimal':
      for (const key of ['min', 'max', 'softMin', 'softMax']) expect(field, key, path, 'number', report);
      ordered(field, path, 'min', 'max', report);
      ordered(field, path, 'softMin', 'softMax', report);
      nonNegativeIntegers(field, path, ['precision'], report);
      expect(field, 'unit', path, 'string', report);
      return;
    case 'date':
    case 'datetime':
    case 'time':
      expect(field, 'earlierThan', path, 'string', report);
      expect(field, 'notInFuture', path, 'boolean', report);
      return;
    case 'singleChoice':
      expect(field, 'options', path, 'string', report, true);
      expectOneOf(field, 'widget', path, SINGLE_CHOICE_WIDGETS, report);
      return;
    case 'multipleChoice':
      expect(field, 'options', path, 'string', report, true);
      expect(field, 'atLeastOneFromList', path, 'boolean', report);
      nonNegativeIntegers(field, path, ['maxSelected'], report);
      return;
    case 'calculated':
      expect(field, 'formula', path, 'string', report, true);
      expect(field, 'parameters', path, 'string[]', report, true);
      expect(field, 'unit', path, 'string', report);
      for (const key of ['softMin', 'softMax']) expect(field, key, path, 'number', report);
      return;
    case 'multiField':
      nonNegativeIntegers(field, path, ['minEntries', 'maxEntries'], report);
      ordered(field, path, 'minEntries', 'maxEntries', report);
      return checkChildren(field.fields, `${path}.fields`);
    case 'dependentGroup':
      expect(field, 'referenceField', path, 'string', report, true);
      expect(field, 'condition', path, 'string', report, true);
      return checkChildren(field.fields, `${path}.fields`);
    case 'fileUpload':
      expect(field, 'accept', path, 'string[]', report);
      nonNegativeIntegers(field, path, ['maxSizeBytes'], report);
      return;
    case 'geneList':
      expect(field, 'classificationOptions', path, 'string', report);
      return;
    case 'staticText':
      expect(field, 'text', path, 'string', report, true);
      return;
    default:
      return;
  }
}

export function checkField(field: unknown, path: string, report: Report, header = false): void {
  if (!isObject(field)) return report(path, 'must be an object');
  expect(field, 'id', path, 'string', report, true);
  expectOneOf(field, 'type', path, FIELD_TYPES, report, true);
  if (header) expectOneOf(field, 'role', path, HEADER_ROLES, report, true);
  expect(field, 'label', path, 'string', report);
  expect(field, 'help', path, 'string', report);
  expect(field, 'mandatory', path, 'boolean', report);
  expectOneOf(field, 'severity', path, SEVERITIES, report);
  expect(field, 'atLeastOneOf', path, 'string[]', report);
  expect(field, 'requiredWith', path, 'string[]', report);
  if (field.compareWith !== undefined) {
    const at = `${path}.compareWith`;
    if (!isObject(field.compareWith)) report(at, 'must be an object');
    else {
      rejectUnknownKeys(field.compareWith, at, ['field', 'mode'], report);
      expect(field.compareWith, 'field', at, 'string', report, true);
      expectOneOf(field.compareWith, 'mode', at, { equal: 'equal', differ: 'differ' }, report, true);
    }
  }
  const typeKeys = FIELD_PROPERTIES_BY_TYPE[field.type as string];
  if (!typeKeys) return;
  rejectUnknownKeys(field, path, [...COMMON_FIELD_PROPERTIES, ...(header ? ['role'] : []), ...typeKeys], report);
  checkTypeSpecific(field, path, report, (children, childPath) => checkFieldList(children, childPath, report, true));
}

export function checkFieldList(fields: unknown, path: string, report: Report, nonEmpty = false): void {
  if (!Array.isArray(fields)) return report(path, 'must be an array');
  if (nonEmpty && fields.length === 0) report(path, 'must not be empty');
  fields.forEach((field, i) => checkField(field, `${path}[${i}]`, report));
}

export const TOP_LEVEL_KEYS = [
  'formTypeId', 'version', 'locale', 'displayId', 'behaviorType', 'validatorDisplayId', 'validatorVersion', 'sections',
  'commonDataFields', 'form', 'labels', 'valueLabelMap', 'indispensableFields', 'personalDataFields', 'fieldSections', 'fieldOrders',
];

export function checkTopLevel(doc: Json, report: Report): void {
  rejectUnknownKeys(doc, '', TOP_LEVEL_KEYS, report);
  if (expect(doc, 'formTypeId', '', 'integer', report, true) && (doc.formTypeId as number) < 1) report('formTypeId', 'must be positive');
  if (expect(doc, 'version', '', 'integer', report, true) && (doc.version as number) < 1) report('version', 'must be positive');
  expectOneOf(doc, 'locale', '', FORM_LOCALES, report, true);
  expect(doc, 'displayId', '', 'string', report, true);
  expectOneOf(doc, 'behaviorType', '', BEHAVIOR_TYPES, report, true);
  expect(doc, 'validatorDisplayId', '', 'string', report);
  expect(doc, 'validatorVersion', '', 'integer', report);
  for (const key of ['indispensableFields', 'personalDataFields']) expect(doc, key, '', 'string[]', report);
}
