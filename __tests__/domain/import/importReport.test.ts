// The whole-file report (counts, errors with row, column, value and message; file-level errors)
// and the template, which the import itself accepts.
import { checkImportChunks, checkImportText, importTemplate, MAX_REPORTED_ERRORS, parseCsvText, type ImportRowResult } from '../../../src/domain/import';
import { descriptorOf } from '../forms/fixtures';

const descriptor = descriptorOf([
  { id: 'weight', type: 'decimal', min: 1, mandatory: true },
  { id: 'double', type: 'calculated', formula: 'weight * 2', parameters: ['weight'] },
  { id: 'smoker', type: 'boolean' },
  { id: 'status', type: 'singleChoice', options: 'yesNoUnknown' },
  { id: 'symptoms', type: 'multipleChoice', options: 'yesNoUnknown' },
  { id: 'seen', type: 'date' },
  { id: 'code', type: 'text', pattern: { regex: '[A-Z]{3}' } },
]);
const options = { locale: 'en' as const };
const HEADER = 'patientNumber;institute;attendanceId;weight;smoker';

describe('checkImportText', () => {
  test('counts rows ok and with errors, every error, and the recalculated fields', async () => {
    const text = [HEADER, 'P1;I;A1;70;yes', 'P2;I;A2;x;maybe', 'P3;I;A3;;no', 'P4;I;A4;1,5;'].join('\r\n');
    const report = await checkImportText(text, descriptor, options);
    expect(report).toEqual({
      fileErrors: [],
      rowsTotal: 4,
      rowsOk: 2,
      rowsWithErrors: 2,
      validationErrorsNumber: 3,
      warningsNumber: 0,
      recalculatedFieldsNumber: 2,
      errors: [
        { row: 2, column: 'weight', value: 'x', messageId: 'import.value.number', context: {} },
        { row: 2, column: 'smoker', value: 'maybe', messageId: 'import.value.boolean', context: {} },
        { row: 3, column: 'weight', value: '', messageId: 'validation.any.required', context: {} },
      ],
      errorsTruncated: false,
    });
  });

  test.each<[string, string, Array<{ messageId: string; context: Record<string, unknown> }>]>([
    ['an empty file', '', [{ messageId: 'import.csv.empty', context: {} }]],
    ['only a BOM and blank lines', '\uFEFF\r\n\r\n', [{ messageId: 'import.csv.empty', context: {} }]],
    ['an unknown column', 'patientNumber,institute,attendanceId,wieght\nP1,I,A1,3', [{ messageId: 'import.header.unknownColumns', context: { columns: 'wieght' } }]],
    ['a broken quote', `${HEADER}\nP1;I;A1;"70;yes\n`, [{ messageId: 'import.csv.unterminatedQuote', context: { line: 2 } }]],
    ['a binary file', '\u0000\u0001PK\u0003\u0004', [
      { messageId: 'import.header.unknownColumns', context: { columns: '\u0000\u0001PK\u0003\u0004' } },
      { messageId: 'import.header.patientKeyMissing', context: {} },
      { messageId: 'import.header.instituteMissing', context: {} },
      { messageId: 'import.header.attendanceKeyMissing', context: {} },
    ]],
  ])('%s is a file error and no row is checked', async (_name, text, fileErrors) => {
    const report = await checkImportText(text, descriptor, options);
    expect(report.fileErrors).toEqual(fileErrors);
    expect(report.rowsTotal).toBe(0);
  });

  test('a header only file has no rows and no errors', async () => {
    expect(await checkImportText(`${HEADER}\r\n`, descriptor, options)).toMatchObject({ fileErrors: [], rowsTotal: 0, rowsOk: 0 });
  });

  test(`lists the first ${MAX_REPORTED_ERRORS} errors but counts them all`, async () => {
    const rows = Array.from({ length: MAX_REPORTED_ERRORS + 10 }, (_, i) => `P${i};I;A${i};x;yes`);
    const report = await checkImportText([HEADER, ...rows].join('\n'), descriptor, options);
    expect(report).toMatchObject({ rowsWithErrors: MAX_REPORTED_ERRORS + 10, validationErrorsNumber: MAX_REPORTED_ERRORS + 10, errorsTruncated: true });
    expect(report.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(report.errors[MAX_REPORTED_ERRORS - 1].row).toBe(MAX_REPORTED_ERRORS);
  });

  test('chunks are read as they come and each row result is handed on', async () => {
    const text = `${HEADER}\nP1;I;A1;2;yes\nP2;I;A2;3;no\n`;
    async function* chunks(): AsyncGenerator<string> {
      for (let i = 0; i < text.length; i += 4) yield text.slice(i, i + 4);
    }
    const seen: ImportRowResult[] = [];
    const report = await checkImportChunks(chunks(), descriptor, options, (result) => {
      seen.push(result);
    });
    expect(report).toMatchObject({ rowsOk: 2, recalculatedFieldsNumber: 2 });
    expect(seen.map((r) => [r.row, r.keys.patientNumber, r.values.double])).toEqual([
      [1, 'P1', 4],
      [2, 'P2', 6],
    ]);
  });
});

describe('importTemplate', () => {
  test.each([
    ['en', ',', '12/01/2026'],
    ['hu', ';', '2026. 01. 12.'],
  ] as const)('%s with %j: header of keys and fields, one example row the import accepts', async (locale, delimiter, date) => {
    const text = importTemplate(descriptor, { locale, delimiter });
    const [header, example] = parseCsvText(text).map((r) => r.fields);
    expect(header).toEqual([
      'patientNumber',
      'insuranceNumber',
      'institute',
      'attendanceId',
      'attendanceStart',
      'physician',
      'formId',
      'weight',
      'smoker',
      'status',
      'symptoms',
      'seen',
      'code',
    ]);
    expect(example.slice(7)).toEqual(['1', 'true', 'yes', 'yes; no', date, '']);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(await checkImportText(text, descriptor, { locale })).toMatchObject({ fileErrors: [], rowsTotal: 1, rowsOk: 1, recalculatedFieldsNumber: 1 });
  });

  test('a decimal example in Hungarian uses a decimal comma', () => {
    const withMin = descriptorOf([{ id: 'dose', type: 'decimal', min: 0.5 }]);
    const [, example] = parseCsvText(importTemplate(withMin, { locale: 'hu' })).map((r) => r.fields);
    expect(example[7]).toBe('0,5');
  });
});
