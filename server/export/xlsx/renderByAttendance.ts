// By attendance: one row per attendance, its forms side by side as column groups (one group per
// form type, repeated as "Type (2)" when an attendance holds several forms of that type).
import type { ExportFormType } from '../exportCatalog';
import { fileText, groupKeyOf, timeZoneOf, type ExportContext } from '../exportContext';
import { instantCell } from '../exportCells';
import { attendancePages, maxFormsPerAttendance, type ExportFormRow } from '../exportRows';
import { fieldCells, personalCells } from './formColumns';
import type { Cell } from './sheetXml';
import { SplitTable, type TableColumn } from './splitTable';
import type { WorkbookWriter } from './workbookWriter';

interface ColumnGroup {
  formType: ExportFormType;
  occurrence: number;
}

function attendanceColumns(context: ExportContext, groups: ColumnGroup[]): TableColumn[] {
  const personal = context.parameters.includePersonalData ? ['patientName', 'patientBirthDate', 'insuranceNumber'] : [];
  const own = ['attendanceId', 'patientNumber', 'registry', 'institute', 'attendanceStart', ...personal].map((id) => ({ id, label: fileText(context, `column.${id}`) }));
  const forms = groups.flatMap(({ formType, occurrence }) => {
    const idPrefix = occurrence === 1 ? `${formType.displayId}.` : `${formType.displayId}[${occurrence}].`;
    const labelPrefix = occurrence === 1 ? `${formType.name}: ` : `${formType.name} (${occurrence}): `;
    const formIdentity = ['formId', 'state', 'approvalLevel'].map((id) => ({ id: `${idPrefix}${id}`, label: `${labelPrefix}${fileText(context, `column.${id}`)}` }));
    return [...formIdentity, ...formType.fields.map((field) => ({ id: `${idPrefix}${field.id}`, label: `${labelPrefix}${field.label}` }))];
  });
  return [...own, ...forms];
}

function attendanceCells(context: ExportContext, groups: ColumnGroup[], forms: ExportFormRow[]): Cell[] {
  const first = forms[0];
  const timeZone = timeZoneOf(context, first);
  const cells: Cell[] = [
    first.attendanceDisplayId,
    first.patientNumber,
    context.catalog.registries.get(first.registryId)?.shortName ?? first.registryId,
    context.catalog.institutes.get(first.instituteId)?.shortName ?? first.instituteId,
    instantCell(first.attendanceStart, timeZone),
  ];
  if (context.parameters.includePersonalData) cells.push(...personalCells(first));
  for (const { formType, occurrence } of groups) {
    const form = forms.filter((f) => f.formTypeId === formType.id)[occurrence - 1];
    cells.push(form?.displayId ?? null, form?.state ?? null, form?.approvalLevel ?? null, ...fieldCells(context, formType, form));
  }
  return cells;
}

export async function renderByAttendance(context: ExportContext, workbook: WorkbookWriter, counts: Map<number, number>): Promise<void> {
  const { parameters, catalog } = context;
  const occurrences = await maxFormsPerAttendance(context.db, parameters, context.now);
  for (const registryId of parameters.registryIds) {
    const groups: ColumnGroup[] = catalog.formTypes
      .filter((t) => t.registryId === registryId && (counts.get(t.id) ?? 0) > 0)
      .flatMap((formType) => Array.from({ length: occurrences.get(formType.id) ?? 1 }, (_, i) => ({ formType, occurrence: i + 1 })));
    if (groups.length === 0) continue;
    const columns = attendanceColumns(context, groups);
    const registryName = catalog.registries.get(registryId)?.shortName ?? registryId;
    const tables = new Map<string, SplitTable>();
    for await (const page of attendancePages(context.db, parameters, registryId, context.now)) {
      let forms = 0;
      for (const { forms: attendanceForms } of page) {
        const exported = attendanceForms.filter((f) => counts.has(f.formTypeId));
        if (exported.length === 0) continue;
        const group = parameters.groupBy === 'institute' ? groupKeyOf(context, exported[0]) : '';
        let table = tables.get(group);
        if (!table) {
          table = new SplitTable(workbook, group ? `${registryName} ${group}` : registryName, columns, parameters.columnsPerSheet, parameters.formsPerSheet);
          tables.set(group, table);
        }
        await table.addRow(attendanceCells(context, groups, exported));
        forms += exported.length;
      }
      await context.advance(forms);
    }
    for (const table of tables.values()) await table.close();
  }
}
