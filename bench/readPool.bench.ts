// What a read costs through the SQLite read pool (server/db/readPool) against the main connection,
// and what one message to a worker thread and back costs on this machine. On virtual machines
// waking another thread can cost far more than the read itself; these figures tell how much of a
// list request's time the pool's hand-offs take (docs/decisions.md "SQLite read pool").
// `npm run bench readPool` (about 10 s). Prints figures, never fails on time.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ReadPool } from '../server/db/readPool/readPool';

const ROWS = 10_000;
const ROUND_TRIPS = 20_000;
const READS = 10_000;
const IN_FLIGHT = 10;

/** CPU time of the calling thread in ms (Linux), else of the whole process. */
function threadCpuMs(): number {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}

interface Figure {
  label: string;
  count: number;
  wallMs: number;
  cpuMs: number;
}

async function measure(label: string, count: number, run: () => Promise<void> | void): Promise<Figure> {
  const cpu = threadCpuMs();
  const start = performance.now();
  await run();
  return { label, count, wallMs: performance.now() - start, cpuMs: threadCpuMs() - cpu };
}

/** A message to an echoing worker thread and its answer, one after the other. */
async function bareRoundTrips(count: number): Promise<void> {
  const worker = new Worker(`const { parentPort } = require('node:worker_threads'); parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, rows: [{ id: m.id }] }));`, { eval: true });
  await new Promise<void>((resolve) => {
    let answered = 0;
    worker.on('message', () => {
      answered += 1;
      if (answered === count) resolve();
      else worker.postMessage({ id: answered, sql: 'select * from t where id = ?', parameters: [answered] });
    });
    worker.postMessage({ id: 0, sql: 'select * from t where id = ?', parameters: [0] });
  });
  await worker.terminate();
}

function createFile(dir: string): string {
  const path = join(dir, 'reads.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (id integer primary key, name text not null, registry_id text not null)');
  const insert = db.prepare('insert into t (id, name, registry_id) values (?, ?, ?)');
  db.transaction(() => {
    for (let id = 0; id < ROWS; id += 1) insert.run(id, `patient ${id}`, `registry-${id % 7}`);
  })();
  db.close();
  return path;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-read-pool-'));
  const figures: Figure[] = [];
  try {
    const path = createFile(dir);
    const sql = 'select id, name, registry_id from t where id = ?';
    figures.push(await measure('message to a worker thread and back', ROUND_TRIPS, () => bareRoundTrips(ROUND_TRIPS)));

    const main = new Database(path);
    const statement = main.prepare(sql);
    figures.push(
      await measure('point read on the main connection', READS, () => {
        for (let i = 0; i < READS; i += 1) statement.get(i % ROWS);
      }),
    );
    main.close();

    for (const size of [1, 2]) {
      const pool = new ReadPool({ path, size });
      await pool.run(sql, [0]);
      figures.push(
        await measure(`point read through the pool (${size} worker${size > 1 ? 's' : ''}), one at a time`, READS, async () => {
          for (let i = 0; i < READS; i += 1) await pool.run(sql, [i % ROWS]);
        }),
      );
      figures.push(
        await measure(`point read through the pool (${size} worker${size > 1 ? 's' : ''}), ${IN_FLIGHT} in flight`, READS, async () => {
          let next = 0;
          const client = async (): Promise<void> => {
            while (next < READS) {
              next += 1;
              await pool.run(sql, [next % ROWS]);
            }
          };
          await Promise.all(Array.from({ length: IN_FLIGHT }, client));
        }),
      );
      await pool.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`\nReads of one row by key (${ROWS.toLocaleString('en')} rows), ${new Date().toISOString()}:`);
  console.log('| what | count | wall µs each | main thread CPU µs each | per second |');
  console.log('|---|---|---|---|---|');
  for (const { label, count, wallMs, cpuMs } of figures) {
    const each = (ms: number) => ((ms * 1000) / count).toFixed(1);
    console.log(`| ${label} | ${count} | ${each(wallMs)} | ${each(cpuMs)} | ${Math.round((count * 1000) / wallMs)} |`);
  }
}

void main();
