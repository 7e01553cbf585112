// The plaintext .xlsx of an export: the data sheets (by form or by attendance), the codebook and
// the parameters, streamed through the workbook writer into `plainPath`.
import type { ExportContext } from '../exportContext';
import { writeCodebookSheet, writeParametersSheet } from './infoSheets';
import { renderByAttendance } from './renderByAttendance';
import { renderByForm } from './renderByForm';
import { WorkbookWriter } from './workbookWriter';

export async function writeXlsx(context: ExportContext, counts: Map<number, number>, workDir: string, plainPath: string): Promise<number> {
  const workbook = new WorkbookWriter(workDir);
  try {
    if (context.parameters.renderType === 'byAttendance') await renderByAttendance(context, workbook, counts);
    else await renderByForm(context, workbook, counts);
    const exported = new Set([...counts.entries()].filter(([, n]) => n > 0).map(([id]) => id));
    await writeCodebookSheet(context, workbook, exported);
    await writeParametersSheet(context, workbook);
    return await workbook.finish(plainPath);
  } catch (error) {
    await workbook.discard();
    throw error;
  }
}
