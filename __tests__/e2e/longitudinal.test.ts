// A longitudinal registry in Chromium against the real server (SQLite): the investigator starts an
// attendance, saves a half-filled baseline as a draft (the page keeps its section), finalizes it and
// adds a follow-up and an adverse event in Month 3; the monitor opens the status matrix and the form
// from it and approves level 1; the second approver approves level 2 and the first monitor is told
// why they may not; a monitor fixes a value of the final form and its history shows old → new.
import type { Locator, Page } from 'playwright-core';
import { SECOND_MONITOR } from '../../server/seed/seedClinical';
import { openFormSection, signInToDashboard, useBrowser } from './harness/browser';
import { choose, confirm, createPatientAndStartAttendance, fillBaselineAfterFirstSection, formState } from './harness/clinical';

const session = useBrowser();
const PATIENT = { name: 'Hosszanti Helga', dob: '1964-08-15', taj: '111 222 337' };

/** The box of one field (its label, value and buttons). */
function field(page: Page, label: string): Locator {
  return page.locator('[data-field]', { has: page.getByText(label, { exact: true }) }).last();
}

async function halfFilledDraftThenFinal(page: Page): Promise<void> {
  await formState(page, 'Draft');
  // Only the visit date is indispensable: the rest may wait, and the draft is saved where the user is.
  await page.getByLabel('Visit date', { exact: true }).fill('2026-11-20');
  await openFormSection(page, 'Disease activity');
  await page.getByLabel('Tender joint count (28)', { exact: true }).fill('4');
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/forms\/[^/]+$/.test(response.url()));
  await page.getByRole('button', { name: 'Save draft' }).click();
  // The check lists what is missing; nothing of it is indispensable, so the draft may be saved anyway.
  await page.getByRole('button', { name: 'Save anyway' }).click();
  expect((await saved).status()).toBe(200);
  // Still in the section the user was working in, with the value kept.
  await page.getByRole('heading', { name: 'Disease activity', level: 2 }).waitFor();
  await formState(page, 'Draft');
  expect(await page.getByLabel('Tender joint count (28)', { exact: true }).inputValue()).toBe('4');

  await openFormSection(page, 'Diagnosis');
  await choose(page, 'Diagnosis', 'Rheumatoid arthritis');
  await page.getByLabel('Date of diagnosis', { exact: true }).fill('2019-05-02');
  await fillBaselineAfterFirstSection(page, { tender: '4', swollen: '3' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await formState(page, 'Awaiting approval');
}

/** From the form to its attendance list, then "Add form" in a period; the new form opens. */
async function addForm(page: Page, period: string, formType: string): Promise<void> {
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('heading', { name: `Attendances of ${PATIENT.name}`, level: 1 }).waitFor();
  await page.getByRole('button', { name: `Add form: ${period}` }).click();
  await page.getByRole('menuitem', { name: formType }).click();
  await page.getByRole('navigation', { name: 'Form sections' }).waitFor();
  await formState(page, 'Draft');
}

async function approve(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Approve at level \d$/ }).click();
  await confirm(page, 'Approve the form');
}

test('a longitudinal registry: draft, final, later periods, the matrix, two approvers and a fix on the record', async () => {
  const investigator = await session.newPage({ locale: 'en-US' });
  await signInToDashboard(investigator, 'investigator@example.org');
  await createPatientAndStartAttendance(investigator, PATIENT);
  await halfFilledDraftThenFinal(investigator);
  const formUrl = new URL(investigator.url()).pathname;
  const formDisplayId = (await investigator.getByRole('heading', { level: 1 }).innerText()).replace(/^Form /, '');
  const attendanceDisplayId = formDisplayId.replace(/-RA-BASELINE-\d+$/, '');

  await addForm(investigator, 'Month 3', 'Follow-up visit');
  await addForm(investigator, 'Month 3', 'Adverse event');
  await investigator.getByRole('button', { name: 'Close', exact: true }).click();
  const month3 = investigator.getByRole('table', { name: 'Month 3' });
  await month3.getByText('Follow-up visit', { exact: true }).waitFor();
  await month3.getByText('Adverse event', { exact: true }).waitFor();
  // Once per period: the follow-up is no longer offered there, adverse events still are.
  await investigator.getByRole('button', { name: 'Add form: Month 3' }).click();
  expect(await investigator.getByRole('menuitem').allInnerTexts()).toEqual(['Adverse event']);
  await investigator.keyboard.press('Escape');

  // The monitor starts the day at the status matrix and opens the baseline from its cell.
  const monitor = await session.newPage({ locale: 'en-US' });
  await signInToDashboard(monitor, 'monitor@example.org');
  await monitor.getByRole('link', { name: 'Status matrix of RA-BIO' }).click();
  await monitor.getByRole('textbox', { name: 'Filter by Attendance' }).fill(attendanceDisplayId);
  await monitor.getByRole('textbox', { name: 'Filter by Attendance' }).press('Enter');
  await monitor.getByRole('link', { name: new RegExp(formDisplayId) }).click();
  await monitor.getByRole('navigation', { name: 'Form sections' }).waitFor();
  await formState(monitor, 'Awaiting approval');
  await approve(monitor);
  await monitor.reload();
  await monitor.getByText(/You approved level 1 of this form/).waitFor();
  expect(await monitor.getByRole('button', { name: /^Approve at level/ }).count()).toBe(0);

  // The second approver gives level 2: final.
  const second = await session.newPage({ locale: 'en-US' });
  await signInToDashboard(second, SECOND_MONITOR);
  await second.goto(formUrl);
  await formState(second, 'Awaiting approval');
  await approve(second);
  await formState(second, 'Final');

  // A monitor fixes a value of the final form; the record names it old → new.
  await monitor.reload();
  await formState(monitor, 'Final');
  await openFormSection(monitor, 'Disease activity');
  const tender = field(monitor, 'Tender joint count (28)');
  await tender.getByRole('button', { name: 'Start fixing: Tender joint count (28)', exact: true }).click();
  await tender.getByText('You are fixing this field').waitFor();
  await monitor.getByLabel('Tender joint count (28)', { exact: true }).fill('5');
  const fixed = monitor.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/fix'));
  await tender.getByRole('button', { name: 'Finish fixing' }).click();
  const answer = await fixed;
  expect([answer.status(), await answer.text()]).toEqual([200, expect.any(String)]);
  await monitor.getByRole('button', { name: 'History', exact: true }).click();
  await monitor.getByRole('dialog', { name: 'History' }).getByText('Tender joint count (28): 4 → 5').waitFor();
}, 240_000);
