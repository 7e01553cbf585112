// The export as a durable job, end to end on the real app: the job runs the file writer with the
// password and the narrowed parameters, reports progress, delivers the file by mail (attached, or
// linked when larger than EXPORT_MAIL_MAX_BYTES), says why when it fails, survives a crash of the
// instance running it, runs once with two instances, and its file is deleted after the retention.
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../../../server/app';
import type { ProduceExport, ProduceExportInput } from '../../../server/export/exportContract';
import { exportFolder } from '../../../server/export/exportJob';
import { deleteExpiredExports } from '../../../server/export/exportRetention';
import { findAuthUser } from '../../../server/users/users.repository';
import { flushRequestLog } from '../../../server/appLog/requestLogBuffer';
import { waitFor } from '../../helpers/serverApp';
import { EXPORTER, GOOD_PASSWORD, MONITOR, createExportTestServer, exportBody, type ExportTestServer } from './exportTestKit';

const SMALL = 'PK small encrypted workbook';

/** Writes a small file; a file name with "big" gets 2 kB, one with "broken" fails. */
const writer =
  (calls: ProduceExportInput[]): ProduceExport =>
  async (input) => {
    calls.push(input);
    if (input.parameters.fileName.includes('broken')) throw new Error('the writer broke');
    const content = input.parameters.fileName.includes('big') ? 'x'.repeat(2048) : SMALL;
    await input.onProgress(1, 2);
    await writeFile(input.targetPath, content);
    await input.onProgress(2, 2);
    return { forms: 2, bytes: content.length, downloadName: `${input.parameters.fileName}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  };

let server: ExportTestServer;

beforeAll(async () => {
  server = await createExportTestServer({ writer, env: { EXPORT_MAIL_MAX_BYTES: '1024', PUBLIC_URL: 'https://registry.example.org' } });
  await server.app.jobs.start();
});

afterAll(async () => {
  await server.close();
});

async function exportAndWait(body: Record<string, unknown>, as = EXPORTER): Promise<{ id: string; state: string; [key: string]: unknown }> {
  const started = await server.call('POST', '/data-export', as, body);
  expect(started.status).toBe(202);
  const id: string = started.body.results[0].id;
  return waitFor(async () => {
    const job = (await server.call('GET', `/data-export/jobs/${id}`, as)).body.results[0];
    return ['queued', 'running'].includes(job.state) ? undefined : job;
  }, 15_000);
}

/** The delivery mail of one job (its link names the job), sent to the exporter. */
const mailFor = (jobId: string): Promise<{ raw: string; text: string }> =>
  waitFor(async () => server.mails().find((m) => m.raw.includes(`To: ${EXPORTER}`) && m.text.includes(`data-export?job=${jobId}`)), 5_000);

test('a finished export is downloadable by its requester only, and mailed with the file attached; the password is in neither the mail nor the log', async () => {
  const before = server.produced.length;
  const job = await exportAndWait(exportBody({ fileName: 'small-export' }));
  expect(job).toMatchObject({ state: 'succeeded', progress: { done: 2, total: 2 }, file: { name: 'small-export.xlsx', bytes: SMALL.length, forms: 2, available: true } });
  const call = server.produced[before];
  expect(call.parameters).toMatchObject({ password: GOOD_PASSWORD, fileName: 'small-export' });
  expect(call.parameters.registryIds.length).toBe(2);
  expect(call.requester.email).toBe(EXPORTER);

  const download = await server.call('GET', `/data-export/jobs/${job.id}/file`, EXPORTER);
  expect(download.status).toBe(200);
  expect(download.raw.toString()).toBe(SMALL);
  expect(download.headers['content-disposition']).toContain('small-export.xlsx');
  expect((await server.call('GET', `/data-export/jobs/${job.id}/file`, MONITOR)).status).toBe(403);

  // The exporter's profile language is Hungarian (the default): so is the mail.
  const mail = await mailFor(job.id);
  expect(mail.text).toContain('Az adatexport (2 űrlap) elkészült.');
  expect(mail.text).toContain('A fájlt csatoltuk');
  expect(mail.raw).toMatch(/filename="?small-export\.xlsx/);
  expect(mail.text).toContain(SMALL);
  expect(mail.raw).not.toContain(GOOD_PASSWORD);
  const events = await server.db.selectFrom('application_log').select(['event', 'target_id', 'data']).where('target_id', '=', job.id).execute();
  expect(events.map((e) => e.event).sort()).toEqual(['data_export.requested', 'data_export.succeeded']);
  await flushRequestLog(server.db); // the request rows too, written in batches
  expect(JSON.stringify(await server.db.selectFrom('application_log').selectAll().execute())).not.toContain(GOOD_PASSWORD);
  expect(JSON.stringify(await server.db.selectFrom('jobs').selectAll().execute())).not.toContain(GOOD_PASSWORD);
});

test('a file over EXPORT_MAIL_MAX_BYTES is not attached: the mail links the download page, which needs sign-in', async () => {
  const job = await exportAndWait(exportBody({ fileName: 'big-export' }));
  expect(job.state).toBe('succeeded');
  const mail = await mailFor(job.id);
  expect(mail.text).toContain('A fájl túl nagy ahhoz, hogy levélben küldjük');
  expect(mail.text).toContain(`https://registry.example.org/data-export?job=${job.id}`);
  expect(mail.raw).not.toMatch(/filename=/);
});

