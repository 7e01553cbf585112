import type { ChildProcess } from 'node:child_process';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as unknown as { e2eServer?: ChildProcess }).e2eServer;
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}
