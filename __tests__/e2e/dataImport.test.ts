// The data import in Chromium against the real server: the demo's data importer (the seed gives it
// the uploader scheme at SZLK in the RA registry, nothing is granted first) downloads the
// adverse-event template, uploads a file built from it with one bad row, reads the report (nothing
// can be committed), fixes the file, imports it again, commits it, and finds the forms in the
// registry's status matrix. It runs on a server of its own, since it writes forms.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, signInToDashboard, useBrowser } from './harness/browser';
import { startServer, type RunningServer } from './harness/server';

const session = useBrowser();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const REGISTRY = 'Rheumatology Biologic Therapy Registry';
type Listed = { results: Record<string, unknown>[] };

async function adminApi(): Promise<(method: string, path: string, body?: unknown) => Promise<Listed>> {
  const signIn = await fetch(`${server.baseUrl}/api/v1/auth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.org', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  return async (method, path, body) => {
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Listed;
  };
}

/** A patient number at SZLK in the RA registry, where the seed lets the importer write forms. */
async function findPatient(): Promise<string> {
  const api = await adminApi();
  const registry = (await api('GET', '/registries?limit=100')).results.find((r) => r.name === REGISTRY)!;
  const szlk = (await api('GET', '/institutes?limit=100')).results.find((i) => i.shortName === 'SZLK')!;
  const patients = (await api('GET', '/patients?limit=100')).results as { internalPatientNumber: string; registry: { id: string }; institute: { id: string } }[];
  return patients.find((p) => p.registry.id === registry.id && p.institute.id === szlk.id)!.internalPatientNumber;
}

/** The CSV of the template with `rows`, each the template's example row with the given cells replaced. */
function fileFrom(template: string, rows: Record<string, string>[]): Buffer {
  const [headerLine, exampleLine] = template.trim().split(/\r?\n/);
  const header = headerLine.split(',');
  const example = exampleLine.split(',');
  const lines = rows.map((cells) => header.map((column, i) => cells[column] ?? example[i]).join(','));
  return Buffer.from(`${[headerLine, ...lines].join('\r\n')}\r\n`);
}

async function newImport(page: Page, name: string, file: Buffer): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Data import' }).click();
  await page.getByRole('heading', { name: 'New data import' }).waitFor();
  await page.getByLabel(/^Name of the import/).fill(name);
  await page.getByLabel(/^Registry/).selectOption({ label: REGISTRY });
  await page.getByLabel(/^Form type \*?$/).selectOption({ label: 'Adverse event' });
  if (file.length > 0) {
    await page.getByLabel('File (CSV or .xlsx)').setInputFiles({ name: `${name}.csv`, mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await page.getByRole('heading', { name: `Import ${name}` }).waitFor();
    await page.getByText('Checked, waiting for commit').first().waitFor({ timeout: 30_000 });
  }
}

test('the importer downloads a template, reads the report of a bad file, fixes it, commits it, and finds the forms in the matrix', async () => {
  const patientNumber = await findPatient();
  const page = await session.newPage({ locale: 'en-US', baseURL: server.baseUrl });
  await signInToDashboard(page, 'importer@example.org');

  // The template: the header of the form type's latest version and one example row.
  await newImport(page, 'template', Buffer.alloc(0));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template' }).click()]);
  expect(download.suggestedFilename()).toBe('AE-v1-import.csv');
  const template = readFileSync(await download.path(), 'utf8');
  expect(template.split(/\r?\n/)[0]).toMatch(/^patientNumber,insuranceNumber,institute,attendanceId,attendanceStart,physician,formId,aeTerm,/);

  const keys = { patientNumber, institute: 'SZLK', physician: 'investigator@example.org', attendanceStart: '2026-03-02T10:00' };
  const good = { ...keys, aeTerm: 'Upper respiratory infection', ctcaeGrade: '2' };
  const second = { ...keys, aeTerm: 'Injection-site rash', aeCategory: 'injectionSite', ctcaeGrade: '1' };

  // One bad row: the report names it, and nothing can be committed.
  await newImport(page, 'ae-first-try', fileFrom(template, [good, { ...second, ctcaeGrade: '9' }]));
  const report = page.getByRole('region', { name: 'Report' });
  await expect(report.getByRole('rowheader', { name: 'Rows with errors' }).locator('xpath=following-sibling::td').innerText()).resolves.toBe('1');
  const errorRow = report.getByRole('table', { name: 'Errors of the import' }).getByRole('row').nth(1);
  expect(await errorRow.getByRole('cell').allInnerTexts()).toEqual(['2', 'ctcaeGrade', '9', '"9" is neither a code nor a label of this field\'s options']);
  expect(await page.getByRole('button', { name: 'Commit import' }).count()).toBe(0);
  await page.getByText('Nothing can be written while a row has errors: fix the file and start a new import.').waitFor();

  // The fixed file checks clean and is committed, all rows in one step.
  await newImport(page, 'ae-fixed', fileFrom(template, [good, second]));
  await expect(report.getByRole('rowheader', { name: 'Forms it creates' }).locator('xpath=following-sibling::td').innerText()).resolves.toBe('2');
  await page.getByRole('button', { name: 'Commit import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Commit the import?' });
  await dialog.getByText('All 2 rows are written in one step, or none: if any row fails, nothing is written.').waitFor();
  await dialog.getByRole('button', { name: 'Commit import' }).click();
  await page.getByText('The import is done: every row was written.').waitFor({ timeout: 30_000 });
  await expect(report.getByRole('rowheader', { name: 'Forms created' }).locator('xpath=following-sibling::td').innerText()).resolves.toBe('2');

  // Both forms are in the registry's matrix, in the new attendance of the patient.
  await page.getByRole('link', { name: `Open the status matrix of ${REGISTRY}` }).click();
  await page.getByRole('textbox', { name: 'Filter by Patient' }).fill(patientNumber);
  await page.getByRole('textbox', { name: 'Filter by Patient' }).press('Enter');
  // A cell's link is named "<period>: <form type short name>, form <display id>: <state>, ...".
  const imported = page.getByRole('table').first().getByRole('link', { name: /: AE, form .*-RA-AE-.*: Draft/ });
  await imported.first().waitFor();
  expect(await imported.count()).toBe(2);

  // The list has both jobs; the first try stays there as checked, not failed.
  await page.getByRole('link', { name: 'Data import jobs' }).click();
  const jobs = page.getByRole('table', { name: 'Import jobs' });
  await jobs.getByRole('link', { name: 'ae-fixed' }).waitFor();
  await jobs.getByRole('row', { name: /ae-fixed/ }).getByText('Imported').waitFor();
  expect(await jobs.getByRole('row', { name: /ae-fixed/ }).getByRole('cell').allInnerTexts()).toContain('2 of 2 rows');
}, 180_000);