test('a failed export says why on the page and in the mail, leaves no file, and is logged', async () => {
  const job = await exportAndWait(exportBody({ fileName: 'broken-export' }));
  expect(job).toMatchObject({ state: 'failed', errorCode: 'export_failed', error: 'the writer broke', file: null });
  expect(existsSync(exportFolder(server.config, job.id))).toBe(false);
  expect((await server.call('GET', `/data-export/jobs/${job.id}/file`, EXPORTER)).status).toBe(409);
  const mail = await mailFor(job.id);
  expect(mail.text).toContain('Az adatexport nem készült el. Ok: hiba történt a fájl írása közben.');
  const event = await server.db.selectFrom('application_log').select(['event', 'reason']).where('target_id', '=', job.id).where('event', '=', 'data_export.failed').executeTakeFirst();
  expect(event?.reason).toContain('export_failed');
});

test('an export whose instance was killed mid-way is run again after restart, with the password it was started with', async () => {
  await server.app.jobs.stop();
  const started = await server.call('POST', '/data-export', EXPORTER, exportBody({ fileName: 'crashed-export' }));
  const id: string = started.body.results[0].id;
  // What a killed process leaves: the row running, its lease run out, one attempt used.
  await server.db
    .updateTable('jobs')
    .set({ state: 'running', attempts: 1, lease_owner: 'killed:1', lease_until: new Date(Date.now() - 60_000).toISOString() })
    .where('id', '=', id)
    .execute();
  const before = server.produced.length;
  await server.app.jobs.start();
  const job = await waitFor(async () => {
    const view = (await server.call('GET', `/data-export/jobs/${id}`, EXPORTER)).body.results[0];
    return view.state === 'succeeded' ? view : undefined;
  }, 15_000);
  expect(job.attempts).toBe(2);
  expect(server.produced.slice(before).map((c) => [c.parameters.fileName, c.parameters.password])).toEqual([['crashed-export', GOOD_PASSWORD]]);
});

test('with two server instances over one database, an export runs once', async () => {
  const second = server.reopen();
  const calls: ProduceExportInput[] = [];
  const other = await buildApp({
    config: server.config,
    db: second.db,
    dialect: server.dialect,
    services: { produceExport: writer(calls), jobTiming: { pollMs: 200 } },
    resolveUser: async (request) => {
      const row = await second.db.selectFrom('users').select('id').where('email', '=', String(request.headers['x-test-user'])).executeTakeFirst();
      return row ? findAuthUser(second.db, row.id) : null;
    },
  });
  try {
    await other.jobs.start();
    const before = server.produced.length;
    const started = await other.inject({ method: 'POST', url: '/api/v1/data-export', headers: { 'x-test-user': EXPORTER }, payload: exportBody({ fileName: 'twice-export' }) });
    expect(started.statusCode).toBe(202);
    const id: string = started.json().results[0].id;
    await waitFor(async () => ((await server.call('GET', `/data-export/jobs/${id}`, EXPORTER)).body.results[0].state === 'succeeded' ? true : undefined), 15_000);
    await Promise.all([server.app.jobs.idle(), other.jobs.idle()]);
    expect(server.produced.length - before + calls.length).toBe(1);
  } finally {
    await other.close();
    await second.close();
  }
});

test('files are deleted EXPORT_RETENTION_DAYS after the export: the download then answers 410 and the list says so', async () => {
  const job = await exportAndWait(exportBody({ fileName: 'old-export' }));
  const later = new Date(Date.now() + (server.config.exports.retentionDays + 1) * 86400 * 1000);
  const { deleted } = await deleteExpiredExports(server.db, server.config, later);
  expect(deleted).toBeGreaterThanOrEqual(1);
  expect(existsSync(exportFolder(server.config, job.id))).toBe(false);
  const gone = await server.call('GET', `/data-export/jobs/${job.id}/file`, EXPORTER);
  expect(gone.status).toBe(410);
  expect(gone.body.message).toContain('deleted');
  const listed = (await server.call('GET', '/data-export/jobs', EXPORTER)).body.results.find((j: { id: string }) => j.id === job.id);
  expect(listed.file.available).toBe(false);
  // A younger export keeps its file.
  const young = await exportAndWait(exportBody({ fileName: 'young-export' }));
  await deleteExpiredExports(server.db, server.config, new Date());
  expect(readFileSync(`${exportFolder(server.config, young.id)}/export.bin`, 'utf8')).toBe(SMALL);
});
