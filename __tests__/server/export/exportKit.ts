// Shared setup of the export tests: the demo-seeded database, export parameters with defaults,
// and produceExport run into a temporary folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { ExportParameters } from '../../../src/domain/export/exportParameters';
import { defaultExportParameters } from '../../../src/domain/export/exportValidation';
import type { Database } from '../../../server/db/database';
import type { ProducedExport } from '../../../server/export/exportContract';
import { produceExport } from '../../../server/export/produceExport';

export const PASSWORD = 'Export-Secret-2026';

export function exportParameters(overrides: Partial<ExportParameters> = {}): ExportParameters {
  // The export form's own defaults; '|' keeps multi-values easy to assert.
  return { ...defaultExportParameters('en'), fileName: 'registry-export', password: PASSWORD, arraySeparator: '|', ...overrides };
}

export interface RunResult extends ProducedExport {
  path: string;
  progress: Array<[number, number]>;
}

export async function runExport(db: Kysely<Database>, parameters: ExportParameters): Promise<RunResult> {
  const path = join(mkdtempSync(join(tmpdir(), 'export-test-')), `out.${parameters.format === 'odm' ? 'xml' : 'xlsx'}`);
  const progress: Array<[number, number]> = [];
  const produced = await produceExport({
    db,
    parameters,
    requester: { userId: 'u-1', name: 'Export Elek', email: 'exporter@example.org' },
    targetPath: path,
    onProgress: (done, total) => {
      progress.push([done, total]);
    },
  });
  return { ...produced, path, progress };
}

export async function allRegistryIds(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('registries').select('id').execute()).map((r) => r.id);
}
