// Mail goes to the outbox folder as .eml files without SMTP, and over SMTP when SMTP_URL is set.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { createMailTransport } from '../../server/mail/transport';

const logger = pino({ level: 'silent' });
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-mail-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('without SMTP each message becomes an .eml file in the outbox', async () => {
  const outbox = join(dir, 'outbox');
  const transport = createMailTransport({ smtpUrl: null, mailOutboxDir: outbox, mailFrom: 'Registry <no-reply@example.org>' }, logger);
  expect(transport.destination).toBe(outbox);
  const sent = await transport.send({ to: 'anna@example.org', subject: 'Jelszó visszaállítása', text: 'Link: http://x/reset?token=1' });
  const files = readdirSync(outbox);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\.eml$/);
  expect(sent.file).toBe(join(outbox, files[0]));
  const eml = readFileSync(join(outbox, files[0]), 'utf8');
  expect(eml).toMatch(/^To: anna@example\.org$/m);
  expect(eml).toMatch(/^From: Registry <no-reply@example\.org>$/m);
  expect(eml).toContain('Subject: =?UTF-8?');
  expect(eml).toContain('http://x/reset?token=1');
  transport.close();
});

test('with SMTP_URL the message is delivered to the SMTP server', async () => {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  try {
    const transport = createMailTransport(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailOutboxDir: join(dir, 'unused'), mailFrom: 'no-reply@example.org' },
      logger,
    );
    expect(transport.destination).toBe(`SMTP 127.0.0.1:${port}`);
    const sent = await transport.send({ to: 'anna@example.org', subject: 'Hello', text: 'Body text' });
    expect(sent.file).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Body text');
    transport.close();
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
