// The production client in dist/, built first if its inputs changed (as `npm start` and the
// browser journeys do), for the benchmarks that load the real pages.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function buildClientIfChanged(): void {
  const root = join(__dirname, '..');
  const result = spawnSync(process.execPath, [join(root, 'scripts/buildIfChanged.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The client build failed.');
}
