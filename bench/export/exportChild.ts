// One export in a process of its own, so its peak RSS is the export's alone: opens the database,
// runs produceExport into a temporary file and prints one JSON line of figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/connection';
import { produceExport } from '../../server/export/produceExport';
import { EXPORT_LIMITS, type ExportFormat, type ExportRenderType } from '../../src/domain/export/exportParameters';

interface ChildArguments {
  url: string;
  searchPath?: string;
  format: ExportFormat;
  renderType: ExportRenderType;
}

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2]) as ChildArguments;
  const handle = openDatabase(args.url, args.searchPath ? { searchPath: args.searchPath, poolSize: 2 } : {});
  const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
  try {
    const registryIds = (await handle.db.selectFrom('registries').select('id').execute()).map((r) => r.id);
    const started = process.hrtime.bigint();
    const produced = await produceExport({
      db: handle.db,
      parameters: {
        fileName: 'bench',
        password: 'Bench-Password-1',
        format: args.format,
        locale: 'en',
        registryIds,
        instituteIds: [],
        formTypeIds: [],
        minimumApprovalLevel: 0,
        fieldFilters: [],
        groupBy: 'none',
        renderType: args.renderType,
        maxCellSize: EXPORT_LIMITS.maxCellSize.default,
        daysLimit: null,
        columnsPerSheet: EXPORT_LIMITS.columnsPerSheet.default,
        formsPerSheet: EXPORT_LIMITS.formsPerSheet.default,
        arraySeparator: '|',
        ordering: 'formOrder',
        includePersonalData: false,
      },
      requester: { userId: 'bench', name: 'Bench', email: 'bench@example.org' },
      targetPath: join(dir, args.format === 'odm' ? 'bench.xml' : 'bench.xlsx'),
      onProgress: () => undefined,
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // maxRSS is in kilobytes.
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    console.log(JSON.stringify({ forms: produced.forms, seconds, bytes: produced.bytes, peakRssMb }));
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
