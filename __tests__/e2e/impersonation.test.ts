// Impersonation in Chromium against the real server: the admin (an impersonator) acts as the
// investigator after a confirmation naming her, sees the banner on every page, saves her draft
// form, exits back to their own session, and the form history names both ("X on behalf of Y").
import { baseUrl, openFormSection, signInToDashboard, useBrowser } from './harness/browser';

const session = useBrowser();
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

  // As the investigator: her patient's draft baseline, one value changed and saved as a draft.
  await page.goto('/patients');
  await page.getByText(BANNER).waitFor();
  const row = page.getByRole('row', { name: /Példa Piroska/ });
  await row.getByRole('link', { name: 'Attendance list' }).click();
  await page.getByRole('link', { name: /RA-BIO-20260414/ }).click();
  await page.getByRole('navigation', { name: 'Form sections' }).waitFor();
  await openFormSection(page, 'Disease activity');
  await page.getByLabel('ESR', { exact: true }).fill('31');
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await page.getByText(/Saved/).first().waitFor();
  const formUrl = new URL(page.url()).pathname;

  // Exit: back to the admin's own session, no banner.
  await page.getByRole('button', { name: 'Exit' }).click();
  await page.getByRole('button', { name: 'User menu of Kovács Anna' }).waitFor();
  expect(await page.getByText(BANNER).count()).toBe(0);

  await page.goto(formUrl);
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await history.getByText(/Kovács Anna on behalf of Dr\. Nagy Eszter/).first().waitFor();
  await history.getByText(/ESR: .*→ 31/).waitFor();
}, 120_000);
