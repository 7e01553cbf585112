// What a durable SQLite commit costs the server's event loop: ten writers commit small transactions
// (one request-log-like row each) for a few seconds, once with the sync inside SQLite's call on the
// server's thread (`synchronous = FULL`, the connection without the read pool) and once with the
// sync and checkpoints off that thread (the read pool's connection: docs/decisions.md "SQLite:
// commits synced off the event loop"). Both acknowledge a commit only once it is on disk.
// With `--pressure` another thread keeps the same disk busy writing and syncing large blocks (a
// backup, another program, the checkpoint of a large file), which is when syncs take long.
// `npm run bench commitSync -- [--seconds S] [--pressure] [--dir DIR]`. Prints figures, never fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/connection';

const WRITERS = 10;

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}
const seconds = Number(flag('--seconds') ?? 5);
const pressure = process.argv.includes('--pressure');
const baseDir = flag('--dir') ?? tmpdir();

/** Writes and syncs 8 MB blocks to a file in `dir` until stopped. */
function startDiskPressure(dir: string): Worker {
  const code = `
    const { openSync, writeSync, fsyncSync, closeSync } = require('node:fs');
    const { workerData, parentPort } = require('node:worker_threads');
    const block = Buffer.alloc(8 * 1024 * 1024, 7);
    const fd = openSync(workerData.file, 'w');
    let stop = false, at = 0;
    parentPort.on('message', () => (stop = true));
    (function loop() {
      if (stop) { closeSync(fd); parentPort.close(); return; }
      writeSync(fd, block, 0, block.length, at);
      at = (at + block.length) % (512 * 1024 * 1024);
      fsyncSync(fd);
      setImmediate(loop);
    })();`;
  return new Worker(code, { eval: true, workerData: { file: join(dir, 'pressure.bin') } });
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(label: string, readWorkers: number): Promise<void> {
  const dir = mkdtempSync(join(baseDir, 'commit-sync-'));
  const handle = openDatabase(`sqlite:${join(dir, 'bench.sqlite')}`, { readWorkers });
  const db = handle.db;
  await sql`create table log (id integer primary key, created_at text, url text, user_id text, response_time real)`.execute(db);
  await sql`create index log_created_idx on log (created_at)`.execute(db);
  await sql`create index log_user_idx on log (user_id)`.execute(db);
  const pressureWorker = pressure ? startDiskPressure(dir) : undefined;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const acks: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  const utilizationBefore = performance.eventLoopUtilization();
  delay.enable();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      while (Date.now() < deadline) {
        const started = performance.now();
        await db.transaction().execute((trx) =>
          sql`insert into log (created_at, url, user_id, response_time) values (${new Date().toISOString()}, ${'/api/v1/forms/' + writer}, ${'user-' + writer}, 1.5)`.execute(trx),
        );
        acks.push(performance.now() - started);
        // The next request of a writer arrives from the network: other work may run in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  delay.disable();
  const utilization = performance.eventLoopUtilization(utilizationBefore);
  pressureWorker?.postMessage('stop');
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
  const sorted = [...acks].sort((a, b) => a - b);
  const stats = `${(acks.length / seconds).toFixed(0)} commits/s; acknowledged after p50 ${percentile(sorted, 50).toFixed(2)} / p95 ${percentile(sorted, 95).toFixed(2)} / p99 ${percentile(sorted, 99).toFixed(2)} / max ${sorted[sorted.length - 1].toFixed(1)} ms`;
  const loop = `event loop busy ${((utilization.active / acks.length) * 1000).toFixed(0)} µs per commit, delay max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`;
  console.log(`  ${label.padEnd(40)} ${stats}; ${loop}`);
}

async function main(): Promise<void> {
  console.log(`${WRITERS} writers, ${seconds} s each${pressure ? ', the disk kept busy by another thread' : ''} (${new Date().toISOString()}):`);
  await measure('sync in SQLite on the event loop (FULL)', 0);
  await measure('sync and checkpoints off the event loop', 2);
}

void main();
