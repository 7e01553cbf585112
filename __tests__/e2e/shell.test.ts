// First journeys: the sign-in page in both languages, the language switch, Page not found,
// accessibility, and the strict CSP holding for the built client.
import { baseUrl, chooseOption, seriousAccessibilityViolations, useBrowser } from './harness/browser';

const session = useBrowser();

const TEXTS = {
  hu: { heading: 'Bejelentkezés', email: 'E-mail cím', password: 'Jelszó', submit: 'Belépés', language: 'Nyelv', notFound: 'Az oldal nem található' },
  en: { heading: 'Sign in', email: 'E-mail address', password: 'Password', submit: 'Sign in', language: 'Language', notFound: 'Page not found' },
} as const;

describe.each([
  ['hu-HU', 'hu'],
  ['en-US', 'en'],
] as const)('a browser whose language is %s', (browserLocale, lang) => {
  const t = TEXTS[lang];

  test('sees the sign-in page in its language', async () => {
    const page = await session.newPage({ locale: browserLocale });
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.getByRole('heading', { name: t.heading, level: 1 }).waitFor();
    await page.getByLabel(t.email, { exact: true }).fill('someone@example.org');
    await page.getByLabel(t.password, { exact: true }).fill('secret-text');
    await page.getByRole('button', { name: t.submit, exact: true }).waitFor();
    await page.getByLabel(t.language, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(cspErrors).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('sees Page not found for an unknown path', async () => {
    const page = await session.newPage({ locale: browserLocale });
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: t.notFound }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

test('switching the language changes every text at once and survives a reload', async () => {
  const page = await session.newPage({ locale: 'hu-HU' });
  await page.goto('/login');
  await page.getByRole('heading', { name: TEXTS.hu.heading }).waitFor();

  await chooseOption(page, TEXTS.hu.language, 'English');

  await page.getByRole('heading', { name: TEXTS.en.heading, level: 1 }).waitFor();
  await page.getByLabel(TEXTS.en.email, { exact: true }).waitFor();
  await page.getByLabel(TEXTS.en.password, { exact: true }).waitFor();
  const bodyText = await page.locator('body').innerText();
  for (const huText of [TEXTS.hu.heading, TEXTS.hu.email, TEXTS.hu.password, TEXTS.hu.submit]) {
    expect(bodyText).not.toContain(huText);
  }
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

  await page.reload();
  await page.getByRole('heading', { name: TEXTS.en.heading, level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
});

test('the API answers the client configuration with version 1.45.0', async () => {
  const response = await fetch(`${baseUrl()}/api/v1/client-configuration`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ apiVersion: '1.45.0', formBackupEnabled: false });
});
