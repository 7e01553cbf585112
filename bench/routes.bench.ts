// `npm run bench routes`: what each route makes the browser download. The production client is
// built (if it changed), the real server starts over a temporary demo database, and headless
// Chromium loads each route with an empty cache; the figure is the bytes transferred (compressed,
// headers included) for the route's JS and CSS, as DevTools reports them. Prints figures and
// never fails on size (budgets in bench/README.md: /login ≤ 130 kB JS, dashboard ≤ 250 kB JS).
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../__tests__/e2e/harness/server';
import { buildClientIfChanged } from './builtClient';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const PASSWORD = 'Demo-Registry-2026';
/** BENCH_VERBOSE=1 lists every file a route loads. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';

interface RouteCase {
  name: string;
  path: string;
  /** The demo account signed in first; none for the public pages. */
  account?: string;
  /** The page is ready once this heading (level 1, English) shows. */
  heading: RegExp;
}

const ROUTES: RouteCase[] = [
  { name: 'sign-in', path: '/login', heading: /Sign in/ },
  { name: 'dashboard (investigator)', path: '/', account: 'investigator@example.org', heading: /Dashboard/ },
  { name: 'patients', path: '/patients', account: 'investigator@example.org', heading: /Patients/ },
  { name: 'form sandbox (form engine)', path: '/sandbox/forms', account: 'investigator@example.org', heading: /./ },
  { name: 'admin: users', path: '/admin/users', account: 'admin@example.org', heading: /./ },
];

interface Transfer {
  js: number;
  css: number;
  jsFiles: number;
}

/** Loads `path` in `page` with the cache off and sums the encoded bytes of its scripts and styles. */
async function transferOf(page: Page, path: string, heading: RegExp): Promise<Transfer> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const totals: Transfer = { js: 0, css: 0, jsFiles: 0 };
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    urls.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId);
    if (VERBOSE && (type === 'Script' || type === 'Stylesheet')) console.log(`    ${kb(event.encodedDataLength)}  ${urls.get(event.requestId)}`);
    if (type === 'Script') {
      totals.js += event.encodedDataLength;
      totals.jsFiles += 1;
    } else if (type === 'Stylesheet') totals.css += event.encodedDataLength;
  });
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return totals;
}

/** Signs in within `page`: the session lives in the tab's sessionStorage, so the route loads in the same tab. */
async function signIn(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address', { exact: true }).fill(account);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 60_000 });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`.padStart(9);

async function main(): Promise<void> {
  buildClientIfChanged();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    console.log('route                          JS (files)          CSS');
    for (const route of ROUTES) {
      const context = await browser.newContext({ locale: 'en-GB', baseURL: server.baseUrl });
      const page = await context.newPage();
      if (route.account) await signIn(page, route.account);
      const t = await transferOf(page, route.path, route.heading);
      console.log(`${`${route.name} ${route.path}`.padEnd(30)} ${kb(t.js)} (${String(t.jsFiles).padStart(2)})   ${kb(t.css)}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
