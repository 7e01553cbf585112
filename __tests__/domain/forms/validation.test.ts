import {
  blockingIssues,
  canSave,
  createFormEvaluator,
  headerComplete,
  mandatoryFieldIds,
  revalidationPaths,
  validateField,
  validateForm,
  validateFormValues,
  type ValidationIssue,
} from '../../../src/domain/forms';
import { descriptorOf, type AnyField } from './fixtures';

const today = (): string => '2024-06-15';

/** Issues of the single field `field` (id x unless named) holding `value`, next to `others`. */
function issuesOf(field: Omit<AnyField, 'id'> & { id?: string }, value: unknown, others: AnyField[] = [], otherValues: Record<string, unknown> = {}): Omit<ValidationIssue, 'path'>[] {
  const withId = { id: 'x', ...field } as AnyField;
  const descriptor = descriptorOf([withId, ...others], {
    valueLabelMap: {
      colours: [
        { value: 'red', label: 'Red' },
        { value: 'green', label: 'Green' },
      ],
      acmg: [
        { value: 'pathogenic', label: 'Pathogenic' },
        { value: 'benign', label: 'Benign' },
      ],
    },
  });
  const ev = createFormEvaluator(descriptor, { ...otherValues, [withId.id]: value } as never);
  return validateField(ev, withId.id, { today }).map(({ path: _path, ...rest }) => rest);
}

const err = (key: string, context: Record<string, unknown> = {}): Omit<ValidationIssue, 'path'> => ({ key, context, severity: 'error' });
const warn = (key: string, context: Record<string, unknown> = {}): Omit<ValidationIssue, 'path'> => ({ key, context, severity: 'warning' });

