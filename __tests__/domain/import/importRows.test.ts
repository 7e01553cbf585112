// The header check and the per-row check: keys, parsed values, recalculation, submit validation.
import { checkImportHeader, checkImportRow, createImportPlan, type ImportPlan, type ImportRowError } from '../../../src/domain/import';
import { descriptorOf } from '../forms/fixtures';

const descriptor = descriptorOf([
  { id: 'weight', type: 'decimal', min: 1, max: 300, mandatory: true },
  { id: 'height', type: 'decimal', min: 30, max: 250, softMax: 220 },
  { id: 'bmi', type: 'calculated', formula: 'round(weight / ((height / 100) ^ 2), 1)', parameters: ['weight', 'height'] },
  { id: 'visits', type: 'integer', min: 0 },
  { id: 'seen', type: 'date', notInFuture: true },
  { id: 'smoker', type: 'boolean' },
  { id: 'status', type: 'singleChoice', options: 'yesNoUnknown' },
  { id: 'symptoms', type: 'multipleChoice', options: 'yesNoUnknown' },
  { id: 'note', type: 'text', maxLength: 5 },
  { id: 'ae', type: 'boolean' },
  { id: 'aeGroup', type: 'dependentGroup', referenceField: 'ae', condition: 'ae = true', fields: [{ id: 'aeTerm', type: 'text', mandatory: true }] },
  { id: 'meds', type: 'multiField', fields: [{ id: 'drug', type: 'text' }] },
]);

const KEYS = ['patientNumber', 'institute', 'attendanceStart', 'physician'];

describe('checkImportHeader', () => {
  const messages = (header: string[]): Array<[string, Record<string, unknown>]> =>
    checkImportHeader(header, descriptor).errors.map((e) => [e.messageId, e.context]);

  test.each<[string, string[], Array<[string, Record<string, unknown>]>]>([
    ['keys by patient number and new attendance', [...KEYS, 'weight'], []],
    ['keys by insurance number and attendance id', ['insuranceNumber', 'institute', 'attendanceId', 'weight', 'aeTerm'], []],
    ['keys of a draft form to update', ['patientNumber', 'institute', 'formId', 'weight'], []],
    ['padded names', [' patientNumber ', 'institute', 'attendanceId'], []],
    ['export columns and calculated and header fields are read past', [...KEYS, 'formId', 'registry', 'state', 'bmi', 'patient', 'visitStart'], []],
    ['unknown columns, named together', [...KEYS, 'wieght', 'colour'], [['import.header.unknownColumns', { columns: 'wieght, colour' }]]],
    ['duplicate column', [...KEYS, 'weight', 'weight'], [['import.header.duplicateColumn', { column: 'weight' }]]],
    ['empty column name', [...KEYS, ''], [['import.header.emptyColumn', { position: 5 }]]],
    ['multi-field and its children', [...KEYS, 'meds', 'drug'], [['import.header.notImportable', { columns: 'meds, drug' }]]],
    ['dependent group itself', [...KEYS, 'aeGroup'], [['import.header.notImportable', { columns: 'aeGroup' }]]],
    ['no patient key', ['institute', 'attendanceId'], [['import.header.patientKeyMissing', {}]]],
    ['no institute', ['patientNumber', 'attendanceId'], [['import.header.instituteMissing', {}]]],
    ['start without physician', ['patientNumber', 'institute', 'attendanceStart'], [['import.header.attendanceKeyMissing', {}]]],
    [
      'everything wrong at once',
      ['x'],
      [
        ['import.header.unknownColumns', { columns: 'x' }],
        ['import.header.patientKeyMissing', {}],
        ['import.header.instituteMissing', {}],
        ['import.header.attendanceKeyMissing', {}],
      ],
    ],
  ])('%s', (_name, header, expected) => {
    expect(messages(header)).toEqual(expected);
  });
});

function planOf(header: string[], today = '2026-06-01'): ImportPlan {
  const { plan, errors } = createImportPlan(header, descriptor, { locale: 'hu', today: () => today });
  expect(errors).toEqual([]);
  return plan as ImportPlan;
}

