// The catalogue comes in areas that each route asks for (src/i18n/loadCatalogue.ts): no screen may
// lack a text because its area was not loaded. A missing message shows its English default (or its
// id where there is none), so the screens are read in Hungarian for English catalogue texts and in
// both languages for message ids. Each role signs in (the first screen is reached by the router,
// the rest by loading the address anew) and walks the screens the accessibility journey walks too
// (harness/screens.ts).
import type { Page } from 'playwright-core';
import en from '../../translations/en.json';
import hu from '../../translations/hu.json';
import { useBrowser } from './harness/browser';
import { findOnScreens, LOCALES, PUBLIC_SCREENS, ROLE_SCREENS, settled, signIn, type Lang, type Screen } from './harness/screens';
import { startServer, type RunningServer } from './harness/server';

const MESSAGE_IDS = Object.keys(en);
const HUNGARIAN_TEXTS: string[] = Object.values(hu);
/** English texts long enough to be telling, without arguments, found in no Hungarian text. */
const ENGLISH_ONLY = Object.entries(en)
  .filter(([key, text]) => text.length >= 15 && !/[{}<]/.test(text) && text !== hu[key as keyof typeof hu])
  .map(([, text]) => text)
  .filter((text) => !HUNGARIAN_TEXTS.some((hungarian) => hungarian.includes(text)));
const session = useBrowser();
jest.setTimeout(240_000);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Message ids, and in Hungarian English catalogue texts, that the screen's text holds. */
const missingIn = (text: string, lang: Lang): string[] => [
  ...MESSAGE_IDS.filter((id) => text.includes(id)),
  ...(lang === 'hu' ? ENGLISH_ONLY.filter((english) => text.includes(english)) : []),
];

/** What each screen shows of a missing message, by screen; screens without any are left out. */
const missingOn = (page: Page, lang: Lang, screens: readonly Screen[]): Promise<Record<string, string[]>> =>
  findOnScreens(page, lang, screens, async (shown) => missingIn(await shown.locator('body').innerText(), lang));

async function signedInPage(lang: Lang, email: string): Promise<Page> {
  const page = await session.newPage({ locale: LOCALES[lang], baseURL: server.baseUrl });
  await signIn(page, lang, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await settled(page);
  // The first signed-in screen, reached by the router from the sign-in page.
  expect(missingIn(await page.locator('body').innerText(), lang)).toEqual([]);
  return page;
}

describe.each(['hu', 'en'] as const)('in %s, every screen shows its texts', (lang) => {
  test('before sign-in', async () => {
    const page = await session.newPage({ locale: LOCALES[lang], baseURL: server.baseUrl });
    expect(await missingOn(page, lang, PUBLIC_SCREENS)).toEqual({});
  });

  test.each(ROLE_SCREENS)('for %s', async (_role, email, screensOf) => {
    const page = await signedInPage(lang, email);
    expect(await missingOn(page, lang, await screensOf(page))).toEqual({});
  });
});
