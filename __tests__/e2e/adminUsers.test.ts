// Administration journeys in Chromium against the real server (issue 12): an admin creates a user,
// who chooses a password from the e-mailed link and signs in; a self-registered user is activated
// from the link in the administrators' e-mail and signs in.
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Page } from 'playwright-core';
import { baseUrl, signInToDashboard, useBrowser } from './harness/browser';
import { tokenLink, waitForMail } from './harness/outbox';

const session = useBrowser();
const outbox = (): string => join(process.env.E2E_WORK_DIR ?? '', 'outbox');

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

test('an admin creates a user; the user sets a password from the e-mailed link and signs in', async () => {
  const email = `new.colleague.${Date.now()}@example.org`;
  const admin = await session.newPage({ locale: 'en-US' });
  await signInToDashboard(admin, 'admin@example.org');
  await admin.getByRole('link', { name: 'Users', exact: true }).first().click();
  await admin.getByRole('table', { name: 'Users' }).waitFor();
  await admin.getByRole('link', { name: 'New user' }).click();
  await admin.getByRole('heading', { name: 'New user', level: 1 }).waitFor();
  await admin.getByLabel(/^Name/).fill('Dr. Új Kolléga');
  await admin.getByLabel(/^E-mail/).fill(email);
  await admin.getByRole('combobox', { name: 'Institute' }).click();
  await admin.getByRole('option', { name: "St. Luke's Hospital (SZLK)", exact: true }).click();
  await admin.getByRole('checkbox', { name: 'Local investigator' }).check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByRole('heading', { name: 'Dr. Új Kolléga', level: 1 }).waitFor();
  await admin.getByText('The user has been saved.').waitFor();

  const mail = await waitForMail(outbox(), email, /#token=/);
  expect(mail).toContain('An administrator has created an account for you');
  const user = await session.newPage({ locale: 'en-US' });
  await user.goto(tokenLink(mail));
  await user.getByLabel('New password', { exact: true }).fill('Kolléga-Jelszó-2026');
  await user.getByLabel('New password again', { exact: true }).fill('Kolléga-Jelszó-2026');
  await user.getByRole('button', { name: 'Save the new password' }).click();
  await user.getByText(/Your password has been changed/).waitFor();
  await signIn(user, email, 'Kolléga-Jelszó-2026');
});

/** Registers through the API (the registration journey covers the form and its widget). */
async function registerConfirmed(email: string, password: string): Promise<void> {
  const challenge = (await (await fetch(`${baseUrl()}/api/v1/user-registrations/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const institutes = (await (await fetch(`${baseUrl()}/api/v1/user-registrations/institutes`)).json()) as { results: { id: string; shortName: string }[] };
  const response = await fetch(`${baseUrl()}/api/v1/user-registrations/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({
      name: 'Dr. Regisztrált Orvos',
      email,
      password,
      passwordConfirmation: password,
      instituteId: institutes.results.find((i) => i.shortName === 'SZLK')?.id,
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    }),
  });
  expect(response.status).toBe(201);
}

test('a self-registered user is activated from the link in the administrators\' e-mail', async () => {
  const email = `registered.${Date.now()}@example.org`;
  const password = 'Regisztralt-Jelszo-9';
  await registerConfirmed(email, password);
  const user = await session.newPage({ locale: 'en-US' });
  await user.goto(tokenLink(await waitForMail(outbox(), email, /#token=/)));
  await user.getByText(/Your e-mail address is confirmed/).waitFor();

  // Every administrator of the institute gets the notice; the local administrator's link is enough.
  const notice = await waitForMail(outbox(), 'local.admin@example.org', new RegExp(email.replace(/[.+]/g, '\\$&')));
  const link = /https?:\/\/[^\s"<>]+\/admin\/users\/[A-Za-z0-9-]+/.exec(notice)?.[0];
  expect(link).toBeDefined();
  const admin = await session.newPage({ locale: 'en-US' });
  await signInToDashboard(admin, 'local.admin@example.org');
  await admin.goto(link ?? '');
  await admin.getByRole('heading', { name: 'Dr. Regisztrált Orvos', level: 1 }).waitFor();
  await admin.getByText('Awaiting activation').waitFor();
  await admin.getByRole('button', { name: 'Activate', exact: true }).click();
  await admin.getByRole('dialog', { name: /Activate Dr\. Regisztrált Orvos\?/ }).getByRole('button', { name: 'Yes' }).click();
  await admin.getByText('The user has been activated and notified by e-mail.').waitFor();

  await waitForMail(outbox(), email, /activated your account/);
  await signIn(user, email, password);
});
