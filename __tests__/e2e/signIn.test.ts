// Sign-in journeys of issue 3 in Chromium against the real server: (a) password only, (b) MFA set
// up as an authenticator app would, (c) a recovery key that works once, (d) password reset
// through the e-mailed link.
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { baseUrl, useBrowser } from './harness/browser';
import { tokenLink, waitForMail } from './harness/outbox';

const session = useBrowser();
const PASSWORD = 'Demo-Registry-2026';

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
}

function authenticator(secretText: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secretText.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
}

test('(a) a user without MFA signs in, sees the dashboard with their name, and signs out', async () => {
  const page = await session.newPage({ locale: 'en-US' });
  await signIn(page, 'investigator@example.org');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByText(/Welcome, /).waitFor();
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('apiToken') ?? '{}'))).toEqual({
    token: expect.any(String),
    expiresAt: expect.any(Number),
  });
  await signOut(page);
  expect(await page.evaluate(() => sessionStorage.getItem('apiToken'))).toBeNull();
  // The signed-out browser cannot go back in.
  await page.goto('/');
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
});

test('a wrong password says "Login failed"', async () => {
  const page = await session.newPage({ locale: 'en-US' });
  await signIn(page, 'investigator@example.org', 'Not-The-Password-1');
  await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
});

describe('the account with MFA enforced', () => {
  let secret = '';
  let recoveryKeys: string[] = [];

  test('(b) is made to set up MFA, saves the recovery keys, and later signs in with a code', async () => {
    const page = await session.newPage({ locale: 'en-US' });
    await signIn(page, 'mfa@example.org');
    await page.getByRole('heading', { name: 'Set up two-step verification', level: 1 }).waitFor();
    await page.getByText('Cannot skip MFA setup!').waitFor();
    expect(await page.getByRole('button', { name: 'Skip for now' }).count()).toBe(0);
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    secret = (await page.getByTestId('mfa-secret').innerText()).trim();
    const app = authenticator(secret);

    await page.getByLabel('Verification code', { exact: true }).fill(app.generate());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('heading', { name: 'Your recovery keys' }).waitFor();
    recoveryKeys = (await page.getByTestId('recovery-keys').locator('li').allInnerTexts()).map((k) => k.trim());
    expect(recoveryKeys).toHaveLength(10);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    expect(await continueButton.isDisabled()).toBe(true);
    await page.getByLabel('I saved recovery codes').check();
    await continueButton.click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await signOut(page);

    await signIn(page, 'mfa@example.org');
    await page.getByRole('heading', { name: 'Two-step verification', level: 1 }).waitFor();
    // The code used for setup cannot be replayed: take the next one, as the app shows 30 s later.
    await page.getByLabel('Verification code', { exact: true }).fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });

  test('(c) signs in with a recovery key, and the same key is refused the second time', async () => {
    expect(recoveryKeys).toHaveLength(10);
    const page = await session.newPage({ locale: 'en-US' });
    for (const attempt of ['first', 'second'] as const) {
      await signIn(page, 'mfa@example.org');
      await page.getByRole('button', { name: 'Use a recovery key instead' }).click();
      await page.getByLabel('Recovery key', { exact: true }).fill(recoveryKeys[0]);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      if (attempt === 'first') {
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        await signOut(page);
      } else {
        await page.getByRole('alert').filter({ hasText: 'Invalid recovery key' }).waitFor();
        await page.getByRole('button', { name: 'Back to the verification code' }).click();
        await page.getByLabel('Verification code', { exact: true }).waitFor();
      }
    }
  });
});

test('(d) a forgotten password is reset through the e-mailed link', async () => {
  const page = await session.newPage({ locale: 'en-US' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The sign-in screen has an "E-mail address" field too: type only once the new screen is there.
  await page.getByRole('heading', { name: 'Forgotten password', level: 1 }).waitFor();
  await page.getByLabel('E-mail address', { exact: true }).fill('exporter@example.org');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByText(/If an account belongs to this address/).waitFor();

  const mail = await waitForMail(join(process.env.E2E_WORK_DIR ?? '', 'outbox'), 'exporter@example.org', /#token=/);
  const link = tokenLink(mail);
  expect(link.startsWith(`${baseUrl()}/login/reset-password#token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('New password again', { exact: true }).fill('different');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByText('password not complex enough').waitFor();
  await page.getByText('Passwords do not match').waitFor();
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Secret-7');
  await page.getByLabel('New password again', { exact: true }).fill('Brand-New-Secret-7');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByText(/Your password has been changed/).waitFor();

  // The link works once.
  await page.goto('/login');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-Secret-8a');
  await page.getByLabel('New password again', { exact: true }).fill('Another-Secret-8a');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByText(/This link is invalid, has expired or has already been used/).waitFor();

  await signIn(page, 'exporter@example.org', 'Brand-New-Secret-7');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
});
