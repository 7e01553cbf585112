// Issue 11 item 10: axe reports no serious or critical violation on any screen, in Hungarian and in
// English. One browser; each role signs in once per language and walks its table of screens
// (harness/screens.ts), panes and menus that open from buttons included. Failures are collected
// per screen, so one run names every screen that needs work. The journey runs on a server of its
// own: other journeys change demo accounts (the MFA account sets up MFA, the exporter a password).
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, useBrowser, type AxeViolation } from './harness/browser';
import { findOnScreens, LOCALES, PUBLIC_SCREENS, ROLE_SCREENS, settled, signIn, type Lang, type Screen } from './harness/screens';
import { startServer, type RunningServer } from './harness/server';

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

const violationsOn = (page: Page, lang: Lang, screens: readonly Screen[]): Promise<Record<string, AxeViolation[]>> => findOnScreens(page, lang, screens, seriousAccessibilityViolations);

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

  test.each(ROLE_SCREENS)('on every screen of %s', async (_role, email, screensOf) => {
    const page = await signedInPage(lang, email);
    expect(await violationsOn(page, lang, await screensOf(page))).toEqual({});
  });

  test('on the dashboard of a role without screens yet', async () => {
    const page = await signedInPage(lang, 'exporter@example.org');
    await page.getByRole('region', { name: lang === 'hu' ? 'Mit tehet itt' : 'What you can do here' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
