// The real API server as a child process over the grown database (the gates' harness), with the
// benchmark's metrics switched on (server/benchMetrics.ts): metrics() asks it for the event-loop
// delay since the last call and its resident memory.
import { join } from 'node:path';
import { BENCH_METRICS_PREFIX, type BenchMetrics } from '../../server/benchMetrics';
import { startServerProcess, type ServerProcess } from '../../__tests__/server/gates/serverProcess';
import { BENCH_APP_SECRET } from './prepare';

export interface BenchServer {
  baseUrl: string;
  metrics(): Promise<BenchMetrics>;
  /** The end of the server's output, for an error message. */
  outputTail(): string;
  stop(): Promise<void>;
}

async function readMetrics(server: ServerProcess): Promise<BenchMetrics> {
  const from = server.output().length;
  server.child.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const text = server.output().slice(from);
    const at = text.indexOf(BENCH_METRICS_PREFIX);
    const end = at >= 0 ? text.indexOf('\n', at) : -1;
    if (end > 0) return JSON.parse(text.slice(at + BENCH_METRICS_PREFIX.length, end)) as BenchMetrics;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('The server did not report its metrics');
}

export async function startBenchServer(databaseUrl: string, workDir: string): Promise<BenchServer> {
  // A grown database migrates at its first start after a schema change (0029 rewrites 300,000
  // attendances on PostgreSQL: about a minute).
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    APP_SECRET: BENCH_APP_SECRET,
    BENCH_METRICS: '1',
    // Production settings (argon2 parameters, logging), quiet logs on the pipe.
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // The hourly record checkpoint is measured on its own (bench/README.md), not inside the calls.
    AUDIT_CHECKPOINT_INTERVAL: '0',
    // One sign-in per role for the whole run.
    ACCESS_TOKEN_TTL: '86400',
    SESSION_TTL: '86400',
    AUDIT_CHECKPOINT_DIR: join(workDir, 'checkpoints'),
    MAIL_OUTBOX_DIR: join(workDir, 'outbox'),
  }, 600);
  return { baseUrl: server.baseUrl, metrics: () => readMetrics(server), outputTail: () => server.output().slice(-3000), stop: () => server.stop() };
}
