// For the scale benchmark only (BENCH_METRICS=1, never in production): the event-loop delay since
// the last report and the resident memory, written to stderr as one `BENCH_METRICS {json}` line
// whenever the process gets SIGUSR2, then the figures start over. A signal rather than a route:
// nothing is exposed over HTTP, and only the benchmark that started the server can send it.
// A 10 ms interval timer measures the delay (how late each tick fires). Unlike a histogram that
// only records a stall at the next tick, the report also counts the stall that has just ended and
// that no tick has seen yet, so a stall is reported in the window it happened in, and only once.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const BENCH_METRICS_PREFIX = 'BENCH_METRICS ';

export interface BenchMetrics {
  /** Event-loop delay in ms since the last report: median, p99 and the longest stall. */
  eventLoop: { p50: number; p99: number; max: number };
  rssMb: number;
  /**
   * Since the last report, in ms: the main thread's CPU time and the whole process's (the read
   * workers included). On a shared two-core machine a request's CPU time is a steadier measure of
   * its cost than requests per second.
   */
  busyMs: { mainThread: number; process: number };
  /**
   * SQLite with the read pool, so far: reads kept in the main thread, statements sent back to the
   * workers, and the reads the workers answered with the messages that carried them there.
   */
  reads?: { answered: number; demoted: number; pooled: number; messages: number };
}

const INTERVAL_MS = 10;
const MAX_SAMPLES = 200_000;

const round = (ms: number): number => Math.round(ms * 100) / 100;

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const CLOCK_TICK_MS = 10;

/**
 * The main thread's CPU time in ms, from Linux's per-thread accounting (the main thread's id is
 * the process id); elsewhere the event loop's active time, which also counts time the machine
 * lent to others.
 */
function mainThreadMs(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are the 12th and 13th fields after the command name, in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return performance.eventLoopUtilization().active;
  }
}

export function installBenchMetrics(reads: () => BenchMetrics['reads'] = () => undefined): void {
  let last = performance.now();
  let delays: number[] = [];
  const record = (now: number): void => {
    const delay = Math.max(0, now - last - INTERVAL_MS);
    last = now;
    if (delays.length < MAX_SAMPLES) delays.push(delay);
  };
  setInterval(() => record(performance.now()), INTERVAL_MS).unref();
  let mainSince = mainThreadMs();
  let cpuSince = process.cpuUsage();
  process.on('SIGUSR2', () => {
    record(performance.now());
    const main = mainThreadMs();
    const cpu = process.cpuUsage(cpuSince);
    cpuSince = process.cpuUsage();
    const sorted = delays.sort((a, b) => a - b);
    const metrics: BenchMetrics = {
      eventLoop: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? 0) },
      rssMb: Math.round(process.memoryUsage().rss / 1_048_576),
      busyMs: { mainThread: round(main - mainSince), process: round((cpu.user + cpu.system) / 1000) },
      reads: reads(),
    };
    delays = [];
    mainSince = main;
    process.stderr.write(`${BENCH_METRICS_PREFIX}${JSON.stringify(metrics)}\n`);
  });
}
