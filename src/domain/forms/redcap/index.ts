export { parseCsv, type CsvResult } from './csv';
export { readDictionary, type DictionaryProblem, type DictionaryRow } from './dictionary';
export { translateRedcapExpression, type ExpressionField, type ExpressionTranslation } from './expression';
export { parseChoices, type ReportEntry } from './fields';
export { translateRedcapDictionary, type RedcapImportOptions, type RedcapImportResult } from './translate';