describe('single-field rules', () => {
  test.each<[string, Omit<AnyField, 'id'>, unknown, Omit<ValidationIssue, 'path'>[]]>([
    ['mandatory empty', { type: 'text', mandatory: true }, '', [err('any.required')]],
    ['mandatory undefined', { type: 'integer', mandatory: true }, undefined, [err('any.required')]],
    ['mandatory blank text', { type: 'text', mandatory: true }, '   ', [err('string.empty')]],
    ['mandatory empty list', { type: 'multipleChoice', options: 'colours', mandatory: true }, [], [err('any.required')]],
    ['mandatory false boolean is a value', { type: 'boolean', mandatory: true }, false, []],
    ['mandatory zero is a value', { type: 'integer', mandatory: true }, 0, []],
    ['optional empty', { type: 'integer', min: 5 }, null, []],
    ['min length', { type: 'text', minLength: 3 }, 'ab', [err('string.min', { limit: 3 })]],
    ['max length', { type: 'longText', maxLength: 3 }, 'abcd', [err('string.max', { limit: 3 })]],
    ['max length counts characters, not UTF-16 units', { type: 'text', maxLength: 2 }, 'őű', []],
    ['exact length', { type: 'text', length: 11 }, '1234', [err('string.length', { limit: 11 })]],
    ['length as a warning', { type: 'text', maxLength: 2, severity: 'warning' }, 'abc', [warn('string.max', { limit: 2 })]],
    ['pattern', { type: 'text', pattern: { regex: '[0-9]{3}-[0-9]{3}-[0-9]{3}' } }, '123-45-678', [err('string.regex.base')]],
    ['pattern must match whole value', { type: 'text', pattern: { regex: '[0-9]+' } }, '12a', [err('string.regex.base')]],
    ['pattern passes', { type: 'text', pattern: { regex: '[0-9]{3}-[0-9]{3}-[0-9]{3}' } }, '123-456-789', []],
    ['pattern with its own message key', { type: 'text', pattern: { regex: '[A-Z]{2}', message: 'form.taj' } }, 'x', [err('form.taj')]],
    ['email', { type: 'text', format: 'email' }, 'not-mail', [err('string.email')]],
    ['email passes', { type: 'text', format: 'email' }, 'dr.kiss@example.hu', []],
    ['text type', { type: 'text' }, 12, [err('string.base')]],
    ['number min', { type: 'integer', min: 0, max: 28 }, -1, [err('number.min', { limit: 0 })]],
    ['number max', { type: 'integer', min: 0, max: 28 }, 29, [err('number.max', { limit: 28 })]],
    ['number bounds inclusive', { type: 'integer', min: 0, max: 28 }, 28, []],
    ['number text', { type: 'decimal', max: 10 }, '12,5', [err('number.max', { limit: 10 })]],
    ['not a number', { type: 'decimal' }, 'abc', [err('number.base')]],
    ['boolean is not a number', { type: 'decimal' }, true, [err('number.base')]],
    ['integer', { type: 'integer' }, 2.5, [err('number.integer')]],
    ['integer text', { type: 'integer' }, '3.0', []],
    ['precision', { type: 'decimal', precision: 1 }, 3.25, [err('number.precision', { limit: 1 })]],
    ['precision text', { type: 'decimal', precision: 1 }, '3,2', []],
    ['soft range is a warning', { type: 'decimal', min: 0, max: 200, softMax: 120 }, 150, [warn('number.max', { limit: 120 })]],
    ['soft min', { type: 'decimal', softMin: 10 }, 5, [warn('number.min', { limit: 10 })]],
    ['hard and soft together', { type: 'decimal', max: 200, softMax: 120 }, 250, [err('number.max', { limit: 200 }), warn('number.max', { limit: 120 })]],
    ['date format', { type: 'date' }, '2024.01.02', [err('date.format', { format: 'YYYY-MM-DD' })]],
    ['impossible date', { type: 'date' }, '2023-02-29', [err('date.format', { format: 'YYYY-MM-DD' })]],
    ['datetime format', { type: 'datetime' }, '2024-01-02', [err('date.format', { format: 'YYYY-MM-DDTHH:mm' })]],
    ['time format', { type: 'time' }, '25:00', [err('date.format', { format: 'HH:mm' })]],
    ['date in the future', { type: 'date', notInFuture: true }, '2024-06-16', [err('date.future')]],
    ['date today is fine', { type: 'date', notInFuture: true }, '2024-06-15', []],
    ['datetime in the future', { type: 'datetime', notInFuture: true }, '2024-06-16T00:00', [err('date.future')]],
    ['single choice', { type: 'singleChoice', options: 'colours' }, 'blue', [err('any.only', { valids: 'red, green' })]],
    ['single choice passes', { type: 'singleChoice', options: 'colours' }, 'red', []],
    ['multiple choice value', { type: 'multipleChoice', options: 'colours' }, ['red', 'blue'], [err('any.only', { valids: 'red, green' })]],
    ['multiple choice not a list', { type: 'multipleChoice', options: 'colours' }, 'red', [err('any.only', { valids: 'red, green' })]],
    ['multiple choice at most', { type: 'multipleChoice', options: 'colours', maxSelected: 1 }, ['red', 'green'], [err('array.max', { limit: 1 })]],
    ['at least one from the list', { type: 'multipleChoice', options: 'colours', atLeastOneFromList: true }, [], [err('form.atLeastOneFromList')]],
    ['at least one from the list met', { type: 'multipleChoice', options: 'colours', atLeastOneFromList: true }, ['green'], []],
    ['boolean text', { type: 'boolean' }, 'igen', [err('boolean.invalid')]],
    ['boolean texts pass', { type: 'boolean' }, 'Yes', []],
    ['boolean 2', { type: 'boolean' }, 2, [err('boolean.invalid')]],
    ['multi-field min entries', { type: 'multiField', minEntries: 2, fields: [{ id: 'c', type: 'text' }] }, [{ c: 'a' }], [err('array.min', { limit: 2 })]],
    ['multi-field min entries when empty', { type: 'multiField', minEntries: 1, fields: [{ id: 'c', type: 'text' }] }, [], [err('array.min', { limit: 1 })]],
    ['multi-field max entries', { type: 'multiField', maxEntries: 1, fields: [{ id: 'c', type: 'text' }] }, [{}, {}], [err('array.max', { limit: 1 })]],
    ['multi-field not a list', { type: 'multiField', fields: [{ id: 'c', type: 'text' }] }, 'x', [err('array.base')]],
    ['file not a reference', { type: 'fileUpload' }, 'scan.pdf', [err('file.invalid')]],
    ['file type', { type: 'fileUpload', accept: ['.pdf'] }, { fileId: '1', fileName: 'scan.exe' }, [err('file.type', { types: '.pdf' })]],
    ['file mime type', { type: 'fileUpload', accept: ['application/pdf'] }, { fileId: '1', fileName: 'scan', mimeType: 'application/pdf' }, []],
    ['file size', { type: 'fileUpload', maxSizeBytes: 10 }, { fileId: '1', fileName: 'a.pdf', size: 11 }, [err('file.size', { limit: 10 })]],
    ['calculated soft range', { type: 'calculated', formula: '9', parameters: [], softMax: 5 }, null, [warn('number.max', { limit: 5 })]],
    ['static text never', { type: 'staticText', text: 'x' }, 'anything', []],
  ])('%s', (_name, field, value, expected) => {
    expect(issuesOf(field, value)).toEqual(expected);
  });

  test.each<[string, unknown, { path: string; key: string; context: Record<string, unknown> }[]]>([
    ['a gene name is required', [{ gene: 'TP53' }, { gene: ' ' }], [{ path: 'x[1].gene', key: 'form.geneRequired', context: {} }]],
    ['a duplicate gene is refused', [{ gene: 'BRCA1' }, { gene: 'TP53' }, { gene: 'brca1' }], [{ path: 'x[2].gene', key: 'form.geneDuplicate', context: { gene: 'brca1' } }]],
    ['classification from its list', [{ gene: 'KRAS', classification: 'likely' }], [{ path: 'x[0].classification', key: 'any.only', context: { valids: 'pathogenic, benign' } }]],
    ['good list', [{ gene: 'KRAS', variant: 'G12C', classification: 'pathogenic' }, { gene: 'EGFR' }], []],
  ])('gene list: %s', (_name, value, expected) => {
    const descriptor = descriptorOf([{ id: 'x', type: 'geneList', classificationOptions: 'acmg' }], {
      valueLabelMap: { acmg: [{ value: 'pathogenic', label: 'P' }, { value: 'benign', label: 'B' }] },
    });
    const issues = validateField(createFormEvaluator(descriptor, { x: value as never }), 'x');
    expect(issues.map(({ path, key, context }) => ({ path, key, context }))).toEqual(expected);
  });
});

