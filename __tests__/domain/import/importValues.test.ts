// One CSV cell per field type: what reads, what it becomes, and which message a bad cell gets.
import type { FieldDescriptor, FormLocale, ValueLabel } from '../../../src/domain/forms';
import { parseImportDate, parseImportValue, type ParsedCell } from '../../../src/domain/import';

const colours: ValueLabel[] = [
  { value: 'r', label: 'Red' },
  { value: 'g', label: 'Green' },
  { value: 'b', label: 'Blue' },
];
const coloursHu: ValueLabel[] = [
  { value: 'r', label: 'Piros' },
  { value: 'g', label: 'Zöld' },
  { value: 'b', label: 'Kék' },
];
const clash: ValueLabel[] = [
  { value: 'x1', label: 'Same' },
  { value: 'x2', label: 'Same' },
];
const lists: Record<string, ValueLabel[]> = { colours: [...colours, ...coloursHu], clash };

const field = (type: string, extra: Record<string, unknown> = {}): FieldDescriptor => ({ id: 'f', type, ...extra }) as FieldDescriptor;
const parse = (f: FieldDescriptor, cell: string, locale: FormLocale = 'en', arraySeparator?: string): ParsedCell =>
  parseImportValue(f, cell, { locale, arraySeparator, optionLists: (key) => lists[key] ?? [] });
const ok = (value: unknown): ParsedCell => ({ value }) as ParsedCell;
const bad = (messageId: string, context: Record<string, unknown> = {}): ParsedCell => ({ issue: { messageId, context } }) as ParsedCell;

describe('empty cells are no value, for every type', () => {
  test.each(['text', 'integer', 'decimal', 'date', 'datetime', 'time', 'boolean'])('%s', (type) => {
    expect(parse(field(type), '')).toEqual(ok(undefined));
    expect(parse(field(type), '   ')).toEqual(ok(undefined));
  });
});

describe('numbers', () => {
  test.each<[string, string, ParsedCell]>([
    ['integer', '42', ok(42)],
    ['integer', '-7', ok(-7)],
    ['integer', '+3', ok(3)],
    ['integer', ' 12 ', ok(12)],
    ['decimal', '1.5', ok(1.5)],
    ['decimal', '1,5', ok(1.5)],
    ['decimal', '-0,25', ok(-0.25)],
    ['decimal', ',5', ok(0.5)],
    ['decimal', '0', ok(0)],
    // The integer rule is the validation's (number.integer), so the value is read as it is.
    ['integer', '2.5', ok(2.5)],
    ['decimal', '1.234,5', bad('import.value.number')],
    ['decimal', '1 000', bad('import.value.number')],
    ['decimal', 'abc', bad('import.value.number')],
    ['decimal', '1e5', bad('import.value.number')],
    ['integer', '12kg', bad('import.value.number')],
    ['decimal', '1,5,2', bad('import.value.number')],
    ['decimal', 'NaN', bad('import.value.number')],
    ['decimal', 'Infinity', bad('import.value.number')],
  ])('%s %j', (type, cell, expected) => {
    expect(parse(field(type), cell)).toEqual(expected);
  });
});

describe('dates, date-times and times', () => {
  const dateFormat = bad('import.value.date', { format: 'YYYY-MM-DD' });
  const datetimeFormat = bad('import.value.date', { format: 'YYYY-MM-DDTHH:mm' });
  test.each<[string, string, FormLocale, ParsedCell]>([
    ['date', '2026-01-12', 'en', ok('2026-01-12')],
    ['date', '2026-01-12', 'hu', ok('2026-01-12')],
    ['date', '2026. 01. 12.', 'hu', ok('2026-01-12')],
    ['date', '2026.01.12.', 'hu', ok('2026-01-12')],
    ['date', '2026. 1. 2.', 'hu', ok('2026-01-02')],
    ['date', '2026. 01. 12', 'hu', ok('2026-01-12')],
    ['date', '12/01/2026', 'en', ok('2026-01-12')],
    ['date', '2/1/2026', 'en', ok('2026-01-02')],
    // Day first, never month first: 01/12 is the 1st of December.
    ['date', '01/12/2026', 'en', ok('2026-12-01')],
    ['date', '29/02/2024', 'en', ok('2024-02-29')],
    ['date', '29/02/2026', 'en', dateFormat],
    ['date', '2026-02-30', 'en', dateFormat],
    ['date', '13/13/2026', 'en', dateFormat],
    ['date', '12/01/2026', 'hu', dateFormat],
    ['date', '2026. 01. 12.', 'en', dateFormat],
    ['date', '2026-01-12T09:00', 'en', dateFormat],
    ['date', 'tomorrow', 'en', dateFormat],
    ['datetime', '2026-01-12T09:00', 'en', ok('2026-01-12T09:00')],
    ['datetime', '2026-01-12 9:05', 'en', ok('2026-01-12T09:05')],
    ['datetime', '2026-01-12T09:00:30', 'en', ok('2026-01-12T09:00:30')],
    ['datetime', '2026. 01. 12. 9:00', 'hu', ok('2026-01-12T09:00')],
    ['datetime', '12/01/2026 09:00', 'en', ok('2026-01-12T09:00')],
    ['datetime', '12/01/2026, 09:00', 'en', ok('2026-01-12T09:00')],
    ['datetime', '2026-01-12', 'en', datetimeFormat],
    ['datetime', '2026-01-12T24:00', 'en', datetimeFormat],
    ['datetime', '2026-01-12T10:60', 'en', datetimeFormat],
    ['time', '09:00', 'en', ok('09:00')],
    ['time', '9:30', 'hu', ok('09:30')],
    ['time', '23:59:59', 'en', ok('23:59:59')],
    ['time', '24:00', 'en', bad('import.value.date', { format: 'HH:mm' })],
    ['time', '9.30', 'en', bad('import.value.date', { format: 'HH:mm' })],
  ])('%s %j (%s)', (type, cell, locale, expected) => {
    expect(parse(field(type), cell, locale)).toEqual(expected);
  });

  test('parseImportDate answers null for unreadable texts', () => {
    expect(parseImportDate('2026-13-01', false, 'en')).toBeNull();
    expect(parseImportDate('2026. 01. 12. 9:00', true, 'hu')).toBe('2026-01-12T09:00');
  });
});

