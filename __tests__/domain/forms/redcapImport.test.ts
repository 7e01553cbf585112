import { evaluateExpression, formatDescriptorErrors, loadDescriptor, type ExpressionValue, type FormDescriptor } from '../../../src/domain/forms';
import { parseCsv, translateRedcapDictionary, translateRedcapExpression, type ExpressionField } from '../../../src/domain/forms/redcap';
import { REDCAP_DICTIONARY, REDCAP_HEADER } from './redcapDictionary';

const OPTIONS = { formTypeId: 9, version: 2, locale: 'en', displayId: 'RC', behaviorType: 'any' } as const;

function imported(csv = REDCAP_DICTIONARY): { descriptor: FormDescriptor; report: { variable: string; code: string }[]; document: Record<string, unknown> } {
  const result = translateRedcapDictionary(csv, OPTIONS);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const loaded = loadDescriptor(result.document);
  if (!loaded.ok) throw new Error(formatDescriptorErrors(loaded.errors).join('\n'));
  return { descriptor: loaded.descriptor, report: result.report, document: result.document };
}

function fieldById(descriptor: FormDescriptor, id: string): Record<string, unknown> | undefined {
  const all: Record<string, unknown>[] = [];
  const walk = (list: Record<string, unknown>[]): void => {
    for (const field of list) {
      all.push(field);
      if (Array.isArray(field.fields)) walk(field.fields as Record<string, unknown>[]);
    }
  };
  for (const section of descriptor.form.sections) walk(section.fields as unknown as Record<string, unknown>[]);
  return all.find((f) => f.id === id);
}

describe('CSV reading', () => {
  test.each([
    ['plain cells', 'a,b\r\nc,d', [['a', 'b'], ['c', 'd']]],
    ['quoted comma', '"a, b",c', [['a, b', 'c']]],
    ['doubled quote', '"say ""hi""",x', [['say "hi"', 'x']]],
    ['line break in quotes', '"one\ntwo",x\ny,z', [['one\ntwo', 'x'], ['y', 'z']]],
    ['byte-order mark and trailing newline', '\uFEFFa,b\n\n', [['a', 'b']]],
    ['empty cells', 'a,,\n', [['a', '', '']]],
  ])('%s', (_name, text, rows) => {
    expect(parseCsv(text)).toEqual({ ok: true, rows });
  });

  test('an unterminated quote names its line', () => {
    expect(parseCsv('a,b\n"open,c\nd')).toEqual({ ok: false, line: 2, message: 'unterminated quoted field starting on line 2' });
  });
});

