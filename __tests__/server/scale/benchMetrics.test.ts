// The scale benchmark's event-loop figures (server/benchMetrics.ts): a stall of the server's own
// work counts as held in full; the time its thread waits for a core that others hold does not.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startMeasuring, type BenchMetrics } from '../../../server/benchMetrics';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MAIN_THREAD_SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/**
 * This thread's CPU time so far in ms: its own time on a core where Linux tells it (the whole
 * process's time, which the collector's and the loader's threads add to, ended a stall early).
 */
function mainThreadCpuMs(): number {
  if (existsSync(MAIN_THREAD_SCHEDSTAT)) return Number(readFileSync(MAIN_THREAD_SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Holds the loop, as a slow request would, until it has had `ms` of CPU time (however loaded the machine). */
function busyFor(ms: number): void {
  const start = mainThreadCpuMs();
  while (mainThreadCpuMs() - start < ms) {
    // Busy on purpose.
  }
}

/** The event-loop figures of a window in which the loop was held for 120 ms of CPU time. */
async function windowWithAStall(): Promise<BenchMetrics['eventLoop']> {
  const measuring = startMeasuring();
  await sleep(30);
  measuring.take();
  busyFor(120);
  await sleep(30);
  return measuring.take().eventLoop;
}

test('a stall of the server’s own work is reported in full, as held', async () => {
  const eventLoop = await windowWithAStall();
  expect(eventLoop.max).toBeGreaterThanOrEqual(100);
  // Only the time the thread waited for a core is left out: its 120 ms on a core stay (less the
  // part of a tick before the stall).
  expect(eventLoop.held).toBeGreaterThanOrEqual(80);
  expect(eventLoop.held).toBeLessThanOrEqual(eventLoop.max);
});

// Linux's scheduler accounting and taskset, which pins this process and two busy ones to one core.
const canPin = existsSync(`/proc/self/task/${process.pid}/schedstat`) && existsSync('/usr/bin/taskset');

(canPin ? test : test.skip)('the time the thread waits for a core held by other processes is left out of held', async () => {
  const affinity = execFileSync('taskset', ['-p', '-c', String(process.pid)], { encoding: 'utf8' }).split(':').pop()?.trim() ?? '0';
  const busy = [1, 2].map(() => spawn('taskset', ['-c', '0', process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' }));
  try {
    execFileSync('taskset', ['-p', '-c', '0', String(process.pid)]);
    await sleep(100);
    // Three processes share the core: 120 ms of this one's work take about 360 ms.
    const eventLoop = await windowWithAStall();
    expect(eventLoop.max).toBeGreaterThanOrEqual(200);
    expect(eventLoop.held).toBeGreaterThanOrEqual(80);
    expect(eventLoop.held).toBeLessThan(eventLoop.max - 60);
  } finally {
    execFileSync('taskset', ['-p', '-c', affinity, String(process.pid)]);
    for (const child of busy) child.kill('SIGKILL');
  }
});
