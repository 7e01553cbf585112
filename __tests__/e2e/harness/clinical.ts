// Steps the clinical journeys share: Mantine selects, descriptor choices, confirmations, waiting for
// a form state, creating a patient and starting an attendance (which lands on its start form), and
// filling the demo RA baseline's mandatory fields.
import type { Locator, Page } from 'playwright-core';
import { openFormSection } from './browser';

/** Opens a Mantine select by its label inside `scope` and picks an option. */
export async function pick(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option }).first().click();
}

/** A single choice, drawn as radio buttons or as a native select depending on the descriptor. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const group = page.getByRole('group', { name: label, exact: true });
  if ((await group.count()) > 0) await group.getByLabel(option, { exact: true }).check();
  else await page.getByLabel(label, { exact: true }).selectOption({ label: option });
}

export async function confirm(page: Page, title: string, button = 'Yes'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

export async function formState(page: Page, state: string): Promise<void> {
  await page.getByRole('main').getByText(state, { exact: true }).first().waitFor();
}

/** A new RA-BIO patient at SZLK, then an attendance started from the dashboard: the page ends on its start form. */
export async function createPatientAndStartAttendance(page: Page, patient: { name: string; dob: string; taj: string }): Promise<void> {
  await page.goto('/patients');
  await page.getByRole('button', { name: 'New patient' }).click();
  const pane = page.getByRole('dialog', { name: 'New patient' });
  await pick(page, pane, 'Registry', /Rheumatology/);
  await pick(page, pane, 'Institute', /SZLK/);
  // Required inputs carry an asterisk in their label.
  await pane.getByLabel(/^Name/).fill(patient.name);
  await pane.getByLabel(/^Date of birth/).fill(patient.dob);
  await pick(page, pane, 'Gender', 'Female');
  await pane.getByLabel(/^Insurance number \(TAJ\)/).fill(patient.taj);
  await pane.getByRole('button', { name: 'Save' }).click();
  await pane.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'Patients' }).getByText(patient.name).waitFor();

  await page.getByRole('link', { name: 'Dashboard' }).click();
  const card = page.getByRole('region', { name: 'Start attendance' });
  await pick(page, card, 'Registry', /Rheumatology/);
  await pick(page, card, 'Institute', /SZLK/);
  await card.getByRole('textbox', { name: 'Patient' }).fill(patient.name.split(' ')[1]);
  await page.getByRole('option', { name: new RegExp(patient.name) }).click();
  await pick(page, card, 'Physician', 'Dr. Nagy Eszter');
  await card.getByRole('button', { name: 'Start attendance' }).click();
  // After the start the user is on the new start form.
  await page.getByRole('navigation', { name: 'Form sections' }).waitFor();
  await page.getByRole('heading', { level: 1, name: /RA-BASELINE/ }).waitFor();
}

/** Every mandatory field of the demo baseline after the first section (date of birth and sex come from the patient). */
export async function fillBaselineAfterFirstSection(page: Page, joints: { tender: string; swollen: string }): Promise<void> {
  await openFormSection(page, 'Disease activity');
  await page.getByLabel('Tender joint count (28)', { exact: true }).fill(joints.tender);
  await page.getByLabel('Swollen joint count (28)', { exact: true }).fill(joints.swollen);
  await page.getByLabel('ESR', { exact: true }).fill('20');
  await page.getByLabel('Patient global health (VAS)', { exact: true }).fill('50');
  await openFormSection(page, 'Comorbidities and screening');
  await choose(page, 'IGRA (QuantiFERON) test', 'Negative');
  await openFormSection(page, 'Prior therapy');
  await page.getByRole('group', { name: 'Prior conventional DMARDs' }).getByLabel('Methotrexate').check();
  await openFormSection(page, 'Biologic therapy start');
  await choose(page, 'Drug', 'adalimumab');
  await page.getByLabel('Start date', { exact: true }).fill('2026-11-21');
  await page.getByLabel('Dose', { exact: true }).fill('40');
  await choose(page, 'Dose unit', 'mg');
  await choose(page, 'Route', 'Subcutaneous');
  await choose(page, 'Frequency', 'Weekly');
  await openFormSection(page, 'Consent');
  await page.getByRole('group', { name: 'Consent form signed' }).getByLabel('Yes').check();
  await page.getByLabel('Date of consent', { exact: true }).fill('2026-11-20');
}
