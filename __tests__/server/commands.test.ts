// The two commands as an operator runs them: `tsx server/index.ts` (npm start / npm run server) and
// `tsx server/seed/cli.ts` (npm run seed). Always over a temporary SQLite file: they are about
// the process (exit codes, output, signals), which the database does not change.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_APP_SECRET } from '../helpers/serverApp';

const root = join(__dirname, '..', '..');
const tsx = join(root, 'node_modules/.bin/tsx');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-commands-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { TEST_DATABASE_URL: _ignored, ...env } = process.env;
  return {
    ...env,
    NODE_ENV: 'test',
    DATABASE_URL: `sqlite:${join(dir, 'registry.sqlite')}`,
    MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    STATIC_DIR: join(dir, 'no-client'),
    LOG_LEVEL: 'warn',
    // Given, so that demo mode does not write data/app-secret into the working tree.
    APP_SECRET: TEST_APP_SECRET,
    ...extra,
  };
}

function seed(args: string[], extra: Record<string, string> = {}): { status: number | null; output: string } {
  const result = spawnSync(tsx, ['server/seed/cli.ts', ...args], { cwd: root, env: baseEnv(extra), encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('npm run seed fills an empty database once; --reset starts over; DEMO_MODE=false refuses', () => {
  const first = seed([]);
  expect(first.status).toBe(0);
  expect(first.output).toContain('Seeded 3 institutes and 11 accounts');
  expect(first.output).toContain('admin@example.org');
  expect(first.output).toContain('Demo-Registry-2026');

  const again = seed([]);
  expect(again.status).toBe(0);
  expect(again.output).toContain('already has users: nothing seeded');

  const reset = seed(['--reset']);
  expect(reset.status).toBe(0);
  expect(reset.output).toContain('Dropped all tables');
  expect(reset.output).toContain('Seeded 3 institutes and 11 accounts');

  const refused = seed(['--reset'], { DEMO_MODE: 'false' });
  expect(refused.status).toBe(1);
  expect(refused.output).toContain('refusing');

  expect(seed(['--wipe']).status).toBe(2);
}, 60_000);

test('a bad configuration stops the server with one line per problem and exit code 1', () => {
  const result = spawnSync(tsx, ['server/index.ts'], {
    cwd: root,
    env: baseEnv({ PORT: 'abc', FORM_BACKUP: 'maybe' }),
    encoding: 'utf8',
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("PORT must be a whole number from 0 to 65535, got 'abc'");
  expect(result.stderr).toContain("FORM_BACKUP must be true or false (1/0, yes/no, on/off), got 'maybe'");
}, 30_000);

test('the server starts in demo mode, prints where it runs and the accounts, and stops on SIGTERM', async () => {
  // As `npm start` runs it (scripts/start.mjs): node with tsx's loader. The tsx wrapper relays a
  // signal only if the child confirms it within 30 ms and otherwise kills it, which a loaded
  // machine (the whole suite on two cores) sometimes missed: exit 143 instead of a clean stop.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: baseEnv({ PORT: '0', HOST: '127.0.0.1', DEMO_MODE: 'true' }),
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 30_000;
    while (!/running at (http:\/\/\S+)/.test(output)) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
    const health = await fetch(`${url}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(output).toContain(`Mail goes to ${join(dir, 'outbox')}`);
    expect(output).toContain('mfa@example.org');
    expect(output).toContain('Demo-Registry-2026');
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}, 60_000);
