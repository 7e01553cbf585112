// Once per browser-test run: build the client if it changed, then start the real API server.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startServer } from './server';

const root = join(__dirname, '..', '..', '..');

export default async function globalSetup(): Promise<void> {
  const build = spawnSync(process.execPath, [join(root, 'scripts/buildIfChanged.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The client build failed.');
  const server = await startServer(JSON.parse(process.env.E2E_SERVER_ENV ?? '{}'));
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_WORK_DIR = server.workDir;
  (globalThis as unknown as { e2eServer: ChildProcess }).e2eServer = server.process;
}