describe('booleans by the spec boolean text, strict', () => {
  test.each(['1', 'true', 't', 'yes', 'y', 'on', 'TRUE', 'Yes', ' ON '])('%j is true', (cell) => {
    expect(parse(field('boolean'), cell)).toEqual(ok(true));
  });
  test.each(['0', 'false', 'f', 'no', 'n', 'off', 'FALSE', 'No', 'Off'])('%j is false', (cell) => {
    expect(parse(field('boolean'), cell)).toEqual(ok(false));
  });
  test.each(['2', 'igen', 'nem', 'maybe', 'yes!', '-1', 'tru'])('%j is an invalid boolean', (cell) => {
    expect(parse(field('boolean'), cell)).toEqual(bad('import.value.boolean'));
  });
});

describe('single choices by code or label, in either language', () => {
  const single = field('singleChoice', { options: 'colours' });
  test.each<[string, ParsedCell]>([
    ['r', ok('r')],
    ['Red', ok('r')],
    ['red', ok('r')],
    [' GREEN ', ok('g')],
    ['Piros', ok('r')],
    ['zöld', ok('g')],
    ['Kék', ok('b')],
    ['R', bad('import.value.choice', { value: 'R' })],
    ['Purple', bad('import.value.choice', { value: 'Purple' })],
  ])('%j', (cell, expected) => {
    expect(parse(single, cell)).toEqual(expected);
  });

  test('a label two options share must be given by code', () => {
    const f = field('singleChoice', { options: 'clash' });
    expect(parse(f, 'Same')).toEqual(bad('import.value.choiceAmbiguous', { value: 'Same' }));
    expect(parse(f, 'x2')).toEqual(ok('x2'));
  });
});

describe('multiple choices split by the export array separator', () => {
  const multi = field('multipleChoice', { options: 'colours' });
  test.each<[string, string | undefined, ParsedCell]>([
    ['r; g', undefined, ok(['r', 'g'])],
    ['r;g', undefined, ok(['r', 'g'])],
    ['Red; Zöld; b', undefined, ok(['r', 'g', 'b'])],
    ['r', undefined, ok(['r'])],
    ['r; r; Red', undefined, ok(['r'])],
    ['r; ; g;', undefined, ok(['r', 'g'])],
    ['r|g', '|', ok(['r', 'g'])],
    ['r | Blue', ' | ', ok(['r', 'b'])],
    ['r; Purple', undefined, bad('import.value.choice', { value: 'Purple' })],
    ['r,g', undefined, bad('import.value.choice', { value: 'r,g' })],
  ])('%j (separator %j)', (cell, separator, expected) => {
    expect(parse(multi, cell, 'en', separator)).toEqual(expected);
  });
});

describe('texts', () => {
  test.each(['plain', ' padded ', 'semi;colon', 'multi\nline'])('%j is kept as written', (cell) => {
    expect(parse(field('text'), cell)).toEqual(ok(cell));
    expect(parse(field('longText'), cell)).toEqual(ok(cell));
  });
});

test('types no cell can carry are refused', () => {
  expect(parse(field('fileUpload'), 'a.pdf')).toEqual(bad('import.value.notImportable'));
});
