// Shared setup of the export tests: the demo-seeded database, export parameters with defaults,
// and produceExport run into a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
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

/** The folders this test file's exports went to (removed by removeExportFolders in its afterAll). */
const folders: string[] = [];

/** A fresh temporary folder for one export, removed with the others after the file's tests. */
export function exportFolder(prefix = 'export-test-'): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** Removes every export folder of this test file: the exports hold the demo's personal data. */
export function removeExportFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

export async function runExport(db: Kysely<Database>, parameters: ExportParameters): Promise<RunResult> {
  const path = join(exportFolder(), `out.${parameters.format === 'odm' ? 'xml' : 'xlsx'}`);
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
