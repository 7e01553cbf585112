// The real API server as a child process for the gates. Unlike the e2e harness (which runs the tsx
// command, itself a parent of the node process), node runs server/index.ts itself with the tsx
// loader, so a SIGKILL reaches the server and not a wrapper that would leave it running.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL to the server and any API processes it started: no shutdown hook, no flush; answers once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the ordinary shutdown. */
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

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy in ${seconds} s:\n${output()}`);
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the server on loopback with the given environment (DATABASE_URL, APP_SECRET, ...). A
 * grown database may first need minutes of migrations: the scale bench waits longer.
 */
export async function startServerProcess(env: Record<string, string>, healthySeconds = 60): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DEMO_MODE: 'true', STATIC_DIR: join(root, 'no-client'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: SIGKILL then reaches the API processes of API_PROCESSES too.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const kill = async (): Promise<void> => {
    const exited = exitOf(child);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // the group is gone already
    }
    await exited;
  };
  try {
    await waitUntilHealthy(baseUrl, child, () => output, healthySeconds);
  } catch (error) {
    await kill();
    throw error;
  }
  return {
    baseUrl,
    child,
    output: () => output,
    kill,
    async stop() {
      const exited = exitOf(child);
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await kill();
    },
  };
}
