// The registration journey in Chromium under the strict CSP: the ALTCHA widget solves a real
// challenge in its blob worker, the confirmation link comes from the outbox, an administrator
// activates the account through the API, and the new user signs in to the dashboard.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { baseUrl, seriousAccessibilityViolations, useBrowser } from './harness/browser';

const session = useBrowser();

const PASSWORD = 'Regisztr-Jelszo-77';

function watchForCspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|ALTCHA/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The confirmation link of the mail sent to `email` (quoted-printable unfolded), once it is written. */
async function confirmationLink(email: string): Promise<string> {
  const outbox = join(process.env.E2E_WORK_DIR ?? '', 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const raw = await readFile(join(outbox, name), 'utf8');
      if (!raw.includes(email)) continue;
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /\/registration\/confirm\/[A-Za-z0-9_-]+#token=[A-Za-z0-9_-]+/.exec(unfolded);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no confirmation mail for ${email} in ${outbox}`);
}

async function activateAsAdmin(userId: string): Promise<void> {
  const signIn = await fetch(`${baseUrl()}/api/v1/auth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.org', password: 'Demo-Registry-2026' }).toString(),
  });
  expect(signIn.status).toBe(200);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const activation = await fetch(`${baseUrl()}/api/v1/users/${userId}/activation`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(activation.status).toBe(200);
}

test('a new user registers in Hungarian, confirms the address, is activated and signs in', async () => {
  const email = `uj.orvos.${Date.now()}@example.org`;
  const page = await session.newPage({ locale: 'hu-HU' });
  const errors = watchForCspErrors(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Még nincs fiókja? Regisztráljon' }).click();

  await page.getByRole('heading', { name: 'Regisztráció', level: 1 }).waitFor();
  await page.getByLabel('Név', { exact: true }).fill('Dr. Új Orvos');
  await page.getByLabel('E-mail cím', { exact: true }).fill(email);
  await page.getByLabel('Jelszó', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Jelszó még egyszer', { exact: true }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'Intézmény' }).fill('SZLK');
  await page.getByRole('option', { name: 'Szent Lukács Kórház (SZLK)' }).click();
  await page.getByLabel('Orvos vagyok', { exact: true }).check();

  // The widget speaks Hungarian, and solves the proof of work in its worker under our CSP.
  await page.getByRole('checkbox', { name: 'Nem vagyok robot' }).waitFor();
  await page.locator('altcha-widget label', { hasText: 'Nem vagyok robot' }).click();
  await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 45_000 });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Regisztrálok', exact: true }).click();

  await page.getByRole('heading', { name: 'Erősítse meg az e-mail címét' }).waitFor();
  await page.getByText(`Megerősítő linket küldtünk a(z) ${email} címre.`, { exact: false }).waitFor();
  expect(errors).toEqual([]);

  const link = await confirmationLink(email);
  await page.goto(link);
  await page.getByText('Az e-mail címe megerősítve.', { exact: false }).waitFor();

  await activateAsAdmin(/\/confirm\/([^#]+)#/.exec(link)?.[1] ?? '');

  await page.goto('/login');
  await page.getByLabel('E-mail cím', { exact: true }).fill(email);
  await page.getByLabel('Jelszó', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Belépés', exact: true }).click();
  await page.getByRole('heading', { name: 'Irányítópult' }).waitFor();
  expect(errors).toEqual([]);
});
