// `npm run dev`: the API server in watch mode on 8080 and webpack-dev-server with hot reload on
// 3000, which proxies /api to the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { DEMO_MODE: 'true', STATIC_DIR: 'dist-none', ...process.env },
  }),
  spawn(bin('webpack'), ['serve', '--mode', 'development'], { cwd: root, stdio: 'inherit' }),
];

function stopAll(signal) {
  for (const child of children) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exit(code ?? 0);
  });
}