describe('field types', () => {
  const { descriptor } = imported();
  test.each([
    ['text date_ymd', 'visit_date', { type: 'date', mandatory: true }],
    ['text number with min/max', 'weight', { type: 'decimal', min: 20, max: 300, mandatory: true, help: 'weight_help' }],
    ['text integer', 'height', { type: 'integer', min: 100, max: 250 }],
    ['text email', 'email', { type: 'text', format: 'email' }],
    ['text number_1dp', 'stiff_hours', { type: 'decimal', precision: 1 }],
    ['text with unknown validation', 'phone', { type: 'text' }],
    ['notes', 'remarks', { type: 'longText' }],
    ['radio', 'sex', { type: 'singleChoice', widget: 'radio', options: 'sex', mandatory: true }],
    ['dropdown', 'country', { type: 'singleChoice', widget: 'select', options: 'country' }],
    ['checkbox', 'symptoms', { type: 'multipleChoice', options: 'symptoms' }],
    ['yesno', 'smoker', { type: 'boolean' }],
    ['truefalse', 'consent', { type: 'boolean' }],
    ['calc', 'bmi', { type: 'calculated', formula: 'round(weight / (height / 100) ^ 2, 1)', parameters: ['weight', 'height'] }],
    ['descriptive', 'info', { type: 'staticText', text: 'info_text' }],
    ['file', 'scan', { type: 'fileUpload' }],
    ['slider', 'pain', { type: 'integer', min: 0, max: 100, help: 'pain_anchors' }],
  ])('%s', (_name, id, expected) => {
    expect(fieldById(descriptor, id)).toMatchObject({ id, ...expected });
  });

  test('choices, labels, notes and identifiers', () => {
    expect(descriptor.valueLabelMap.country).toEqual([
      { value: 'HU', label: 'Hungary' },
      { value: 'AT', label: 'Austria' },
      { value: 'OT', label: 'Other' },
    ]);
    expect(descriptor.labels.weight_help).toBe('Measured in the morning,\nbefore breakfast');
    expect(descriptor.labels.info_text).toBe('Read the protocol before the visit.');
    expect(descriptor.labels.pain_anchors).toBe('0: Nothing … 100: Unbearable');
    expect(descriptor.personalDataFields).toEqual(['birth_date', 'email']);
  });

  test('sections come from Section Header, else from Form Name', () => {
    expect(descriptor.sections.map((s) => [s.id, descriptor.labels[s.label ?? s.id]])).toEqual([
      ['visit_first_part', 'Visit, first part'],
      ['lifestyle', 'Lifestyle'],
      ['followup', 'Followup'],
    ]);
  });

  test('fields with the same branching logic share one dependent group', () => {
    expect(fieldById(descriptor, 'packs_shown')).toMatchObject({
      type: 'dependentGroup',
      referenceField: 'smoker',
      condition: 'smoker = true',
      fields: [{ id: 'packs' }, { id: 'since' }],
    });
    expect(fieldById(descriptor, 'stiff_hours_shown')).toMatchObject({ condition: "contains(symptoms, '2')", referenceField: 'symptoms' });
  });

  test('the report names every row and expression that was not translated', () => {
    const { report, descriptor: loaded } = imported();
    expect(report.map((r) => [r.variable, r.code])).toEqual([
      ['record_id', 'recordId'],
      ['visit_date', 'range'],
      ['age', 'calculation'],
      ['query', 'unsupportedType'],
      ['phone', 'validation'],
    ]);
    expect(fieldById(loaded, 'record_id')).toBeUndefined();
    expect(fieldById(loaded, 'query')).toBeUndefined();
    expect(fieldById(loaded, 'age')).toMatchObject({ type: 'decimal' });
    expect(fieldById(loaded, 'phone_shown')).toMatchObject({ condition: "country = 'HU' and pain > 2" });
  });
});

