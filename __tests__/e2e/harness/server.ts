// Starts the real API server (tsx server/index.ts) on a free port over a temporary SQLite database
// with the demo seed and the outbox in its own folder. Used once per run by globalSetup, and by
// journeys that need a server with other settings (e.g. a 20-second token lifetime).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = join(__dirname, '..', '..', '..');

export interface RunningServer {
  baseUrl: string;
  workDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

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

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
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
      // Checkpoints next to the journey's data, also when a journey runs on PostgreSQL.
      AUDIT_CHECKPOINT_DIR: join(workDir, 'checkpoints'),
      APP_SECRET: randomBytes(32).toString('hex'),
      DEMO_MODE: 'true',
      STATIC_DIR: join(root, 'dist'),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitUntilHealthy(baseUrl, server, () => output);
  return { baseUrl, workDir, process: server, stop: () => stopServer(server) };
}

/**
 * The same server over a fresh PostgreSQL database of its own (created on the cluster that
 * TEST_DATABASE_URL points at, dropped on stop), so that a journey can run on both databases.
 */
export async function startPostgresServer(adminUrl: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const server = await startServer({ DATABASE_URL: url.toString(), ...extraEnv });
    return {
      ...server,
      async stop() {
        await server.stop();
        await run(`drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await run(`drop database if exists ${name} with (force)`);
    throw error;
  }
}
