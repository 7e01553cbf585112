// `npm run bench form`: the form engine at N = 100, 500, 2000 fields in headless Chromium, on the
// production build of bench/form-engine/entry.tsx. Median of 5 fresh pages per N. Prints figures
// and never fails on time (targets at N = 2000 in bench/README.md).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { kindAt } from './form-engine/generate';

const root = join(__dirname, '..');
const SIZES = (process.env.BENCH_SIZES ?? '100,500,2000').split(',').map(Number);
const PAGES = Number(process.env.BENCH_PAGES ?? 5);
const KEYS = 20;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function build(dist: string): void {
  const result = spawnSync(join(root, 'node_modules/.bin/webpack'), ['--config', join(__dirname, 'form-engine/webpack.config.js'), '--output-path', dist], { cwd: root, stdio: 'pipe' });
  if (result.status !== 0) throw new Error(`bench build failed:\n${result.stdout}\n${result.stderr}`);
}

function serve(dist: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((request, response) => {
    const name = (request.url ?? '/').split('?')[0];
    const file = join(dist, name === '/' ? 'index.html' : name.slice(1));
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

/** Fields with an error after submit: numbers (999 > max) and empty mandatory fields but the one typed into. */
function expectedErrors(n: number, typed: number): number {
  let count = 0;
  for (let i = 0; i < n; i += 1) {
    if (i === typed) continue;
    const kind = kindAt(i);
    if (kind === 'number' || (kind !== 'gate' && kind !== 'calc' && [0, 3, 6].includes(i % 10))) count += 1;
  }
  return count;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

interface Run {
  mount: number;
  keyMedian: number;
  keyP95: number;
  alignedMedian: number;
  alignedP95: number;
  toggle: number;
  validateAll: number;
  heapMb: number;
}

async function measure(page: Page, url: string, n: number): Promise<Run> {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.goto(`${url}/?n=${n}`);
  await page.waitForFunction(() => window.__bench !== undefined, undefined, { timeout: 120_000 });
  const mount = await page.evaluate(() => (window.__bench as { mount: number }).mount);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };

  let text = Math.floor(n / 2);
  while (kindAt(text) !== 'text') text += 1;
  let gate = Math.floor(n / 2);
  while (kindAt(gate) !== 'gate') gate += 1;

  // In-page code goes as text: tsx would wrap named functions in a helper the page lacks.
  const painted = 'const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));';
  // Keystroke: the input event to the next painted frame. A person's keys arrive at any point of
  // the display's frame, so the main figure types its 20 keys at phases spread evenly over one
  // frame (0, 0.8, ... 15.2 ms after a paint). The "aligned" figure types each key right after a
  // paint, the worst phase: it always includes a wait of nearly a whole frame before the next one,
  // so it cannot go below ~18 ms even for an empty page (it is the figure earlier runs reported).
  const typeKeys = async (spread: boolean): Promise<number[]> =>
    (await page.evaluate(`(async () => {
      ${painted}
      const input = document.getElementById('fe-f${text}');
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      input.focus();
      const times = [];
      for (let i = 0; i < ${KEYS}; i += 1) {
        await painted();
        if (${spread}) await new Promise((resolve) => setTimeout(resolve, (i * 16) / ${KEYS}));
        setter.call(input, input.value + 'k');
        const start = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await painted();
        times.push(performance.now() - start);
      }
      return times;
    })()`)) as number[];
  const aligned = await typeKeys(false);
  const keys = await typeKeys(true);

  const toggle = (await page.evaluate(`(async () => {
    ${painted}
    await painted();
    const yes = document.getElementById('fe-f${gate}');
    const start = performance.now();
    yes.click();
    const limit = performance.now() + 10000;
    await Promise.resolve(); // after the click's microtasks, as for validate-all below
    while (!document.getElementById('fe-f${gate}g2') && performance.now() < limit) await new Promise((resolve) => setTimeout(resolve, 0));
    await painted();
    return performance.now() - start;
  })()`)) as number;

  // Every number holds 999 (max 100) and every mandatory field is empty: wait for their errors in
  // the fields and for the validation pane to be open with focus on an entry (the first entries
  // come with the field errors, the rest of a long list follow in a transition).
  const validateAll = (await page.evaluate(`(async () => {
    ${painted}
    await painted();
    const save = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save');
    const start = performance.now();
    save.click();
    const limit = performance.now() + 10000;
    // Done when the pane is open with focus on one of its entries and every field error is in the
    // page. The pane is checked first: counting the field errors walks the whole page and would slow
    // the page it measures.
    const done = () => document.activeElement?.closest('[role="dialog"] li') && document.querySelectorAll('[id$="-issues"]').length >= ${expectedErrors(n, text)};
    // The first look comes after the click's microtasks, where React renders a click's updates: the
    // browser paints only after them, and a look before them sends the next one past that paint
    // (a timer runs after a due frame), which added a frame that nobody sees.
    await Promise.resolve();
    while (!done() && performance.now() < limit) await new Promise((resolve) => setTimeout(resolve, 0));
    await painted();
    return performance.now() - start;
  })()`)) as number;
  await cdp.detach();
  return {
    mount,
    keyMedian: median(keys),
    keyP95: p95(keys),
    alignedMedian: median(aligned),
    alignedP95: p95(aligned),
    toggle,
    validateAll,
    heapMb: heap.usedSize / 1024 / 1024,
  };
}

async function main(): Promise<void> {
  // A fresh folder per run, outside the repository tree (lint and the app build never see it):
  // two runs at once never build into or serve from each other's folder.
  const dist = await mkdtemp(join(tmpdir(), 'bench-form-engine-'));
  try {
    await buildAndMeasure(dist);
  } finally {
    await rm(dist, { recursive: true, force: true });
  }
}

async function buildAndMeasure(dist: string): Promise<void> {
  console.log('Building the benchmark page (production)...');
  build(dist);
  const engineFile = readdirSync(dist).find((f) => f.startsWith('engine') && f.endsWith('.js'));
  const gzip = (file: string): number => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
  const all = readdirSync(dist).filter((f) => f.endsWith('.js'));
  console.log(`engine bundle: ${engineFile ? gzip(engineFile).toFixed(1) : '?'} kB gzip; page total ${all.reduce((s, f) => s + gzip(f), 0).toFixed(1)} kB gzip`);
  const { server, url } = await serve(dist);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    for (const n of SIZES) {
      const runs: Run[] = [];
      for (let i = 0; i < PAGES; i += 1) {
        const context = await browser.newContext();
        const page = await context.newPage();
        runs.push(await measure(page, url, n));
        await context.close();
      }
      if (process.env.BENCH_ALL) console.log(runs.map((r) => r.validateAll.toFixed(1)).sort((a, b) => Number(a) - Number(b)).join(' '));
      const m = (key: keyof Run): string => median(runs.map((r) => r[key])).toFixed(1);
      console.log(
        `N=${String(n).padStart(4)}  mount ${m('mount')} ms  keystroke median ${m('keyMedian')} ms p95 ${m('keyP95')} ms` +
          ` (aligned ${m('alignedMedian')} / ${m('alignedP95')} ms)  toggle ${m('toggle')} ms  validate-all ${m('validateAll')} ms  heap ${m('heapMb')} MB`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
