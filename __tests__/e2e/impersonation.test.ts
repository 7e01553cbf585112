// Impersonation in Chromium against the real server: the admin (an impersonator) acts as the
// investigator after a confirmation naming her, sees the banner on every page, saves her draft
// draft form and hands it in, exits back to their own session, and the form history names both ("X on behalf of Y").
import type { Page } from 'playwright-core';
import { baseUrl, openFormSection, signInToDashboard, useBrowser } from './harness/browser';

const session = useBrowser();

/** A single choice, drawn as radio buttons or as a native select depending on the descriptor. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const group = page.getByRole('group', { name: label, exact: true });
  if ((await group.count()) > 0) await group.getByLabel(option, { exact: true }).check();
  else await page.getByLabel(label, { exact: true }).selectOption({ label: option });
}

/** Every mandatory field of the rheumatology baseline (as the clinical loop journey fills it). */
async function fillBaseline(page: Page): Promise<void> {
  await page.getByLabel('Visit date', { exact: true }).fill('2026-04-14');
  await choose(page, 'Diagnosis', 'Rheumatoid arthritis');
  await page.getByLabel('Date of diagnosis', { exact: true }).fill('2019-05-02');
  // Date of birth and sex come from the patient record (read-only on the form).
  await openFormSection(page, 'Disease activity');
  await page.getByLabel('Tender joint count (28)', { exact: true }).fill('4');
  await page.getByLabel('Swollen joint count (28)', { exact: true }).fill('9');
  await page.getByLabel('ESR', { exact: true }).fill('31');
  await page.getByLabel('Patient global health (VAS)', { exact: true }).fill('50');
  await openFormSection(page, 'Comorbidities and screening');
  await choose(page, 'IGRA (QuantiFERON) test', 'Negative');
  await openFormSection(page, 'Prior therapy');
  await page.getByRole('group', { name: 'Prior conventional DMARDs' }).getByLabel('Methotrexate').check();
  await openFormSection(page, 'Biologic therapy start');
  await choose(page, 'Drug', 'adalimumab');
  await page.getByLabel('Start date', { exact: true }).fill('2026-04-15');
  await page.getByLabel('Dose', { exact: true }).fill('40');
  await choose(page, 'Dose unit', 'mg');
  await choose(page, 'Route', 'Subcutaneous');
  await choose(page, 'Frequency', 'Weekly');
  await openFormSection(page, 'Consent');
  await page.getByRole('group', { name: 'Consent form signed' }).getByLabel('Yes').check();
  await page.getByLabel('Date of consent', { exact: true }).fill('2026-04-14');
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
  await history.getByText(/ESR: .*31/).first().waitFor();
}, 120_000);
