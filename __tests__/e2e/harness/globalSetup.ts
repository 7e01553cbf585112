// Once per browser-test run: build the client if it changed, then start the real API server on a
// free port over a temporary SQLite database with the demo seed and the outbox in a temp folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in 60 s:\n${log()}`);
}

export default async function globalSetup(): Promise<void> {
  const build = spawnSync(process.execPath, [join(root, 'scripts/buildIfChanged.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The client build failed.');

  const workDir = mkdtempSync(join(tmpdir(), 'registry-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(join(root, 'node_modules/.bin/tsx'), ['server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(workDir, 'registry.sqlite')}`,
      MAIL_OUTBOX_DIR: join(workDir, 'outbox'),
      APP_SECRET: randomBytes(32).toString('hex'),
      DEMO_MODE: 'true',
      STATIC_DIR: join(root, 'dist'),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...JSON.parse(process.env.E2E_SERVER_ENV ?? '{}'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitUntilHealthy(baseUrl, server, () => output);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_WORK_DIR = workDir;
  (globalThis as unknown as { e2eServer: ChildProcess }).e2eServer = server;
}
