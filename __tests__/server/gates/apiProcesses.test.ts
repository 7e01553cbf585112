// Several API processes (API_PROCESSES, server/cluster.ts) run as one server: the real server on a
// temporary SQLite file, with two processes that share its port. One killed is replaced while the
// other answers; SIGTERM stops them all.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from './serverProcess';

/** The processes whose parent is `pid` and that run the server (Linux's /proc). */
function apiProcessesOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === pid && command.includes('server/index.ts')) found.push(Number(entry));
    } catch {
      // the process ended while it was read
    }
  }
  return found.sort((a, b) => a - b);
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** GET /health on a connection of its own, so that the port hands it to whichever process is next. */
function healthOnNewConnection(baseUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(`${baseUrl}/api/v1/health`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

async function waitFor<T>(read: () => T, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = read();
  }
  return value;
}

let dir: string;
let server: ServerProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-processes-'));
});

afterEach(async () => {
  await server?.kill();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

test('two API processes serve one port; one killed is replaced while the other answers; SIGTERM stops all', async () => {
  server = await startServerProcess({
    API_PROCESSES: '2',
    DATABASE_URL: `sqlite:${join(dir, 'registry.sqlite')}`,
    APP_SECRET: randomBytes(32).toString('hex'),
    MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    AUDIT_CHECKPOINT_DIR: join(dir, 'checkpoints'),
  });
  const primary = server.child.pid!;
  const started = await waitFor(() => apiProcessesOf(primary), (pids) => pids.length === 2, 10_000);
  expect(started).toHaveLength(2);
  await waitFor(() => server!.output(), (output) => output.includes('2 API processes share the port'), 10_000);
  expect(server.output()).toContain('2 API processes share the port');

  const [killed, survivor] = started;
  process.kill(killed, 'SIGKILL');
  await waitFor(() => server!.output(), (output) => output.includes('an API process stopped; starting another in its place'), 10_000);
  // New connections go to the process still running until the replacement listens (a second later at the earliest).
  const answers = [];
  for (let n = 0; n < 10; n += 1) answers.push(await healthOnNewConnection(server.baseUrl));
  expect(answers).toEqual(Array(10).fill(200));
  const replaced = await waitFor(() => apiProcessesOf(primary), (pids) => pids.length === 2 && !pids.includes(killed), 15_000);
  expect(replaced).toHaveLength(2);
  expect(replaced).toContain(survivor);
  expect(await healthOnNewConnection(server.baseUrl)).toBe(200);

  const exit = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  expect(await exit).toBe(0);
  expect(replaced.filter(alive)).toEqual([]);
}, 90_000);
