// The export job with the real file writers (server/export/produceExport.ts) over the demo data:
// the workbook arrives encrypted (an OLE compound file, as Office writes password-protected
// files) and attached; the ODM file, plain XML, is only ever linked, never mailed.
import type { ProduceExportInput } from '../../../server/export/exportContract';
import { produceExport } from '../../../server/export/produceExport';
import { waitFor } from '../../helpers/serverApp';
import { EXPORTER, createExportTestServer, exportBody, type ExportTestServer } from './exportTestKit';

const COMPOUND_FILE_SIGNATURE = 'd0cf11e0a1b11ae1';
let server: ExportTestServer;

beforeAll(async () => {
  server = await createExportTestServer({ writer: (calls: ProduceExportInput[]) => (input) => (calls.push(input), produceExport(input)) });
  await server.app.jobs.start();
});

afterAll(async () => {
  await server.close();
});

async function finished(body: Record<string, unknown>): Promise<{ id: string; state: string; file: { forms: number } | null; errorCode: string | null }> {
  const started = await server.call('POST', '/data-export', EXPORTER, body);
  expect(started.status).toBe(202);
  const id: string = started.body.results[0].id;
  return waitFor(async () => {
    const job = (await server.call('GET', `/data-export/jobs/${id}`, EXPORTER)).body.results[0];
    return ['queued', 'running'].includes(job.state) ? undefined : job;
  }, 30_000);
}

const mailFor = (jobId: string): Promise<{ raw: string; text: string }> =>
  waitFor(async () => server.mails().find((m) => m.text.includes(`data-export?job=${jobId}`)), 5_000);

test('an xlsx export of the demo data is an encrypted workbook, downloadable and attached to the mail', async () => {
  const job = await finished(exportBody({ fileName: 'demo-xlsx' }));
  expect(job.state).toBe('succeeded');
  expect(job.file?.forms).toBeGreaterThan(0);
  const download = await server.call('GET', `/data-export/jobs/${job.id}/file`, EXPORTER);
  expect(download.status).toBe(200);
  expect(download.raw.subarray(0, 8).toString('hex')).toBe(COMPOUND_FILE_SIGNATURE);
  expect((await mailFor(job.id)).raw).toMatch(/filename="?demo-xlsx\.xlsx/);
});

test('an ODM export is XML, and its mail links the download instead of attaching plain data', async () => {
  const job = await finished(exportBody({ fileName: 'demo-odm', format: 'odm' }));
  expect(job.state).toBe('succeeded');
  const download = await server.call('GET', `/data-export/jobs/${job.id}/file`, EXPORTER);
  expect(download.raw.toString('utf8', 0, 200)).toContain('<ODM');
  const mail = await mailFor(job.id);
  expect(mail.raw).not.toMatch(/filename=/);
  expect(mail.text).toContain('Az ODM-fájl nem titkosított, ezért levélben nem küldjük');
});
