// (f) With a 20-second token lifetime the session renews with no user action; once the server
// revokes it, the next call lands on the login page with "Session expired".
import type { Page } from 'playwright-core';
import { useBrowser } from './harness/browser';
import { startServer, type RunningServer } from './harness/server';

const session = useBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ ACCESS_TOKEN_TTL: '20' });
});
afterAll(async () => {
  await server?.stop();
});

async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('apiToken') ?? '{}').token as string);
}

test('(f) the session renews by itself, and a revoked one ends with "Session expired"', async () => {
  const context = await session.browser().newContext({ locale: 'en-US', baseURL: server.baseUrl });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail address', { exact: true }).fill('monitor@example.org');
    await page.getByLabel('Password', { exact: true }).fill('Demo-Registry-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const first = await storedToken(page);

    // Renewal is due at half the 20 s lifetime, 10 s after sign-in.
    const renewal = await page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'), { timeout: 20_000 });
    expect(renewal.status()).toBe(200);
    await page.waitForFunction((old) => JSON.parse(sessionStorage.getItem('apiToken') ?? '{}').token !== old, first);
    const renewed = await storedToken(page);
    // Past the first token's lifetime the renewed one still opens the profile.
    await page.waitForTimeout(11_000);
    await page.getByRole('button', { name: /User menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Profile settings' }).click();
    await page.getByRole('heading', { name: 'Profile settings', level: 1 }).waitFor();
    await page.getByLabel('Rows per page in lists').waitFor();

    // The server revokes the session (as sign-out elsewhere or an administrator would).
    const revoke = await fetch(`${server.baseUrl}/api/v1/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${await storedToken(page)}` } });
    expect(revoke.status).toBe(204);
    expect(renewed).not.toBe(first);

    await page.getByLabel('Rows per page in lists').selectOption('50');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Session expired' }).waitFor();
  } finally {
    await context.close();
  }
});
