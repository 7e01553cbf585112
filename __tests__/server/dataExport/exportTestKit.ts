// The demo-seeded app for the data export tests: callers chosen per request (x-test-user), a small
// file writer standing in for the xlsx/ODM writers (it records what it was asked for), short job
// timings, and the outbox to read the delivery mails from.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProduceExport, ProduceExportInput } from '../../../server/export/exportContract';
import { findAuthUser } from '../../../server/users/users.repository';
import { createTestServer, type TestServer } from '../../helpers/serverApp';
import { mailText } from '../../e2e/harness/outbox';

export { ADMIN, EXPORTER, INVESTIGATOR, MONITOR } from '../registries/registryTestKit';
// Answers are checked field by field; their JSON is untyped here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any; headers: Record<string, unknown>; raw: Buffer };

export const GOOD_PASSWORD = 'Export-Passw0rd!';

export interface ExportTestServer extends TestServer {
  call(method: 'GET' | 'POST' | 'DELETE', url: string, as: string, body?: unknown): Promise<Answer>;
  /** Every call of the file writer, in order. */
  produced: ProduceExportInput[];
  /** The .eml files of the outbox, raw and decoded, oldest first. */
  mails(): { raw: string; text: string }[];
}

/** Writes `content` (default a few bytes) as the file, reporting progress in two steps. */
export function fakeWriter(calls: ProduceExportInput[], content: Buffer | string = 'PK fake encrypted workbook'): ProduceExport {
  return async (input) => {
    calls.push(input);
    await input.onProgress(1, 2);
    await input.onProgress(2, 2);
    await writeFile(input.targetPath, content);
    return { forms: 2, bytes: Buffer.byteLength(content), downloadName: `${input.parameters.fileName}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  };
}

export async function createExportTestServer(options: { env?: Record<string, string>; writer?: (calls: ProduceExportInput[]) => ProduceExport } = {}): Promise<ExportTestServer> {
  const produced: ProduceExportInput[] = [];
  const holder: { server?: TestServer } = {};
  const server = await createTestServer({
    seed: true,
    env: options.env,
    services: { produceExport: (options.writer ?? fakeWriter)(produced), jobTiming: { pollMs: 200 } },
    resolveUser: async (request) => {
      const email = request.headers['x-test-user'];
      if (typeof email !== 'string' || !holder.server) return null;
      const row = await holder.server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      return row ? findAuthUser(holder.server.db, row.id) : null;
    },
  });
  holder.server = server;
  const outbox = join(server.workDir, 'outbox');
  return {
    ...server,
    produced,
    async call(method, url, as, body) {
      const response = await server.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { 'x-test-user': as, 'accept-language': 'en' },
        ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
      });
      const json = (response.headers['content-type'] ?? '').toString().includes('json');
      return { status: response.statusCode, body: json ? response.json() : null, headers: response.headers, raw: response.rawPayload };
    },
    mails() {
      if (!existsSync(outbox)) return [];
      return readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => {
          const raw = readFileSync(join(outbox, f), 'utf8');
          return { raw, text: mailText(raw) };
        });
    },
  };
}

/** A valid request body: the demo's rheuma registry, everything else defaulted. */
export function exportBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { fileName: 'rheuma-2026', password: GOOD_PASSWORD, locale: 'en', ...overrides };
}
