// Impersonation in Chromium against the real server: the admin (an impersonator) acts as the
// investigator after a confirmation naming her, sees the banner on every page, saves her draft
// draft form and hands it in, exits back to their own session, and the form history names both ("X on behalf of Y").
import type { Page } from 'playwright-core';
import { baseUrl, signInToDashboard, useBrowser } from './harness/browser';
import { choose, fillBaselineAfterFirstSection } from './harness/clinical';

const session = useBrowser();

/** Every mandatory field of the rheumatology baseline (as the clinical loop journey fills it). */
async function fillBaseline(page: Page): Promise<void> {
  await page.getByLabel('Visit date', { exact: true }).fill('2026-04-14');
  await choose(page, 'Diagnosis', 'Rheumatoid arthritis');
  await page.getByLabel('Date of diagnosis', { exact: true }).fill('2019-05-02');
  await fillBaselineAfterFirstSection(page, { tender: '4', swollen: '9' });
}
const BANNER = 'Kovács Anna is acting as Dr. Nagy Eszter.';

test('an impersonator acts as an investigator, saves a form, exits; the form history names both', async () => {
  const page = await session.newPage({ locale: 'en-US', baseURL: baseUrl() });
  await signInToDashboard(page, 'admin@example.org');

  await page.getByRole('button', { name: 'User menu of Kovács Anna' }).click();
  await page.getByRole('menuitem', { name: 'Act as another user' }).click();
  await page.getByLabel('Search by name or e-mail').fill('Nagy');
  await page.getByRole('button', { name: 'Act as Dr. Nagy Eszter' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Act as another user?' });
  await confirmation.getByText(/You will act as Dr\. Nagy Eszter \(investigator@example\.org\)/).waitFor();
  await confirmation.getByRole('button', { name: 'Act as this user' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByText(BANNER).waitFor();

  // As the investigator: her patient's draft baseline, filled in and saved.
  await page.goto('/patients');
  await page.getByText(BANNER).waitFor();
  const row = page.getByRole('row', { name: /Példa Piroska/ });
  await row.getByRole('link', { name: 'Attendance list' }).click();
  await page.getByRole('link', { name: /RA-BIO-20260414/ }).click();
  await page.getByRole('navigation', { name: 'Form sections' }).waitFor();
  await fillBaseline(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('main').getByText('Awaiting approval', { exact: true }).first().waitFor();
  const formUrl = new URL(page.url()).pathname;

  // Exit: back to the admin's own session, no banner.
  await page.getByRole('button', { name: 'Exit' }).click();
  await page.getByRole('button', { name: 'User menu of Kovács Anna' }).waitFor();
  expect(await page.getByText(BANNER).count()).toBe(0);

  await page.goto(formUrl);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await history.getByText(/Kovács Anna on behalf of Dr\. Nagy Eszter/).first().waitFor();
  await history.getByText(/ESR: .*20/).first().waitFor();
}, 120_000);
