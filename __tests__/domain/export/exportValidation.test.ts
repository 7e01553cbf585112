// The export parameters' checks shared by the export form and POST /data-export.
import { EXPORT_LIMITS } from '../../../src/domain/export/exportParameters';
import { defaultExportParameters, parseFieldFilter, validateExportParameters } from '../../../src/domain/export/exportValidation';

const valid = { ...defaultExportParameters('hu'), fileName: 'rheuma-2026', password: 'Export-Passw0rd!' };

test('the defaults with a name and a good password pass', () => {
  expect(validateExportParameters(valid)).toEqual([]);
});

test.each([
  ['fileName', { fileName: '' }, 'any.required'],
  ['fileName', { fileName: '   ' }, 'any.required'],
  ['fileName', { fileName: 'x'.repeat(EXPORT_LIMITS.fileNameMaxLength + 1) }, 'string.max'],
  ['fileName', { fileName: 'a/b' }, 'string.regex.base'],
  ['fileName', { fileName: 'tab\there' }, 'string.regex.base'],
  ['fileName', { fileName: '.hidden' }, 'string.regex.base'],
  ['password', { password: '' }, 'any.required'],
  ['password', { password: 'alllowercase1' }, 'string.notComplexEnough'],
  ['password', { password: 'Sh0rt!' }, 'string.notComplexEnough'],
  ['format', { format: 'csv' }, 'any.only'],
  ['minimumApprovalLevel', { minimumApprovalLevel: -1 }, 'number.min'],
  ['minimumApprovalLevel', { minimumApprovalLevel: 1.5 }, 'number.integer'],
  ['maxCellSize', { maxCellSize: 32768 }, 'number.max'],
  ['daysLimit', { daysLimit: 0 }, 'number.min'],
  ['columnsPerSheet', { columnsPerSheet: Number.NaN }, 'number.integer'],
  ['formsPerSheet', { formsPerSheet: 1048576 }, 'number.max'],
  ['arraySeparator', { arraySeparator: '' }, 'any.required'],
  ['arraySeparator', { arraySeparator: '------' }, 'string.max'],
])('%s: %j is %s', (path, change, key) => {
  expect(validateExportParameters({ ...valid, ...change } as typeof valid)).toEqual([expect.objectContaining({ path, key })]);
});

test('limits at their bounds pass; no days limit is null', () => {
  const bounds = { maxCellSize: 10, daysLimit: 36500, columnsPerSheet: 16384, formsPerSheet: 10, minimumApprovalLevel: 4 };
  expect(validateExportParameters({ ...valid, ...bounds })).toEqual([]);
  expect(validateExportParameters({ ...valid, daysLimit: null })).toEqual([]);
});

test('the field filter as typed: trimmed, empty parts dropped, each id once', () => {
  expect(parseFieldFilter(' esr, das28,,esr , ')).toEqual(['esr', 'das28']);
  expect(parseFieldFilter('')).toEqual([]);
});
