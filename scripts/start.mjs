// `npm start`: build the client if its sources changed, then run the API server, which migrates,
// seeds an empty database with demo data (demo mode) and serves the client and /api/v1 on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildClientIfChanged } from './buildIfChanged.mjs';

const root = new URL('..', import.meta.url).pathname;

buildClientIfChanged();

const server = spawn(join(root, 'node_modules/.bin/tsx'), ['server/index.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { DEMO_MODE: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