describe('cross-field rules', () => {
  const other = (type: string): AnyField => ({ id: 'y', type });
  test.each<[string, Omit<AnyField, 'id'>, unknown, AnyField[], Record<string, unknown>, Omit<ValidationIssue, 'path'>[]]>([
    ['date range', { type: 'date', earlierThan: 'y' }, '2024-03-02', [other('date')], { y: '2024-03-01' }, [err('string.dateRange', { first: 'L:x', second: 'L:y' })]],
    ['date range same day', { type: 'date', earlierThan: 'y' }, '2024-03-01', [other('date')], { y: '2024-03-01' }, []],
    ['date range other empty', { type: 'date', earlierThan: 'y' }, '2024-03-02', [other('date')], {}, []],
    ['date range other invalid', { type: 'date', earlierThan: 'y' }, '2024-03-02', [other('date')], { y: 'soon' }, []],
    ['date vs date-time', { type: 'date', earlierThan: 'y' }, '2024-03-02', [other('datetime')], { y: '2024-03-01T23:00' }, [err('string.dateRange', { first: 'L:x', second: 'L:y' })]],
    ['date-times', { type: 'datetime', earlierThan: 'y' }, '2024-03-01T10:00', [other('datetime')], { y: '2024-03-01T09:59' }, [err('string.dateRange', { first: 'L:x', second: 'L:y' })]],
    ['times', { type: 'time', earlierThan: 'y' }, '10:00', [other('time')], { y: '11:00' }, []],
    ['logic.with: peer required when main present', { type: 'decimal', requiredWith: ['y'] }, '', [other('text')], { y: 'methotrexate' }, [err('logic.with', { peer: 'L:x', main: 'L:y' })]],
    ['logic.with: main absent', { type: 'decimal', requiredWith: ['y'] }, '', [other('text')], { y: '' }, []],
    ['logic.with as warning', { type: 'decimal', requiredWith: ['y'], severity: 'warning' }, null, [other('text')], { y: 'x' }, [warn('logic.with', { peer: 'L:x', main: 'L:y' })]],
    ['at least one required', { type: 'text', atLeastOneOf: ['y'] }, '', [other('text')], { y: '' }, [err('form.atLeastOneRequired', { fields: 'L:x, L:y' })]],
    ['at least one required met by the other', { type: 'text', atLeastOneOf: ['y'] }, '', [other('text')], { y: 'z' }, []],
    ['must equal', { type: 'text', compareWith: { field: 'y', mode: 'equal' } }, 'a@x.hu', [other('text')], { y: 'b@x.hu' }, [err('form.doNotMatch', { peer: 'L:y' })]],
    ['must equal, equal', { type: 'text', compareWith: { field: 'y', mode: 'equal' } }, 'a', [other('text')], { y: 'a' }, []],
    ['must differ', { type: 'integer', compareWith: { field: 'y', mode: 'differ' } }, 3, [other('integer')], { y: 3 }, [err('form.mustDiffer', { peer: 'L:y' })]],
    ['must differ, differs', { type: 'integer', compareWith: { field: 'y', mode: 'differ' } }, 3, [other('integer')], { y: 4 }, []],
  ])('%s', (_name, field, value, others, otherValues, expected) => {
    expect(issuesOf(field, value, others, otherValues)).toEqual(expected);
  });

  test('a hidden peer counts as empty', () => {
    const descriptor = descriptorOf([
      { id: 'gate', type: 'boolean' },
      { id: 'g', type: 'dependentGroup', referenceField: 'gate', condition: 'gate', fields: [{ id: 'y', type: 'text' }] },
      { id: 'x', type: 'text', atLeastOneOf: ['y'] },
    ]);
    const ev = createFormEvaluator(descriptor, { gate: false, y: 'hidden' });
    expect(validateField(ev, 'x').map((i) => i.key)).toEqual(['form.atLeastOneRequired']);
    ev.setValue('gate', true);
    expect(validateField(ev, 'x')).toEqual([]);
  });

  test('revalidationPaths lists the fields whose rules read the changed one, in the same entry', () => {
    const descriptor = descriptorOf([
      { id: 'end', type: 'date' },
      { id: 'start', type: 'date', earlierThan: 'end' },
      { id: 'mail2', type: 'text', compareWith: { field: 'mail', mode: 'equal' } },
      { id: 'mail', type: 'text', requiredWith: ['end'] },
      { id: 'meds', type: 'multiField', fields: [{ id: 'drug', type: 'text' }, { id: 'dose', type: 'decimal', requiredWith: ['drug'] }] },
    ]);
    expect(revalidationPaths(descriptor, 'end')).toEqual(['end', 'start', 'mail']);
    expect(revalidationPaths(descriptor, 'mail')).toEqual(['mail', 'mail2']);
    expect(revalidationPaths(descriptor, 'meds[3].drug')).toEqual(['meds[3].drug', 'meds[3].dose']);
    expect(revalidationPaths(descriptor, 'start')).toEqual(['start']);
  });
});

