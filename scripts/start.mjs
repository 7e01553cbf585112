// `npm start`: build the client if its sources changed, then run the API server, which migrates,
// seeds an empty database with demo data (demo mode) and serves the client and /api/v1 on one port.
// `--no-build` skips the client build (tests, or a machine that builds elsewhere).
//
// The server runs as one child process (node with tsx's loader, no tsx wrapper in between) in its
// own process group: Ctrl-C in the terminal reaches only this script, which passes it on once,
// so the server shuts down cleanly instead of seeing two signals (its "second Ctrl-C = now").
// Stopping this script (Ctrl-C, SIGTERM, SIGHUP) stops the server; when the server ends, so does this.
import { spawn } from 'node:child_process';
import { buildClientIfChanged } from './buildIfChanged.mjs';

const root = new URL('..', import.meta.url).pathname;

if (!process.argv.includes('--no-build')) buildClientIfChanged();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
  env: { DEMO_MODE: 'true', ...process.env },
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
// Whatever ends this script otherwise (an uncaught error): the server does not outlive it.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
