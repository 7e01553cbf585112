// One Chromium per test file, a fresh browser context per test, so that storage, cookies and
// language never leak from one journey into the next.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import axe from 'axe-core';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// Browser journeys wait for real pages; jest's per-project testTimeout is not applied to projects.
jest.setTimeout(60_000);

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the e2e globalSetup did not run');
  return url;
};

export interface BrowserSession {
  browser: () => Browser;
  /** A page in a fresh context; `baseURL` targets another server than the run's own. */
  newPage: (options?: { locale?: string; baseURL?: string }) => Promise<Page>;
}

/** Registers beforeAll/afterEach/afterAll hooks and hands out pages in fresh contexts. */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    browser: () => {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    newPage: async ({ locale = 'hu-HU', baseURL = baseUrl() } = {}) => {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ locale, baseURL });
      contexts.push(context);
      return context.newPage();
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: number;
  /** Where: the selectors of the first few offending elements. */
  targets: string[];
}

/** Runs axe-core in the page (evaluated through the DevTools protocol, so the CSP allows it). */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`.trim()),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Picks an option of a labelled select, whether it is a native select or a Mantine combobox. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  const tag = await field.evaluate((element) => element.tagName);
  if (tag === 'SELECT') {
    await field.selectOption({ label: option });
    return;
  }
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The demo accounts' password (demo mode only). */
export const DEMO_PASSWORD = 'Demo-Registry-2026';

/** Signs a demo account in (English page) and waits for its dashboard. */
export async function signInToDashboard(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** Opens a section of the form engine by its name in the section navigation. */
export async function openFormSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Form sections' }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 2 }).waitFor();
}
