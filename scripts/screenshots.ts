// Takes the README's screenshots (dashboard, a form, the status matrix) from the real product:
// builds the client if needed, starts the demo server on a temporary database, signs the demo
// monitor in with Chromium and saves PNGs into docs/screenshots/. Run: `npx tsx scripts/screenshots.ts`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../__tests__/e2e/harness/server';

const root = join(__dirname, '..');
const out = join(root, 'docs', 'screenshots');
const DEMO_PASSWORD = 'Demo-Registry-2026';

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, [join(root, 'scripts/buildIfChanged.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The client build failed.');
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ baseURL: server.baseUrl, locale: 'en-GB', viewport: { width: 1366, height: 768 } });
    await page.goto('/login');
    await page.getByLabel('E-mail address', { exact: true }).fill('monitor@example.org');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(out, 'dashboard.png') });

    await page.getByRole('link', { name: 'Status matrix of RA-BIO' }).click();
    const formCell = page.getByRole('table').getByRole('link', { name: /Awaiting approval/ }).first();
    await formCell.waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(out, 'status-matrix.png') });

    await formCell.click();
    await page.getByRole('navigation', { name: 'Form sections' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(out, 'form.png') });
    console.log(`Screenshots written to ${out}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
