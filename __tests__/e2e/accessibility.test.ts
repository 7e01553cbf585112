// Issue 11 item 10: axe reports no serious or critical violation on any screen, in Hungarian and in
// English. One browser; each role signs in once per language and walks its table of screens
// (harness/screens.ts), panes and menus that open from buttons included. Failures are collected
// per screen, so one run names every screen that needs work. The journey runs on a server of its
// own: other journeys change demo accounts (the MFA account sets up MFA, the exporter a password).
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, useBrowser, type AxeViolation } from './harness/browser';
import { PUBLIC_SCREENS, adminScreens, investigatorScreens, monitorScreens, signIn, type Lang, type Screen } from './harness/screens';
import { startServer, type RunningServer } from './harness/server';

const LOCALES: Record<Lang, string> = { hu: 'hu-HU', en: 'en-US' };
const session = useBrowser();
jest.setTimeout(240_000);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const newPage = (lang: Lang): Promise<Page> => session.newPage({ locale: LOCALES[lang], baseURL: server.baseUrl });


/** The page has rendered its screen: a level-1 heading is shown and the data calls have settled. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function violationsOn(page: Page, lang: Lang, screens: readonly Screen[]): Promise<Record<string, AxeViolation[]>> {
  const found: Record<string, AxeViolation[]> = {};
  for (const screen of screens) {
    await page.goto(screen.path);
    await settled(page);
    if (screen.open) await screen.open(page, lang);
    const violations = await seriousAccessibilityViolations(page);
    if (violations.length > 0) found[`${screen.name} (${screen.path})`] = violations;
  }
  return found;
}

async function signedInPage(lang: Lang, email: string): Promise<Page> {
  const page = await newPage(lang);
  await signIn(page, lang, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await settled(page);
  return page;
}

describe.each(['hu', 'en'] as const)('in %s, axe finds no serious or critical violation', (lang) => {
  test('on the screens before sign-in', async () => {
    const page = await newPage(lang);
    expect(await violationsOn(page, lang, PUBLIC_SCREENS)).toEqual({});
  });

  test('on the MFA set-up with its key box', async () => {
    const page = await newPage(lang);
    await signIn(page, lang, 'mfa@example.org');
    await page.getByTestId('mfa-secret').waitFor();
    await page.getByRole('img').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('on every screen of an investigator', async () => {
    const page = await signedInPage(lang, 'investigator@example.org');
    expect(await violationsOn(page, lang, await investigatorScreens(page))).toEqual({});
  });

  test('on every screen of a monitor', async () => {
    const page = await signedInPage(lang, 'monitor@example.org');
    expect(await violationsOn(page, lang, await monitorScreens(page))).toEqual({});
  });

  test('on every screen of an administrator', async () => {
    const page = await signedInPage(lang, 'admin@example.org');
    expect(await violationsOn(page, lang, await adminScreens(page))).toEqual({});
  });

  test('on the dashboard of a role without screens yet', async () => {
    const page = await signedInPage(lang, 'exporter@example.org');
    await page.getByRole('region', { name: lang === 'hu' ? 'Mit tehet itt' : 'What you can do here' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
