// The two sheets beside the data: "parameters" (who exported what, when, with which filters and
// minimum approval level) and "codebook" (every choice field's codes with their labels).
import { FIELD_TYPES } from '../../../src/domain/forms';
import { fileText, type ExportContext } from '../exportContext';
import type { Cell } from './sheetXml';
import type { WorkbookWriter } from './workbookWriter';

function listOrAll(context: ExportContext, values: string[]): string {
  return values.length > 0 ? values.join(', ') : fileText(context, 'all');
}

export function parameterRows(context: ExportContext): Array<[string, Cell]> {
  const { parameters, catalog, requester } = context;
  const registryName = (id: string): string => catalog.registries.get(id)?.shortName ?? id;
  const instituteName = (id: string): string => catalog.institutes.get(id)?.shortName ?? id;
  const formTypeName = (id: string): string => catalog.formTypes.find((t) => String(t.id) === String(id))?.displayId ?? id;
  return [
    ['exportedBy', `${requester.name} <${requester.email}>`],
    ['exportedAt', context.now.toISOString()],
    ['fileName', parameters.fileName],
    ['format', parameters.format],
    ['locale', parameters.locale],
    ['registries', listOrAll(context, parameters.registryIds.map(registryName))],
    ['institutes', listOrAll(context, parameters.instituteIds.map(instituteName))],
    ['formTypes', listOrAll(context, parameters.formTypeIds.map(formTypeName))],
    ['minimumApprovalLevel', parameters.minimumApprovalLevel],
    ['fieldFilters', listOrAll(context, parameters.fieldFilters)],
    ['daysLimit', parameters.daysLimit ?? fileText(context, 'all')],
    ['includePersonalData', parameters.includePersonalData],
    ['renderType', parameters.renderType],
    ['groupBy', parameters.groupBy],
    ['ordering', parameters.ordering],
    ['maxCellSize', parameters.maxCellSize],
    ['columnsPerSheet', parameters.columnsPerSheet],
    ['formsPerSheet', parameters.formsPerSheet],
    ['arraySeparator', parameters.arraySeparator],
    ['forms', context.total],
  ];
}

export async function writeParametersSheet(context: ExportContext, workbook: WorkbookWriter): Promise<void> {
  const sheet = workbook.addSheet(fileText(context, 'parametersSheet'), { frozenHeader: false });
  await sheet.writeRow([fileText(context, 'parameter'), fileText(context, 'parameterName'), fileText(context, 'value')], true);
  for (const [id, value] of parameterRows(context)) await sheet.writeRow([id, fileText(context, `parameters.${id}`), value]);
  await sheet.close();
}

export async function writeCodebookSheet(context: ExportContext, workbook: WorkbookWriter, exportedTypes: ReadonlySet<number>): Promise<void> {
  const sheet = workbook.addSheet(fileText(context, 'codebookSheet'), { frozenHeader: false });
  await sheet.writeRow(['formType', 'fieldId', 'field', 'code', 'label'].map((key) => fileText(context, `codebook.${key}`)), true);
  for (const formType of context.catalog.formTypes) {
    if (!exportedTypes.has(formType.id)) continue;
    for (const field of formType.fields) {
      if (field.field.type !== FIELD_TYPES.singleChoice && field.field.type !== FIELD_TYPES.multipleChoice) continue;
      for (const option of field.descriptor.valueLabelMap[field.field.options] ?? []) {
        await sheet.writeRow([formType.displayId, field.id, field.label, option.value, option.label]);
      }
    }
  }
  await sheet.close();
}
