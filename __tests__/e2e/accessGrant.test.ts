// Access-list journey in Chromium against the real server (issue 13): an admin grants a new user
// the physician scheme on one institute; the user, who saw no patients before, now sees that
// institute's patients and nothing else.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { signInToDashboard, useBrowser } from './harness/browser';
import { tokenLink, waitForMail } from './harness/outbox';

const session = useBrowser();
const outbox = (): string => join(process.env.E2E_WORK_DIR ?? '', 'outbox');
const PASSWORD = 'Jogosult-Jelszo-2026';

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** The Institute column of every row of the patients grid. */
async function patientInstitutes(page: Page): Promise<string[]> {
  await page.goto('/patients');
  const grid = page.getByRole('table', { name: 'Patients' });
  await grid.waitFor();
  await page.waitForLoadState('networkidle');
  const headers = await grid.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((text) => text.startsWith('Institute'));
  const rows = await grid.locator('tbody tr').all();
  const values: string[] = [];
  for (const row of rows) {
    const cells = await row.getByRole('cell').allTextContents();
    if (cells.length > column) values.push(cells[column]);
  }
  return values;
}

test('an admin grants a new user the physician scheme on one institute; the user sees its patients and nothing else', async () => {
  const email = `granted.${Date.now()}@example.org`;
  const admin = await session.newPage({ locale: 'en-US' });
  await signInToDashboard(admin, 'admin@example.org');
  await admin.goto('/admin/users/new');
  await admin.getByLabel(/^Name/).fill('Dr. Jogosult Júlia');
  await admin.getByLabel(/^E-mail/).fill(email);
  await admin.getByRole('combobox', { name: 'Institute' }).click();
  await admin.getByRole('option', { name: "St. Luke's Hospital (SZLK)", exact: true }).click();
  await admin.getByRole('checkbox', { name: 'Local investigator' }).check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('The user has been saved.').waitFor();

  const user = await session.newPage({ locale: 'en-US' });
  await user.goto(tokenLink(await waitForMail(outbox(), email, /#token=/)));
  await user.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await user.getByLabel('New password again', { exact: true }).fill(PASSWORD);
  await user.getByRole('button', { name: 'Save the new password' }).click();
  await user.getByText(/Your password has been changed/).waitFor();
  await signIn(user, email);
  expect(await patientInstitutes(user)).toEqual([]);

  // The grant: Permissions → New permission; trustee searched by name, scheme, one institute.
  await admin.getByRole('link', { name: 'Permissions', exact: true }).first().click();
  await admin.getByRole('heading', { name: 'Registry permissions', level: 1 }).waitFor();
  await admin.getByRole('link', { name: 'New permission' }).click();
  await admin.getByRole('combobox', { name: /^Trustee/ }).fill('Jogosult');
  await admin.getByRole('option', { name: new RegExp(`^Dr\\. Jogosult Júlia \\(${email.replace(/\./g, '\\.')}\\)`) }).click();
  await admin.getByRole('combobox', { name: /^Permission scheme/ }).click();
  await admin.getByRole('option', { name: 'physician', exact: true }).click();
  await admin.getByRole('combobox', { name: 'Institute' }).click();
  await admin.getByRole('option', { name: /^SZLK/ }).click();
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByRole('link', { name: 'Dr. Jogosult Júlia' }).waitFor();

  const institutes = await patientInstitutes(user);
  expect(institutes.length).toBeGreaterThan(0);
  expect(new Set(institutes)).toEqual(new Set(['SZLK']));
});