describe('checkImportRow', () => {
  const header = [...KEYS, 'weight', 'height', 'bmi', 'visits', 'seen', 'smoker', 'status', 'symptoms', 'note', 'ae', 'aeTerm'];
  const plan = planOf(header);
  const good = ['P-1', 'INST', '2026. 01. 12. 9:00', 'dr@example.org', '80,5', '180', '999', '3', '2026. 01. 10.', 'yes', 'No', 'yes; Unknown', 'ok', 'no', ''];
  const row = (changes: Record<string, string>): string[] => header.map((column, i) => changes[column] ?? good[i]);
  const errorsOf = (cells: string[]): Array<Pick<ImportRowError, 'column' | 'value' | 'messageId'>> =>
    checkImportRow(plan, cells, 7).errors.map(({ column, value, messageId }) => ({ column, value, messageId }));

  test('a good row: keys, parsed values, the calculated field recomputed (the file value ignored)', () => {
    const result = checkImportRow(plan, good, 1);
    expect(result).toMatchObject({ row: 1, ok: true, errors: [], warnings: [], recalculatedFields: 1 });
    expect(result.keys).toEqual({
      patientNumber: 'P-1',
      insuranceNumber: null,
      institute: 'INST',
      attendanceId: null,
      attendanceStart: '2026-01-12T09:00',
      physician: 'dr@example.org',
      formId: null,
    });
    expect(result.values).toEqual({
      weight: 80.5,
      height: 180,
      bmi: 24.8,
      visits: 3,
      seen: '2026-01-10',
      smoker: true,
      status: 'no',
      symptoms: ['yes', 'unknown'],
      note: 'ok',
      ae: false,
    });
  });

  test('no calculation possible: nothing recalculated', () => {
    const result = checkImportRow(plan, row({ height: '' }), 1);
    expect(result.recalculatedFields).toBe(0);
    expect(result.values.bmi).toBeNull();
  });

  test('a hidden dependent field is dropped, as on submit', () => {
    expect(checkImportRow(plan, row({ aeTerm: 'rash' }), 1).values).not.toHaveProperty('aeTerm');
    expect(checkImportRow(plan, row({ ae: 'yes', aeTerm: 'rash' }), 1).values).toMatchObject({ ae: true, aeTerm: 'rash' });
  });

  test.each<[string, Record<string, string>, Array<Pick<ImportRowError, 'column' | 'value' | 'messageId'>>]>([
    ['unreadable number', { weight: 'heavy' }, [{ column: 'weight', value: 'heavy', messageId: 'import.value.number' }]],
    ['mandatory field empty', { weight: '' }, [{ column: 'weight', value: '', messageId: 'validation.any.required' }]],
    ['out of range', { weight: '0,5' }, [{ column: 'weight', value: '0,5', messageId: 'validation.number.min' }]],
    ['integer with decimals', { visits: '2,5' }, [{ column: 'visits', value: '2,5', messageId: 'validation.number.integer' }]],
    ['date in the future', { seen: '2026-07-01' }, [{ column: 'seen', value: '2026-07-01', messageId: 'validation.date.future' }]],
    ['English date in a Hungarian file', { seen: '10/01/2026' }, [{ column: 'seen', value: '10/01/2026', messageId: 'import.value.date' }]],
    ['bad boolean', { smoker: 'igen' }, [{ column: 'smoker', value: 'igen', messageId: 'import.value.boolean' }]],
    ['bad choice', { status: 'maybe' }, [{ column: 'status', value: 'maybe', messageId: 'import.value.choice' }]],
    ['text too long', { note: 'toolong' }, [{ column: 'note', value: 'toolong', messageId: 'validation.string.max' }]],
    ['shown dependent field missing', { ae: 'yes' }, [{ column: 'aeTerm', value: '', messageId: 'validation.any.required' }]],
    ['no patient', { patientNumber: '' }, [{ column: 'patientNumber', value: '', messageId: 'import.row.patientKeyMissing' }]],
    ['no institute', { institute: ' ' }, [{ column: 'institute', value: ' ', messageId: 'import.row.instituteMissing' }]],
    ['no physician for a new attendance', { physician: '' }, [{ column: 'attendanceId', value: '', messageId: 'import.row.attendanceKeyMissing' }]],
    ['unreadable start', { attendanceStart: 'soon' }, [
      { column: 'attendanceStart', value: 'soon', messageId: 'import.value.date' },
      { column: 'attendanceId', value: '', messageId: 'import.row.attendanceKeyMissing' },
    ]],
    ['several at once', { weight: 'x', smoker: 'maybe', note: 'toolong' }, [
      { column: 'weight', value: 'x', messageId: 'import.value.number' },
      { column: 'smoker', value: 'maybe', messageId: 'import.value.boolean' },
      { column: 'note', value: 'toolong', messageId: 'validation.string.max' },
    ]],
  ])('%s', (_name, changes, expected) => {
    const result = checkImportRow(plan, row(changes), 7);
    expect(result.ok).toBe(false);
    expect(result.errors.every((e) => e.row === 7)).toBe(true);
    expect(errorsOf(row(changes))).toEqual(expected);
  });

  test('a row naming a draft form needs no attendance key', () => {
    const formPlan = planOf(['patientNumber', 'institute', 'formId', 'weight']);
    expect(checkImportRow(formPlan, ['P-1', 'INST', 'F-12', '70'], 1)).toMatchObject({ ok: true, keys: { formId: 'F-12', attendanceId: null } });
    expect(checkImportRow(formPlan, ['P-1', 'INST', '', '70'], 1).errors.map((e) => e.messageId)).toEqual(['import.row.attendanceKeyMissing']);
  });

  test('a start date without time starts at midnight', () => {
    expect(checkImportRow(plan, row({ attendanceStart: '2026. 01. 12.' }), 1).keys.attendanceStart).toBe('2026-01-12T00:00');
  });

  test('a soft range is a warning, not an error', () => {
    const result = checkImportRow(plan, row({ height: '230' }), 3);
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([{ row: 3, column: 'height', value: '230', messageId: 'validation.number.max', context: { limit: 220 } }]);
  });

  test.each([[good.slice(1)], [[...good, 'extra']]])('a row with the wrong number of cells', (cells) => {
    expect(checkImportRow(plan, cells, 4).errors).toEqual([
      { row: 4, column: '', value: '', messageId: 'import.row.columnCount', context: { expected: header.length, actual: cells.length } },
    ]);
  });

  test('without the form rules (a validated file committed) only unreadable cells and keys are errors; the values are the same', () => {
    const unchecked = (changes: Record<string, string>) => checkImportRow(plan, row(changes), 2, undefined, { formRules: false });
    expect(unchecked({ weight: '0,5', note: 'toolong' })).toMatchObject({ ok: true, errors: [], warnings: [] });
    expect(unchecked({ weight: 'heavy', patientNumber: '' }).errors.map((e) => e.messageId)).toEqual(['import.value.number', 'import.row.patientKeyMissing']);
    expect(unchecked({}).values).toEqual(checkImportRow(plan, good, 2).values);
  });

  test('header fields are validated once the job gives their values', () => {
    expect(checkImportRow(plan, good, 1, { patient: 'Test Patient', physician: '' }).errors).toEqual([
      { row: 1, column: 'physician', value: 'dr@example.org', messageId: 'validation.any.required', context: {} },
    ]);
    expect(checkImportRow(plan, good, 1, { patient: 'Test Patient', physician: 'Dr X' }).ok).toBe(true);
  });
});

test('a bad header gives no plan', () => {
  expect(createImportPlan(['patientNumber'], descriptor, { locale: 'en' })).toMatchObject({ plan: null, errors: [{ messageId: 'import.header.instituteMissing' }, { messageId: 'import.header.attendanceKeyMissing' }] });
});
