// `npm run bench`: runs every bench/*.bench.ts in turn. Benchmarks print figures and never fail on
// time; later issues add them (form engine at 2000 fields, exports, list queries).
// `npm run bench <name> -- <flags>`: the flags go to the chosen benchmarks (e.g. scale --patients 10000).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const benchDir = __dirname;
const only = process.argv[2];
const flags = process.argv.slice(3);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => !only || name.toLowerCase().includes(only.toLowerCase()))
  .sort();

if (files.length === 0) {
  console.log('No benchmarks yet.');
}
for (const file of files) {
  console.log(`\n--- ${file} ---`);
  const result = spawnSync(join(benchDir, '..', 'node_modules/.bin/tsx'), [join(benchDir, file), ...flags], { stdio: 'inherit' });
  if (result.status !== 0) console.log(`${file} exited with ${result.status}`);
}