describe('expressions', () => {
  const fields = new Map<string, ExpressionField>([
    ['a', { id: 'a', kind: 'other' }],
    ['b', { id: 'b', kind: 'other' }],
    ['yn', { id: 'yn', kind: 'boolean' }],
    ['cb', { id: 'cb', kind: 'checkbox' }],
    ['d1', { id: 'd1', kind: 'other' }],
    ['d2', { id: 'd2', kind: 'other' }],
    ['or', { id: 'or_rc', kind: 'other' }],
  ]);
  test.each([
    ["[a] = '1' and [b] > 2", "a = '1' and b > 2"],
    ['[a] <> 3 OR [b] >= 1.5', 'a != 3 or b >= 1.5'],
    ["([a] = '1' or [a] = '2') and [b] < 0", "(a = '1' or a = '2') and b < 0"],
    ["[a] = ''", 'isEmpty(a)'],
    ["[a] <> \"\"", 'not isEmpty(a)'],
    ["[yn] = '1'", 'yn = true'],
    ['[yn] <> 0', 'yn != false'],
    ["[cb(3)] = '1'", "contains(cb, '3')"],
    ["[cb(3)] = '0'", "not contains(cb, '3')"],
    ['sum([a],[b])', 'sum(a, b)'],
    ['min([a],[b]) + max([a], 2)', 'min(a, b) + max(a, 2)'],
    ['round([a] * 2.5, 1) - sqrt(abs([b]))', 'round(a * 2.5, 1) - sqrt(abs(b))'],
    ['if([a] > 1, [b], 0)', 'if(a > 1, b, 0)'],
    ['log([a]) + log([b], 10) + exp([a])', 'ln(a) + log10(b) + exp(a)'],
    ["datediff([d1],[d2],'d')", 'abs(daysBetween(d1, d2))'],
    ["datediff([d1],'today','y')", 'abs(daysBetween(d1, today()) / 365.2425)'],
    ["datediff([d1],[d2],'M','ymd',true)", 'daysBetween(d1, d2) / 30.44'],
    ["datediff([d1],[d2],'h')", 'abs(daysBetween(d1, d2) * 24)'],
    ['isblankormissingcode([a])', 'isEmpty(a)'],
    ['[a] == 2', 'a = 2'],
    ['[or] > 1', 'or_rc > 1'],
  ])('%s', (source, expression) => {
    expect(translateRedcapExpression(source, fields)).toEqual({ ok: true, expression, reads: expect.any(Array) });
  });

  test.each([
    ['[unknown] = 1', '[unknown] is not a field of this form'],
    ["[event_1_arm_1][a] = '1'", 'reads another event'],
    ["[a:value] = '1'", 'is not a field of this form'],
    ['mean([a],[b])', 'the function mean() has no equivalent'],
    ['rounddown([a])', 'the function rounddown() has no equivalent'],
    ["datediff([d1],[d2],'q')", 'unit'],
    ['log([a], 2)', 'base 2'],
    ['[cb] = 1', 'is a checkbox'],
    ["[cb(1)] = '2'", "must be compared with '1' or '0'"],
    ["[yn] = 'maybe'", 'yes/no'],
    ['([a] > 1', 'expected ")"'],
    ['[a] > 1)', 'unbalanced parentheses'],
    ['[a] > > 1', 'does not parse'],
    ['[a] # 1', 'unexpected character "#"'],
  ])('refuses %s', (source, reason) => {
    const result = translateRedcapExpression(source, fields);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  test('reads lists every field the expression reads', () => {
    expect(translateRedcapExpression("[a] + [b] > [a] and [cb(1)] = '1'", fields)).toMatchObject({ reads: ['a', 'b', 'cb'] });
  });
});

describe('a file that is not a data dictionary', () => {
  test.each([
    ['no rows', '', 'csv', 'is empty'],
    ['another CSV', 'name,age\nAnna,3', 'csv.header', 'is not a REDCap data dictionary: missing the columns name, formName, fieldType, label'],
    ['only the header', REDCAP_HEADER, 'csv', 'holds no field rows'],
    ['unterminated quote', `${REDCAP_HEADER}\r\nrecord_id,"form`, 'csv.line[2]', 'unterminated quoted field starting on line 2'],
    ['only a record id', `${REDCAP_HEADER}\r\nrecord_id,f,,text,Record,,,,,,,,,,,,,`, 'csv', 'holds no field that could be imported'],
  ])('%s', (_name, csv, path, message) => {
    expect(translateRedcapDictionary(csv, OPTIONS)).toEqual({ ok: false, errors: [{ path, message }] });
  });
});

test('an expression reading a skipped row is reported, and the rest still loads', () => {
  const csv = [
    REDCAP_HEADER,
    'record_id,f,,text,Id,,,,,,,,,,,,,',
    'q,f,,sql,Query,select 1,,,,,,,,,,,,',
    'bad,f,,radio,Bad choices,"1, A | 1, B",,,,,,,,,,,,',
    'c,f,,calc,Calc,[q] + 1,,,,,,,,,,,,',
    "d,f,,text,Shown,,,,,,,[bad] = '1',,,,,,",
    'd,f,,text,Repeated,,,,,,,,,,,,,',
  ].join('\n');
  const { descriptor, report } = imported(csv);
  expect(report.map((r) => [r.variable, r.code])).toEqual([
    ['record_id', 'recordId'],
    ['d', 'duplicate'],
    ['q', 'unsupportedType'],
    ['bad', 'choices'],
    ['c', 'calculation'],
    ['d', 'branching'],
  ]);
  expect(fieldById(descriptor, 'c')).toMatchObject({ type: 'decimal' });
  expect(fieldById(descriptor, 'd')).toMatchObject({ type: 'text' });
});

test('reserved and header names are renamed and expressions follow them', () => {
  const csv = [REDCAP_HEADER, 'record_id,f,,text,Id,,,,,,,,,,,,,', 'patient,f,,yesno,Patient?,,,,,,,,,,,,,', "note,f,,text,Note,,,,,,,[patient] = '1',,,,,,"].join('\n');
  const { descriptor, report } = imported(csv);
  expect(report.map((r) => r.code)).toEqual(['recordId', 'renamed']);
  expect(fieldById(descriptor, 'note_shown')).toMatchObject({ condition: 'patient_rc = true', referenceField: 'patient_rc' });
});

describe('sum() skips blanks, as REDCap does', () => {
  const values: Record<string, ExpressionValue> = { a: 4, b: '2,5', blank: '', none: null, word: 'x' };
  const lookup = (name: string): ExpressionValue => values[name] ?? null;
  test.each<[string, ExpressionValue]>([
    ['sum(a, b)', 6.5],
    ['sum(a, blank, none)', 4],
    ['sum(blank, none)', null],
    ['sum(a, word)', null],
  ])('%s', (source, expected) => {
    expect(evaluateExpression(source, { lookup })).toEqual({ ok: true, value: expected });
  });
});
