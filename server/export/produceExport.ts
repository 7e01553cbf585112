// The export's file writer (the contract in exportContract.ts): counts the forms, streams them
// into an .xlsx (then encrypted with the requester's password) or a CDISC ODM 1.3.2 XML file, and
// removes every partial file when it fails or is cancelled.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadCatalog } from './exportCatalog';
import { ExportCancelledError, progressTracker, type ExportContext } from './exportContext';
import type { ProduceExport, ProduceExportInput, ProducedExport } from './exportContract';
import { countForms } from './exportRows';
import { encryptAgile } from './crypto/agileEncrypt';
import { writeOdm } from './odm/writeOdm';
import { writeXlsx } from './xlsx/writeXlsx';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odm: 'application/xml',
} as const;

function downloadNameOf(fileName: string, extension: string): string {
  return fileName.toLowerCase().endsWith(`.${extension}`) ? fileName : `${fileName}.${extension}`;
}

async function buildContext(input: ProduceExportInput): Promise<{ context: ExportContext; counts: Map<number, number> }> {
  const now = new Date();
  const catalog = await loadCatalog(input.db, input.parameters);
  const counts = await countForms(input.db, input.parameters, now);
  const exportable = new Set(catalog.formTypes.map((t) => t.id));
  for (const formTypeId of counts.keys()) if (!exportable.has(formTypeId)) counts.delete(formTypeId);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const tracker = progressTracker(total, input.onProgress, input.signal);
  const context: ExportContext = { db: input.db, parameters: input.parameters, requester: input.requester, catalog, now, total, advance: tracker.advance };
  return { context, counts };
}

export const produceExport: ProduceExport = async (input: ProduceExportInput): Promise<ProducedExport> => {
  const workDir = await mkdtemp(join(dirname(input.targetPath), '.export-'));
  try {
    const { context, counts } = await buildContext(input);
    await input.onProgress(0, context.total);
    if (input.parameters.format === 'odm') {
      await writeOdm(context, input.targetPath, workDir, counts);
    } else {
      const plainPath = join(workDir, 'plain.xlsx');
      await writeXlsx(context, counts, workDir, plainPath);
      if (input.signal?.aborted) throw new ExportCancelledError();
      await encryptAgile(plainPath, input.targetPath, input.parameters.password);
    }
    await input.onProgress(context.total, context.total);
    const extension = input.parameters.format === 'odm' ? 'xml' : 'xlsx';
    return {
      forms: context.total,
      bytes: (await stat(input.targetPath)).size,
      downloadName: downloadNameOf(input.parameters.fileName, extension),
      contentType: CONTENT_TYPES[input.parameters.format],
    };
  } catch (error) {
    await rm(input.targetPath, { force: true });
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
};
