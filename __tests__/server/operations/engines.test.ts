// `npm ci` on the oldest Node versions package.json promises prints no engine warning: every
// installed package (package-lock.json) accepts the lowest version of each supported line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };

/** The lowest version of each line the project supports (">=20.19 <21 || >=22.13" gives 20.19.0 and 22.13.0). */
const lowestSupported = manifest.engines.node.split('||').map((range) => semver.minVersion(range.trim())?.version ?? '');

test.each(lowestSupported)('every installed package accepts Node %s', (version) => {
  const refusing = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !Array.isArray(entry.engines) && entry.engines?.node && !semver.satisfies(version, entry.engines.node))
    .map(([path, entry]) => `${path} (${(entry.engines as { node: string }).node})`);
  expect(refusing).toEqual([]);
});
