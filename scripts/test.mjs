// `npm test`: typecheck, lint, the domain/client/server jest projects, the server suite again on
// PostgreSQL when TEST_DATABASE_URL is set, and the browser journeys in Chromium (with
// TEST_DATABASE_URL, the clinical loop runs on PostgreSQL too). It ends with one line
// `N passed, N failed` summing every test that ran (typecheck and lint count as one each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const outDir = mkdtempSync(join(tmpdir(), 'registry-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function banner(text) {
  console.log(`\n=== ${text} ===`);
}

function runCheck(name, command, args) {
  banner(name);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(name);
  }
}

function runJest(name, args, env = {}) {
  banner(name);
  const outputFile = join(outDir, `${name.replace(/\W+/g, '-')}.json`);
  // --forceExit: a handle a failing test leaves open (a pool, a queue's timer) must not keep the run
  // waiting until CI's time limit; the failure itself is still reported and counted.
  const result = spawnSync(bin('jest'), [...args, '--forceExit', '--json', `--outputFile=${outputFile}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (!existsSync(outputFile)) {
    totals.failed += 1;
    failures.push(`${name} (jest did not report)`);
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that fails to load has no failed test in the count, but it is a failure.
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  totals.failed += failed;
  if (failed > 0 || result.status !== 0) failures.push(name);
  if (failed === 0 && result.status !== 0) totals.failed += 1;
}

function browserPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => path && existsSync(path));
}

runCheck('typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit']);
runCheck('lint (eslint)', bin('eslint'), ['--max-warnings', '0', '.']);
// One worker per core: jest's default leaves one core idle (cores - 1, a single worker on a 2-core CI
// machine). Every server test file has its own SQLite file or PostgreSQL schema, so files may run
// side by side; on 2 cores this cut the server suite from 547 s to 314 s.
const everyCore = '--maxWorkers=100%';
// On SQLite even where TEST_DATABASE_URL is set (CI sets it for the run below): until 2026-11-28
// this run inherited it, so CI ran the server suite on PostgreSQL twice and never on SQLite.
runJest('jest: domain, client, server (SQLite)', ['--selectProjects', 'domain', 'client', 'server', everyCore], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  runJest('jest: server (PostgreSQL)', ['--selectProjects', 'server', everyCore], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  banner('server suite on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://... to run it');
}

const chromium = browserPath();
if (chromium) {
  runJest('jest: browser journeys (Chromium)', ['--selectProjects', 'e2e', '--runInBand'], { CHROME_PATH: chromium });
} else if (process.env.CI === 'true') {
  banner('NO BROWSER: Chromium is required in CI (apt-get install chromium, or set CHROME_PATH)');
  totals.failed += 1;
  failures.push('browser journeys (no Chromium)');
} else {
  banner('!!! NO BROWSER FOUND: the browser journeys were SKIPPED. Install Chromium (apt-get install chromium) or set CHROME_PATH. !!!');
}

// The reports were only read for the totals above.
rmSync(outDir, { recursive: true, force: true });
banner('summary');
if (failures.length > 0) console.log(`failing steps: ${failures.join('; ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
