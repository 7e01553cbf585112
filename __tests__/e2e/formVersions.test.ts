// Form versions in Chromium against the real server: the admin uploads a new version of the
// baseline form type; a new baseline form uses it while an old one keeps its version; then the
// admin imports a REDCap data dictionary for the adverse-event type, reads the report and the
// preview, and saves it.
import type { Locator, Page } from 'playwright-core';
import { buildDemoDescriptor, RHEUMA_BASELINE } from '../../src/domain/forms/demo';
import { REDCAP_DICTIONARY } from '../domain/forms/redcapDictionary';
import { baseUrl, signInToDashboard, useBrowser } from './harness/browser';

const session = useBrowser();
const PATIENT = 'Verzió Vilma';
const MARKER = 'Journey marker';

async function pick(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option }).first().click();
}

/** The demo baseline with one more text field in its first section. */
function baselineWithMarker(): Buffer {
  const document = buildDemoDescriptor(RHEUMA_BASELINE, 'en') as unknown as { form: { sections: { fields: unknown[] }[] }; labels: Record<string, string> };
  document.form.sections[0].fields.unshift({ id: 'journeyMarker', type: 'text' });
  document.labels.journeyMarker = MARKER;
  return Buffer.from(JSON.stringify(document));
}

async function openFormType(page: Page, name: string): Promise<void> {
  await page.goto('/admin/registries');
  await page.getByRole('link', { name: /Rheumatology/ }).first().click();
  await page.getByRole('table', { name: 'Form types' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { name: `Form type ${name}`, level: 1 }).waitFor();
}

async function startAttendanceForNewPatient(page: Page): Promise<void> {
  await page.goto('/patients');
  await page.getByRole('button', { name: 'New patient' }).click();
  const pane = page.getByRole('dialog', { name: 'New patient' });
  await pick(page, pane, 'Registry', /Rheumatology/);
  await pick(page, pane, 'Institute', /SZLK/);
  await pane.getByLabel(/^Name/).fill(PATIENT);
  await pane.getByLabel(/^Date of birth/).fill('1972-05-06');
  await pick(page, pane, 'Gender', 'Female');
  await pane.getByLabel(/^Insurance number \(TAJ\)/).fill('111 111 110');
  await pane.getByRole('button', { name: 'Save' }).click();
  await pane.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const card = page.getByRole('region', { name: 'Start attendance' });
  await pick(page, card, 'Registry', /Rheumatology/);
  await pick(page, card, 'Institute', /SZLK/);
  await card.getByRole('textbox', { name: 'Patient' }).fill('Vilma');
  await page.getByRole('option', { name: new RegExp(PATIENT) }).click();
  await pick(page, card, 'Physician', 'Dr. Nagy Eszter');
  await card.getByRole('button', { name: 'Start attendance' }).click();
  // A started attendance opens its start form.
  await page.getByRole('navigation', { name: 'Form sections' }).waitFor();
}

test('a new version is used by new forms while old forms keep theirs; a REDCap dictionary is previewed and imported', async () => {
  const page = await session.newPage({ locale: 'en-US', baseURL: baseUrl() });
  await signInToDashboard(page, 'admin@example.org');

  // The baseline form type: version 1, its sections in the preview; a new version uploaded as JSON.
  await openFormType(page, 'Baseline visit');
  await page.getByRole('region', { name: 'Sections and fields' }).getByText('Visit date').first().waitFor();
  await page.getByLabel(/^Descriptor file/).setInputFiles({ name: 'baseline-v2.json', mimeType: 'application/json', buffer: baselineWithMarker() });
  await page.getByRole('button', { name: 'Upload as version 2' }).click();
  await page.getByRole('status').getByText('Version 2 saved. New forms use it; existing forms keep their version.').waitFor();
  await page.getByRole('region', { name: 'Sections and fields' }).getByText(MARKER).waitFor();

  // An old form (the demo's draft baseline, version 1) has no marker; a new one has.
  await page.goto('/patients');
  await page.getByRole('row', { name: /Példa Piroska/ }).getByRole('link', { name: 'Attendance list' }).click();
  await page.getByRole('link', { name: /RA-BIO-20260414/ }).click();
  await page.getByRole('navigation', { name: 'Form sections' }).waitFor();
  await page.getByLabel('Visit date', { exact: true }).waitFor();
  expect(await page.getByText(MARKER).count()).toBe(0);

  await startAttendanceForNewPatient(page);
  await page.getByLabel(MARKER, { exact: true }).waitFor();

  // REDCap: the adverse-event type gets a dictionary; the report and the preview come before saving.
  await openFormType(page, 'Adverse event');
  const redcap = page.getByRole('region', { name: 'Import from REDCap' });
  await redcap.getByLabel('REDCap data dictionary (CSV)').setInputFiles({ name: 'dictionary.csv', mimeType: 'text/csv', buffer: Buffer.from(REDCAP_DICTIONARY) });
  await redcap.getByRole('button', { name: 'Translate and preview' }).click();
  await redcap.getByText('Not translated or changed (5)').waitFor();
  await redcap.getByText(/Row 25 \(phone\): the validation "phone" has no equivalent/).waitFor();
  await redcap.getByRole('region', { name: 'Sections and fields' }).getByText('Does the patient smoke?').waitFor();
  await redcap.getByRole('region', { name: 'Preview' }).getByRole('navigation', { name: 'Form sections' }).getByRole('button', { name: 'Lifestyle', exact: true }).waitFor();
  await redcap.getByRole('button', { name: 'Save as version 2' }).click();
  await redcap.getByRole('status').getByText('The imported dictionary was saved as version 2.').waitFor();
  await page.getByLabel('Version shown').getByRole('option', { name: /^Version 2/ }).waitFor({ state: 'attached' });
});
