// The loop the product exists for, in Chromium against the real server, on SQLite and (when
// TEST_DATABASE_URL is set) on PostgreSQL: an investigator creates a patient, starts an attendance,
// lands on the start form and fills the baseline with DAS28 computed and finalizes it; a monitor rejects one field at level 1;
// the investigator corrects it with a note; the monitor approves level 1 and is not offered level 2
// (four eyes), a second approver (the administrator) approves level 2 until final; the
// history shows every step; an investigator of another institute cannot see the patient.
import type { Locator, Page } from 'playwright-core';
import { baseUrl, openFormSection, signInToDashboard, useBrowser } from './harness/browser';
import { choose, confirm, createPatientAndStartAttendance, fillBaselineAfterFirstSection, formState } from './harness/clinical';
import { startPostgresServer, type RunningServer } from './harness/server';

const session = useBrowser();
const PATIENT = 'Próba Journey Anna';

/** The innermost box holding a field's label and its review buttons. */
function fieldBox(page: Page, label: string, button: string): Locator {
  return page
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .filter({ has: page.getByRole('button', { name: button }) })
    .last();
}

async function fillBaselineAndFinalize(page: Page): Promise<void> {
  await formState(page, 'Draft');
  // The header names the attendance's patient and physician; nobody types ids there.
  const header = page.getByRole('group', { name: 'Form header' });
  await header.getByText(new RegExp(`^SZLK-\\d{6} · ${PATIENT}$`)).waitFor();
  await header.getByText('Dr. Nagy Eszter', { exact: true }).waitFor();
  expect(await header.getByRole('textbox', { name: 'Patient' }).count()).toBe(0);
  await page.getByLabel('Visit date', { exact: true }).fill('2026-11-20');
  await choose(page, 'Diagnosis', 'Rheumatoid arthritis');
  await page.getByLabel('Date of diagnosis', { exact: true }).fill('2019-05-02');
  // Date of birth and sex repeat the patient record: filled by the server, not typed here.
  await openFormSection(page, 'Demographics and examination');
  expect(await page.getByRole('textbox', { name: 'Date of birth', exact: true }).count()).toBe(0);
  await fillBaselineAfterFirstSection(page, { tender: '4', swollen: '9' });
  await openFormSection(page, 'Disease activity');
  // 0.56·√4 + 0.28·√9 + 0.70·ln 20 + 0.014·50 = 4.757
  await page.getByLabel('DAS28-ESR', { exact: true }).filter({ hasText: '4.76' }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await formState(page, 'Awaiting approval');
}

async function openFromList(page: Page, list: string, formDisplayId: string): Promise<void> {
  await page.getByRole('link', { name: list }).click();
  await page.getByRole('link', { name: formDisplayId, exact: true }).click();
  await page.getByRole('navigation', { name: 'Form sections' }).waitFor();
}

async function runLoop(serverUrl: string): Promise<void> {
  const investigator = await session.newPage({ locale: 'en-US', baseURL: serverUrl });
  await signInToDashboard(investigator, 'investigator@example.org');
  await createPatientAndStartAttendance(investigator, { name: PATIENT, dob: '1971-03-04', taj: '123 456 788' });
  await fillBaselineAndFinalize(investigator);
  const formUrl = new URL(investigator.url()).pathname;
  const formDisplayId = (await investigator.getByRole('heading', { level: 1 }).innerText()).replace(/^Form /, '');

  // The monitor sends the swollen joint count back at level 1.
  const monitor = await session.newPage({ locale: 'en-US', baseURL: serverUrl });
  await signInToDashboard(monitor, 'monitor@example.org');
  await openFromList(monitor, 'Forms to approve', formDisplayId);
  // On a 1366x768 screen the compact title row and header leave the clinical data on the first screen.
  await monitor.setViewportSize({ width: 1366, height: 768 });
  await monitor.evaluate(() => window.scrollTo(0, 0));
  const firstField = await monitor.locator('section [data-field]').first().boundingBox();
  expect(firstField && firstField.y + firstField.height).toBeLessThan(768);
  await openFormSection(monitor, 'Disease activity');
  // Rejecting is a compact action beside the field, named with it; the reason goes in its popover.
  await monitor.getByRole('button', { name: 'Reject: Swollen joint count (28)', exact: true }).click();
  await monitor.getByLabel('Reason for rejection').fill('The source document says 6 swollen joints');
  await monitor.getByRole('button', { name: 'Reject field' }).click();
  await monitor.getByRole('button', { name: 'Request correction' }).click();
  await confirm(monitor, 'Send the form back for correction');
  await formState(monitor, 'Rejected');

  // The investigator corrects it with a note and hands the correction in.
  await investigator.getByRole('link', { name: 'Dashboard' }).click();
  await openFromList(investigator, 'Forms to correct', formDisplayId);
  await formState(investigator, 'Rejected');
  // The correct view opens on the rejected field, in its section; the section says what waits there.
  await investigator.getByRole('heading', { name: 'Disease activity', level: 2 }).waitFor();
  const rejectedInput = await investigator.getByLabel('Swollen joint count (28)', { exact: true }).elementHandle();
  await investigator.waitForFunction((input) => input === document.activeElement, rejectedInput);
  const nav = investigator.getByRole('navigation', { name: 'Form sections' });
  expect(await nav.getByRole('button', { name: 'Disease activity', exact: true }).getAttribute('aria-describedby')).toBeTruthy();
  await nav.getByText('1 rejected').waitFor();
  await openFormSection(investigator, 'Disease activity');
  const swollen = fieldBox(investigator, 'Swollen joint count (28)', 'Write a correct note');
  await swollen.getByText('The source document says 6 swollen joints').waitFor();
  await investigator.getByLabel('Swollen joint count (28)', { exact: true }).fill('6');
  await swollen.getByRole('button', { name: 'Write a correct note' }).click();
  await investigator.getByLabel('Correct note').fill('Copied from the wrong visit; 6 on the sheet');
  await investigator.getByRole('button', { name: 'Save note' }).click();
  await investigator.getByRole('button', { name: 'Finish correction' }).click();
  await confirm(investigator, 'Finish the correction');
  await formState(investigator, 'Corrected');

  // The monitor approves level 1; level 2 is refused to them (four eyes), and the page says why.
  await monitor.goto(formUrl);
  await formState(monitor, 'Corrected');
  await monitor.getByRole('button', { name: 'Approve at level 1', exact: true }).click();
  await confirm(monitor, 'Approve the form');
  await formState(monitor, 'Awaiting approval');
  await monitor.reload();
  await monitor.getByText(/You approved level 1 of this form/).waitFor();
  expect(await monitor.getByRole('button', { name: /^Approve at level/ }).count()).toBe(0);

  // A second monitor approves level 2: final.
  const second = await session.newPage({ locale: 'en-US', baseURL: serverUrl });
  await signInToDashboard(second, 'monitor2@example.org');
  await second.goto(formUrl);
  await formState(second, 'Awaiting approval');
  await second.getByRole('button', { name: 'Approve at level 2', exact: true }).click();
  await confirm(second, 'Approve the form');
  await formState(second, 'Final');

  // The record shows every step, with the corrected value.
  await investigator.reload();
  await formState(investigator, 'Final');
  await investigator.getByRole('button', { name: 'History', exact: true }).click();
  const history = investigator.getByRole('dialog', { name: 'History' });
  await history.getByText('Approved at level 2', { exact: true }).waitFor();
  const operations = await history.locator('li').evaluateAll((items) => items.map((item) => item.textContent ?? ''));
  const steps = /^(Draft created|Finalized|Rejected at level 1: sent back for correction|Correction finalized|Approved at level 1|Approved at level 2)/;
  expect(operations.map((text) => steps.exec(text)?.[1])).toEqual([
    'Draft created',
    'Finalized',
    'Rejected at level 1: sent back for correction',
    'Correction finalized',
    'Approved at level 1',
    'Approved at level 2',
  ]);
  // Fields are named with their section, as the form shows them.
  await history.getByText(/ › Swollen joint count \(28\): 9 → 6$/).waitFor();
  await history.getByText(/The source document says 6 swollen joints/).waitFor();
  await history.getByText(/Copied from the wrong visit; 6 on the sheet/).waitFor();

  // An investigator of another institute does not see the patient, not even by its address.
  const outsider = await session.newPage({ locale: 'en-US', baseURL: serverUrl });
  await signInToDashboard(outsider, 'investigator2@example.org');
  await outsider.goto('/patients');
  await outsider.getByRole('table', { name: 'Patients' }).waitFor();
  expect(await outsider.getByText(PATIENT).count()).toBe(0);
  await outsider.goto(formUrl);
  await outsider.getByRole('alert').waitFor();
  expect(await outsider.getByText(PATIENT).count()).toBe(0);
  expect(await outsider.getByLabel('Swollen joint count (28)').count()).toBe(0);
}

test('the clinical loop on SQLite: draft → rejected → corrected → final, on the record, hidden from other institutes', async () => {
  await runLoop(baseUrl());
}, 180_000);

const postgresUrl = process.env.TEST_DATABASE_URL;
(postgresUrl ? describe : describe.skip)('on PostgreSQL', () => {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startPostgresServer(postgresUrl ?? '');
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('the clinical loop on PostgreSQL: draft → rejected → corrected → final, on the record, hidden from other institutes', async () => {
    await runLoop(server?.baseUrl ?? '');
  }, 180_000);
});
