// Builds the client with webpack only when its inputs changed since the last build, so that
// `npm start` and the browser tests start quickly on a machine that already built once.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const INPUTS = ['src', 'static', 'translations', 'webpack.config.js', 'scripts/precompressPlugin.js', 'scripts/catalogueLoader.js', 'babel.config.js', 'package-lock.json'];
const STAMP = join(root, 'dist', '.build-hash');

function* filesUnder(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* filesUnder(join(path, entry));
}

export function clientInputsHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export function buildClientIfChanged({ log = console.log } = {}) {
  const hash = clientInputsHash();
  const built = existsSync(STAMP) && existsSync(join(root, 'dist', 'index.html')) ? readFileSync(STAMP, 'utf8') : '';
  if (built === hash) {
    log('Client build is up to date.');
    return;
  }
  log('Building the client (webpack, production)...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The client build failed.');
  writeFileSync(STAMP, hash);
}

if (import.meta.url === `file://${process.argv[1]}`) buildClientIfChanged();
