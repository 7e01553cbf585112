// By form: one row per form, one table per form type (and per registry or institute when the
// export is grouped so), read a page at a time.
import { groupKeyOf, type ExportContext } from '../exportContext';
import { formPages } from '../exportRows';
import { fieldCells, fieldColumns, identityCells, identityColumns } from './formColumns';
import { SplitTable } from './splitTable';
import type { WorkbookWriter } from './workbookWriter';

export async function renderByForm(context: ExportContext, workbook: WorkbookWriter, counts: Map<number, number>): Promise<void> {
  const { parameters } = context;
  for (const formType of context.catalog.formTypes) {
    if (!counts.get(formType.id)) continue;
    const columns = [...identityColumns(context), ...fieldColumns(formType)];
    const tables = new Map<string, SplitTable>();
    const tableFor = (group: string): SplitTable => {
      let table = tables.get(group);
      if (!table) {
        const name = group ? `${group} ${formType.name}` : formType.name;
        table = new SplitTable(workbook, name, columns, parameters.columnsPerSheet, parameters.formsPerSheet);
        tables.set(group, table);
      }
      return table;
    };
    for await (const page of formPages(context.db, parameters, formType.id, context.now)) {
      for (const row of page) {
        await tableFor(groupKeyOf(context, row)).addRow([...identityCells(context, row), ...fieldCells(context, formType, row)]);
      }
      await context.advance(page.length);
    }
    for (const table of tables.values()) await table.close();
  }
}
