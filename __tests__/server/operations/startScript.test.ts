// Issue 11 item 13: `npm start` (scripts/start.mjs) as an operator runs it. Stopping the script
// (Ctrl-C in its terminal, or SIGTERM from a service manager) stops the server it started; the
// banner says when the server listens on every interface. Over a temporary SQLite file, without
// the client build (--no-build): the test is about processes, not data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_APP_SECRET } from '../../helpers/serverApp';

const root = join(__dirname, '..', '..', '..');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-start-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function startScript(): { script: ChildProcess; output: () => string } {
  const { TEST_DATABASE_URL: _ignored, ...env } = process.env;
  const script = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '0.0.0.0',
      DEMO_MODE: 'false',
      APP_SECRET: TEST_APP_SECRET,
      DATABASE_URL: `sqlite:${join(dir, 'registry.sqlite')}`,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      AUDIT_CHECKPOINT_DIR: join(dir, 'checkpoints'),
      STATIC_DIR: join(dir, 'no-client'),
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  script.stdout?.on('data', (chunk) => (output += chunk));
  script.stderr?.on('data', (chunk) => (output += chunk));
  return { script, output: () => output };
}

function childrenOf(pid: number): number[] {
  const result = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return result.stdout.split('\n').map((line) => Number(line.trim())).filter((n) => n > 0);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.each(['SIGTERM', 'SIGINT'] as const)('%s to the start script stops the server it started; the banner names every interface', async (signal) => {
  const { script, output } = startScript();
  const exited = new Promise<number | null>((resolve) => script.on('exit', (code) => resolve(code)));
  const servers: number[] = [];
  try {
    await until(() => /running at http:\/\/localhost:\d+/.test(output()), 'the start', output);
    const port = /running at http:\/\/localhost:(\d+)/.exec(output())?.[1];
    expect(output()).toMatch(new RegExp(`Listening on every network interface \\(0\\.0\\.0\\.0\\): other computers can open http://\\S+:${port}`));
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    servers.push(...childrenOf(script.pid ?? 0));
    expect(servers).toHaveLength(1);

    script.kill(signal);
    // The server shuts down cleanly (exit code 0), and the script ends with it.
    expect(await exited).toBe(0);
    await until(() => !servers.some(isRunning), 'the server stop', output);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
  } finally {
    for (const pid of [script.pid ?? 0, ...servers]) if (pid > 0 && isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
}, 60_000);
