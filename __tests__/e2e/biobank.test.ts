// The biobank in Chromium against the real server: a holder of the admin sample codes registers a
// sample for a patient in the central biobank, attaches it to the patient's baseline form, marks it
// arrived, places it in a free box position on the box map, derives two aliquots, dispatches one and
// prints the three labels; the patient's sample count then reads 3 and lists them.
// The actor is the demo's biobank administrator: biobank@ holds every bio code but no registry
// access, so it finds the patient through the biobank's own look-up (by insurance number, without
// seeing the name), the forms to attach through the sample page, and the count on the sample page.
import type { Page } from 'playwright-core';
import { insuranceCheckDigit } from '../../src/domain/patients';
import { seriousAccessibilityViolations, signInToDashboard, useBrowser } from './harness/browser';
import { pick } from './harness/clinical';
import { startServer, type RunningServer } from './harness/server';

const session = useBrowser();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The demo's RA-BIO patient at SZLK with a baseline form and no sample: Kitalált Kálmán (server/seed/seedClinical.ts). */
const PATIENT_NAME = 'Kitalált Kálmán';
const PATIENT_TAJ = `10000004${insuranceCheckDigit('10000004')}`;

async function sampleNumberOnPage(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1, name: /^Bio sample RAB-\d+$/ });
  await heading.waitFor();
  return ((await heading.textContent()) ?? '').replace('Bio sample ', '');
}

/** Axe runs once the save notices have closed by themselves (their close button is the shared notify's). */
async function noticesGone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, null, { timeout: 20_000 });
}

async function registerSample(page: Page, type: string, amount: string): Promise<string> {
  await pick(page, page.locator('form'), 'Sample type', type);
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByRole('button', { name: 'Save' }).click();
  return sampleNumberOnPage(page);
}

test('register, attach, arrive, place, derive two aliquots, dispatch one, print labels; the patient counts 3', async () => {
  const page = await session.newPage({ locale: 'en-US', baseURL: server.baseUrl });
  await signInToDashboard(page, 'biobank@example.org');
  await page.getByRole('link', { name: 'Central biobank' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Central biobank' }).waitFor();

  // Register the sample for the patient.
  await page.getByRole('link', { name: 'New sample' }).click();
  await page.getByRole('heading', { level: 1, name: 'New bio sample' }).waitFor();
  await page.getByRole('textbox', { name: 'Patient' }).fill(PATIENT_TAJ);
  await page.getByRole('option', { name: /RA-BIO, Szent Lukács/ }).click();
  expect(await page.getByRole('textbox', { name: 'Patient' }).inputValue()).not.toContain(PATIENT_NAME);
  const original = await registerSample(page, 'Whole blood', '4');
  const originalUrl = page.url();

  // Attach it to the baseline form of the patient.
  const forms = page.getByRole('region', { name: 'Connected forms' });
  await pick(page, forms, 'Form of the patient', /Baseline/);
  await forms.getByRole('button', { name: 'Attach to form' }).click();
  await forms.getByRole('link', { name: /Baseline/ }).waitFor();

  // Arrival, then a free position chosen on the box map.
  await page.getByRole('button', { name: 'Mark as arrived' }).click();
  await page.getByText('Arrived to biobank', { exact: true }).waitFor();
  const storage = page.getByRole('region', { name: 'Storage' });
  await pick(page, storage, 'Box', /RA-BIO 01/);
  await storage.getByRole('gridcell', { name: 'row 9, column 9, free' }).click();
  await storage.getByRole('button', { name: 'Place at row 9, column 9' }).click();
  await storage.getByText(/RA-BIO 01, row 9, column 9/).waitFor();
  await storage.getByRole('gridcell', { name: `row 9, column 9, this sample (${original})` }).waitFor();
  await noticesGone(page);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  // Two aliquots derived from it.
  const aliquots: string[] = [];
  for (const amount of ['200', '300']) {
    await page.goto(originalUrl);
    await page.getByRole('link', { name: 'Derive a sample' }).click();
    await page.getByRole('heading', { level: 1, name: `New sample derived from ${original}` }).waitFor();
    aliquots.push(await registerSample(page, 'Serum', amount));
  }
  const lineage = page.getByRole('list', { name: 'Ancestor and derived samples' });
  await lineage.getByRole('link', { name: new RegExp(original) }).waitFor();

  // The second aliquot arrives and is dispatched.
  await page.getByRole('button', { name: 'Mark as arrived' }).click();
  await page.getByText('Arrived to biobank', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Dispatched at', { exact: true }).fill('31.12.2026 10:00');
  await page.getByLabel('Dispatched at', { exact: true }).press('Tab');
  await page.getByLabel('Dispatched to', { exact: true }).fill('Central laboratory');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Dispatched', { exact: true }).first().waitFor();
  await page.getByRole('cell', { name: 'Central laboratory' }).waitFor();

  // Labels of the three samples, printed from the central list.
  await page.getByRole('link', { name: 'Central biobank' }).first().click();
  const grid = page.getByRole('table', { name: 'Bio samples' });
  for (const number of [original, ...aliquots]) await grid.getByRole('checkbox', { name: `Select sample ${number}` }).check();
  await noticesGone(page);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Print labels (3)' }).click();
  for (const number of [original, ...aliquots]) await page.getByRole('img', { name: `Barcode of ${number}` }).waitFor();
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => void (counted.printed += 1);
  });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // The sample page counts the patient's samples and links to them (the patient list is closed to biobank staff).
  await page.goto(originalUrl);
  await page.getByRole('link', { name: '3 samples' }).click();
  const samples = page.getByRole('table', { name: 'Bio samples' });
  for (const number of [original, ...aliquots]) await samples.getByRole('link', { name: number }).waitFor();
  expect(await page.content()).not.toContain(PATIENT_NAME);
}, 180_000);
