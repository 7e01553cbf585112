// The scale benchmark's CPU bill beside the server's (bench/scale/machineCpu.ts): PostgreSQL's
// processes on this machine and the benchmark's own, and the req/s the cores allow at their sum.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { coresBound, isLocalPostgres, startCpuWindow } from '../../../bench/scale/machineCpu';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('only a PostgreSQL server on this machine has its processes counted', () => {
  expect(isLocalPostgres('postgres://postgres@127.0.0.1:5433/scale')).toBe(true);
  expect(isLocalPostgres('postgresql://app@localhost/registry')).toBe(true);
  expect(isLocalPostgres('postgres://app@/registry?host=/var/run/postgresql')).toBe(true);
  expect(isLocalPostgres('postgres://app@db.hospital.example:5432/registry')).toBe(false);
  expect(isLocalPostgres('sqlite:/var/lib/registry/data.db')).toBe(false);
});

test('the cores allow fewer requests a second the more CPU each takes', () => {
  expect(coresBound(4)).toBeCloseTo((availableParallelism() * 1000) / 4);
  expect(coresBound(8)).toBeCloseTo(coresBound(4) / 2);
});

test('the benchmark’s own CPU time in the window is counted, and no database share unless asked', () => {
  const end = startCpuWindow(false);
  const start = process.cpuUsage();
  while ((process.cpuUsage(start).user + process.cpuUsage(start).system) / 1000 < 100) {
    // Busy on purpose, as the ten clients are.
  }
  const cpu = end();
  expect(cpu.loadMs).toBeGreaterThanOrEqual(100);
  expect(cpu.databaseMs).toBeUndefined();
});

// A busy process whose name is `postgres`, as each of PostgreSQL's processes is named on Linux.
const linux = existsSync('/proc/self/schedstat') && existsSync('/usr/bin/yes');
(linux ? test : test.skip)('a busy process named postgres counts as the database’s share', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'machine-cpu-'));
  const binary = join(dir, 'postgres');
  copyFileSync('/usr/bin/yes', binary);
  const busy = spawn(binary, [], { stdio: ['ignore', 'ignore', 'ignore'] });
  try {
    await sleep(50);
    const end = startCpuWindow(true);
    await sleep(500);
    const cpu = end();
    // A core of its own would give it 500 ms; a loaded machine (the server suites' workers, a real
    // PostgreSQL beside) still gives it a fair part. Other PostgreSQL processes only add to it.
    expect(cpu.databaseMs).toBeGreaterThanOrEqual(100);
  } finally {
    busy.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
