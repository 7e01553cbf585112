// The statistics page in Chromium against the real server: the admin opens it from the menu, sees
// each statistic's chart (drawn by recharts as SVG), narrows to the rheumatology registry (its
// target line appears), finds no serious accessibility violation, and downloads each of the four
// spreadsheets, each an .xlsx (a zip: "PK" signature) under its own name.
import { readFileSync } from 'node:fs';
import { seriousAccessibilityViolations, signInToDashboard, useBrowser } from './harness/browser';
import { startServer, type RunningServer } from './harness/server';

const session = useBrowser();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const DOWNLOADS = [
  ['Registry attendance count', 'registry-attendance-count.xlsx'],
  ['User activity', 'user-activity.xlsx'],
  ['Rejection count', 'rejection-count.xlsx'],
  ['Follow up', 'follow-up.xlsx'],
] as const;

test('an admin opens the statistics, sees the charts and downloads each spreadsheet', async () => {
  const page = await session.newPage({ locale: 'en-US', baseURL: server.baseUrl });
  await signInToDashboard(page, 'admin@example.org');
  await page.getByRole('link', { name: 'Statistics' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Statistics' }).waitFor();

  const attendance = page.getByRole('region', { name: 'Registry attendance count' });
  const states = attendance.getByRole('img', { name: 'Forms per institute by state' });
  await states.waitFor();
  // The chart is drawn: recharts' SVG with one bar group per state.
  await states.locator('svg.recharts-surface').first().waitFor();
  await page.getByRole('region', { name: 'User activity' }).getByRole('img', { name: 'Form operations per user' }).waitFor();
  await page.getByRole('region', { name: 'Follow up' }).getByText(/of \d+ patients are overdue/).waitFor();

  await page.getByLabel('Registry', { exact: true }).selectOption({ label: 'Rheumatology Biologic Therapy Registry' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await attendance.getByText('Target: 1,500 patients').waitFor();
  await attendance.getByRole('img', { name: 'Attendances per month and patients reached against the target' }).locator('svg.recharts-surface').first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  for (const [section, fileName] of DOWNLOADS) {
    const button = page.getByRole('region', { name: section }).getByRole('button', { name: `Download ${fileName}` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  }
}, 120_000);
