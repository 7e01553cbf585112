// A statistics download: one data sheet plus a "parameters" sheet (who asked, when, with which
// filters), written with the export's streaming workbook writer into a temporary file and read
// back; statistics files are small and go out unencrypted.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cell } from '../export/xlsx/sheetXml';
import { WorkbookWriter } from '../export/xlsx/workbookWriter';

export interface StatisticsSheet {
  name: string;
  header: string[];
  rows: Cell[][];
  parameters: Array<[string, Cell]>;
}

export async function statisticsWorkbook(sheet: StatisticsSheet): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'statistics-'));
  try {
    const workbook = new WorkbookWriter(dir);
    const data = workbook.addSheet(sheet.name);
    await data.writeRow(sheet.header, true);
    for (const row of sheet.rows) await data.writeRow(row);
    await data.close();
    const parameters = workbook.addSheet('parameters', { frozenHeader: false });
    await parameters.writeRow(['parameter', 'value'], true);
    for (const row of sheet.parameters) await parameters.writeRow(row);
    await parameters.close();
    const target = join(dir, 'statistics.xlsx');
    await workbook.finish(target);
    return await readFile(target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
