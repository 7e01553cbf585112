// The form engine in Chromium through the demo sandbox: fill the rheumatology baseline form, see
// DAS28 computed, see the validation pane list the missing mandatory fields, then save a draft.
import { openFormSection, signInToDashboard, useBrowser } from './harness/browser';

const session = useBrowser();

test('an investigator fills the baseline form, sees DAS28, is shown the missing fields, and saves a draft', async () => {
  const page = await session.newPage({ locale: 'en-US' });
  await signInToDashboard(page, 'investigator@example.org');
  await page.goto('/sandbox/forms');
  await page.getByRole('heading', { name: 'Form sandbox', level: 1 }).waitFor();
  expect(await page.getByLabel('Form', { exact: true }).inputValue()).toBe('RA-BASELINE');

  const save = page.getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel('Patient', { exact: true }).fill('RA-0042');
  await page.getByLabel('Physician', { exact: true }).fill('Dr. Nagy Eszter');
  expect(await save.isEnabled()).toBe(true);

  await page.getByLabel('Visit date', { exact: true }).fill('2025-01-15');
  await page.getByRole('group', { name: 'Diagnosis' }).getByLabel('Rheumatoid arthritis').check();
  await page.getByLabel('Date of diagnosis', { exact: true }).fill('2019-05-02');

  await openFormSection(page, 'Disease activity');
  await page.getByLabel('Tender joint count (28)', { exact: true }).fill('4');
  await page.getByLabel('Swollen joint count (28)', { exact: true }).fill('9');
  await page.getByLabel('ESR', { exact: true }).fill('20');
  await page.getByLabel('Patient global health (VAS)', { exact: true }).fill('50');
  // 0.56·√4 + 0.28·√9 + 0.70·ln 20 + 0.014·50 = 4.757
  await page.getByLabel('DAS28-ESR', { exact: true }).filter({ hasText: '4.76' }).waitFor();

  await save.click();
  const pane = page.getByRole('dialog', { name: 'Check the form' });
  await pane.waitFor();
  await pane.getByRole('region', { name: 'Demographics and examination' }).getByRole('button', { name: 'Error: Sex: required' }).waitFor();
  await pane.getByRole('region', { name: 'Biologic therapy start' }).getByRole('button', { name: 'Error: Drug: required' }).waitFor();
  expect(await pane.getByRole('button', { name: 'Save anyway' }).isDisabled()).toBe(true);
  // An entry jumps to its field.
  await pane.getByRole('button', { name: 'Error: Drug: required' }).click();
  await page.getByRole('heading', { name: 'Biologic therapy start', level: 2 }).waitFor();
  expect(await page.getByLabel('Drug', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);

  // The draft needs the indispensable fields only.
  await page.getByLabel('Drug', { exact: true }).selectOption({ label: 'adalimumab' });
  await page.getByLabel('Start date', { exact: true }).fill('2025-01-20');
  await openFormSection(page, 'Consent');
  await page.getByRole('group', { name: 'Consent form signed' }).getByLabel('Yes').check();
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await pane.waitFor();
  await pane.getByRole('button', { name: 'Save anyway' }).click();
  await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
  const sent = JSON.parse(await page.getByRole('region', { name: 'Submitted values' }).locator('pre').innerText());
  expect(sent).toMatchObject({ patient: 'RA-0042', tjc28: '4', das28esr: 4.76, biologicDrug: 'adalimumab', consentSigned: true });
});