describe('whole form', () => {
  const descriptor = descriptorOf(
    [
      { id: 'tjc', type: 'integer', mandatory: true, min: 0, max: 28 },
      { id: 'note', type: 'text', maxLength: 3, severity: 'warning' },
      { id: 'ae', type: 'boolean' },
      { id: 'aeGroup', type: 'dependentGroup', referenceField: 'ae', condition: 'ae = true', fields: [{ id: 'aeTerm', type: 'text', mandatory: true }] },
      { id: 'meds', type: 'multiField', fields: [{ id: 'drug', type: 'text', mandatory: true }, { id: 'dose', type: 'decimal', min: 0 }] },
    ],
    { indispensableFields: ['tjc'] },
  );

  test('validates visible fields of every entry, header first, and skips hidden ones', () => {
    const values = { tjc: 30, note: 'long', ae: false, aeTerm: '', meds: [{ drug: 'MTX', dose: -1 }, { drug: '' }] };
    const issues = validateFormValues(descriptor, values);
    expect(issues.map((i) => `${i.path} ${i.key} ${i.severity}`)).toEqual([
      'patient any.required error',
      'physician any.required error',
      'tjc number.max error',
      'note string.max warning',
      'meds[0].dose number.min error',
      'meds[1].drug any.required error',
    ]);
    const shown = createFormEvaluator(descriptor, { ...values, ae: true });
    expect(validateForm(shown).map((i) => i.path)).toContain('aeTerm');
  });

  test('mandatory fields: indispensable ones plus patient and physician', () => {
    expect([...mandatoryFieldIds(descriptor)].sort()).toEqual(['patient', 'physician', 'tjc']);
  });

  const issue = (path: string, severity: 'error' | 'warning' = 'error'): ValidationIssue => ({ path, key: 'any.required', context: {}, severity });
  test.each<[string, ValidationIssue[], boolean, boolean]>([
    ['no issues', [], true, true],
    ['warnings only', [issue('note', 'warning'), issue('tjc', 'warning')], true, true],
    ['error on an optional field', [issue('note')], false, true],
    ['error on an indispensable field', [issue('tjc')], false, false],
    ['error on the patient header', [issue('patient')], false, false],
    ['error on the physician header', [issue('physician')], false, false],
    ['error inside an entry of a plain multi-field', [issue('meds[1].drug')], false, true],
  ])('canSave: %s (submit %j, draft %j)', (_name, issues, submit, draft) => {
    expect(canSave(issues, 'submit', descriptor)).toBe(submit);
    expect(canSave(issues, 'draft', descriptor)).toBe(draft);
  });

  test('a draft is blocked by an error inside an entry of an indispensable multi-field', () => {
    const withMeds = descriptorOf([{ id: 'meds', type: 'multiField', fields: [{ id: 'drug', type: 'text' }] }], { indispensableFields: ['meds'] });
    expect(blockingIssues([issue('meds[0].drug')], 'draft', withMeds)).toHaveLength(1);
  });

  test.each<[Record<string, unknown>, boolean]>([
    [{}, false],
    [{ patient: 'P-1' }, false],
    [{ patient: 'P-1', physician: ' ' }, true],
    [{ patient: 'P-1', physician: '' }, false],
    [{ patient: 'P-1', physician: 'Dr. Kiss' }, true],
  ])('headerComplete(%j) is %j', (values, complete) => {
    expect(headerComplete(descriptor, values as never)).toBe(complete);
  });
});
