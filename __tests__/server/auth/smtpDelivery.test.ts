// Mail over a real SMTP server (smtp-server on 127.0.0.1), and a mail server that is down: the
// request still succeeds and the failure is logged.
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createAuthTestServer, eventsNamed, postJson, type AuthTestServer } from './authTestKit';
import { waitFor } from '../../helpers/serverApp';

describe('with SMTP_URL set', () => {
  const received: Array<{ to: string[]; data: string }> = [];
  let smtp: SMTPServer;
  let server: AuthTestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await createAuthTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://registry.example.org' } });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('a password-reset mail is delivered to the SMTP server with its link', async () => {
    const response = await postJson(server, '/api/v1/auth/request-password-reset', { email: 'admin@example.org' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    const mail = await waitFor(async () => received.find((m) => m.to.includes('admin@example.org')));
    expect(mail.data).toMatch(/^Subject: Password reset\r?$/m);
    // Quoted-printable may fold the long link; unfold it before looking.
    const unfolded = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toMatch(/https:\/\/registry\.example\.org\/login\/reset-password#token=[A-Za-z0-9_-]{43}/);
  });
});

test('when the mail server is down the request still succeeds and the failure is logged', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const server = await createAuthTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  try {
    const response = await postJson(server, '/api/v1/auth/request-password-reset', { email: 'admin@example.org' });
    expect(response.statusCode).toBe(200);
    const [failure] = await waitFor(async () => {
      const rows = await eventsNamed(server, 'mail.failed');
      return rows.length > 0 ? rows : undefined;
    }, 5000);
    expect(failure).toMatchObject({ severity: 'error', target_name: 'admin@example.org', message: 'Mail could not be sent: password_reset' });
  } finally {
    await server.close();
  }
});
