// The data export in Chromium against the real server: the demo's data exporter opens the page from
// the menu, sets the parameters (registry, form type, field from the picker, rows per sheet),
// watches the job's progress, downloads the password-protected workbook, and the outbox holds the
// e-mail with the file attached. It runs on a server of its own: the sign-in journeys reset the
// exporter's password on the shared one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInToDashboard, useBrowser } from './harness/browser';
import { waitForMail } from './harness/outbox';
import { startServer, type RunningServer } from './harness/server';

const session = useBrowser();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});
const outbox = (): string => join(server.workDir, 'outbox');
const PASSWORD = 'Journey-Export-2026!';
/** An OLE compound file: how Office stores a password-protected workbook. */
const COMPOUND_FILE_SIGNATURE = 'd0cf11e0a1b11ae1';

test('the exporter sets parameters, watches progress, downloads the file, and receives the e-mail', async () => {
  const page = await session.newPage({ locale: 'en-US', baseURL: server.baseUrl });
  await signInToDashboard(page, 'exporter@example.org');
  await page.getByRole('link', { name: 'Data export' }).first().click();
  await page.getByRole('heading', { name: 'New export' }).waitFor();

  await page.getByLabel('File name', { exact: false }).fill('journey-export');
  await page.getByLabel('Password of the file', { exact: false }).fill(PASSWORD);
  await page.getByLabel('Password again', { exact: false }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Rheumatology Biologic Therapy Registry' }).check();
  await page.getByRole('checkbox', { name: 'Baseline visit' }).check();
  await page.getByLabel('Add a field').selectOption('esr');
  await page.getByLabel('Rows per sheet').fill('100');
  await page.getByRole('button', { name: 'Start export' }).click();

  const watched = page.getByRole('region', { name: 'Export journey-export' });
  await watched.getByRole('progressbar', { name: 'Progress of the export' }).waitFor();
  const downloadButton = watched.getByRole('button', { name: 'Download journey-export.xlsx' });
  await downloadButton.waitFor({ timeout: 30_000 });
  await watched.getByText(/Ready: \d+ forms/).waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toBe('journey-export.xlsx');
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 8).toString('hex')).toBe(COMPOUND_FILE_SIGNATURE);

  // The list of recent exports has it too.
  await page.getByRole('table', { name: 'Recent exports' }).getByRole('button', { name: 'Download journey-export.xlsx' }).waitFor();

  // The exporter's profile language is Hungarian: so is the mail; the workbook is attached, the password is not in it.
  const mail = await waitForMail(outbox(), 'exporter@example.org', /Az adatexport \(\d+ űrlap\) elkészült\./);
  expect(mail).toContain('A fájlt csatoltuk');
  expect(mail).not.toContain(PASSWORD);
}, 120_000);
