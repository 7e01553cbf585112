// For the scale benchmark only (BENCH_METRICS=1, never in production): the event-loop delay since
// the last report and the resident memory, written to stderr as one `BENCH_METRICS {json}` line
// whenever the process gets SIGUSR2, then the figures start over. A signal rather than a route:
// nothing is exposed over HTTP, and only the benchmark that started the server can send it.
// A 10 ms interval timer measures the delay (how late each tick fires). Unlike a histogram that
// only records a stall at the next tick, the report also counts the stall that has just ended and
// that no tick has seen yet, so a stall is reported in the window it happened in, and only once.
// A late tick is either the server's own work (its collector's included) or its main thread
// waiting for a core that others hold (PostgreSQL, the benchmark's clients on the same two cores):
// the main thread's time in the run queue, from Linux's scheduler accounting, tells them apart
// (`held`).
// With several API processes (server/cluster.ts) the primary gets the signal, asks each process
// over the cluster's channel and prints their figures as one line.

import type { Worker } from 'node:cluster';
import { openSync, readFileSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const BENCH_METRICS_PREFIX = 'BENCH_METRICS ';

export interface BenchMetrics {
  /**
   * Event-loop delay in ms since the last report: median, p99 and the longest stall; `held`, the
   * longest stall less the time the main thread waited in it for a core (on Linux; elsewhere the
   * same as `max`).
   */
  eventLoop: { p50: number; p99: number; max: number; held: number };
  rssMb: number;
  /**
   * Since the last report, in ms: the main thread's CPU time and the whole process's (the read
   * workers included). On a shared two-core machine a request's CPU time is a steadier measure of
   * its cost than requests per second.
   */
  busyMs: { mainThread: number; process: number };
  /**
   * SQLite with the read pool, so far: reads kept in the main thread, statements sent back to the
   * workers, the reads the workers answered with the messages that carried them there, and the
   * syncs of the log and checkpoints done off the main thread.
   */
  reads?: { answered: number; demoted: number; pooled: number; messages: number; syncs: number; checkpoints: number };
  /** PostgreSQL with shared pipelined connections, so far: statements sent on them, and leases that took a pooled connection beside them. */
  statements?: { pipelined: number; pooled: number };
}

type Counts<K extends 'reads' | 'statements'> = () => BenchMetrics[K];
const none = (): undefined => undefined;

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

/**
 * A reader of the main thread's time waiting for a core so far in ms (Linux's schedstat, in ns;
 * undefined elsewhere). The file is opened when measuring starts, never in a server without
 * BENCH_METRICS, and read from its start at each tick: one system call instead of readFileSync's
 * open, stat, read and close (0.6 % of a profiled server's time went to them).
 */
function mainThreadWaitReader(): () => number | undefined {
  let fd: number;
  try {
    fd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
  } catch {
    return () => undefined;
  }
  const buffer = Buffer.alloc(128);
  return () => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return Number(buffer.toString('latin1', 0, length).split(' ')[1]) / 1e6;
  };
}

/** The figures since the last call of `take`, which starts them over (exported for its test). */
export function startMeasuring(reads: Counts<'reads'> = none, statements: Counts<'statements'> = none): { take(): BenchMetrics } {
  let last = performance.now();
  let delays: number[] = [];
  let held = 0;
  const mainThreadWaitedMs = mainThreadWaitReader();
  let waitedSince = mainThreadWaitedMs();
  const record = (now: number): void => {
    const delay = Math.max(0, now - last - INTERVAL_MS);
    last = now;
    if (delays.length < MAX_SAMPLES) delays.push(delay);
    // Up to one interval of the wait since the last tick may have come before the tick was due;
    // only the rest is taken off the delay, so `held` errs on the long side.
    const waited = mainThreadWaitedMs();
    const waitedLate = waited === undefined || waitedSince === undefined ? 0 : Math.max(0, waited - waitedSince - INTERVAL_MS);
    held = Math.max(held, Math.max(0, delay - waitedLate));
    waitedSince = waited;
  };
  setInterval(() => record(performance.now()), INTERVAL_MS).unref();
  let mainSince = mainThreadMs();
  let cpuSince = process.cpuUsage();
  return {
    take() {
      record(performance.now());
      const main = mainThreadMs();
      const cpu = process.cpuUsage(cpuSince);
      cpuSince = process.cpuUsage();
      const sorted = delays.sort((a, b) => a - b);
      const metrics: BenchMetrics = {
        eventLoop: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? 0), held: round(held) },
        rssMb: Math.round(process.memoryUsage().rss / 1_048_576),
        busyMs: { mainThread: round(main - mainSince), process: round((cpu.user + cpu.system) / 1000) },
        reads: reads(),
        statements: statements(),
      };
      delays = [];
      held = 0;
      mainSince = main;
      return metrics;
    },
  };
}

function print(metrics: BenchMetrics): void {
  process.stderr.write(`${BENCH_METRICS_PREFIX}${JSON.stringify(metrics)}\n`);
}

/** One server process: prints its figures at each SIGUSR2. */
export function installBenchMetrics(reads: Counts<'reads'> = none, statements: Counts<'statements'> = none): void {
  const measuring = startMeasuring(reads, statements);
  process.on('SIGUSR2', () => print(measuring.take()));
}

/** The message by which the primary of several API processes (server/cluster.ts) asks each for its figures, and the answer's type. */
export const BENCH_METRICS_MESSAGE = 'bench-metrics';

/** One of several API processes: answers the primary's message with its figures. */
export function answerBenchMetrics(reads: Counts<'reads'> = none, statements: Counts<'statements'> = none): void {
  const measuring = startMeasuring(reads, statements);
  process.on('message', (message: unknown) => {
    if ((message as { type?: unknown } | null)?.type === BENCH_METRICS_MESSAGE) process.send?.({ type: BENCH_METRICS_MESSAGE, metrics: measuring.take() });
  });
}

const sum = (values: readonly number[]): number => round(values.reduce((total, value) => total + value, 0));

/**
 * The figures of several processes as one: the worst event-loop delays of any process (a stall in
 * one holds that process's requests), memory and CPU time added up with the primary's own.
 */
export function combineBenchMetrics(parts: readonly BenchMetrics[], primary: { rssMb: number; cpuMs: number }): BenchMetrics {
  const reads = parts.flatMap((part) => (part.reads ? [part.reads] : []));
  const statements = parts.flatMap((part) => (part.statements ? [part.statements] : []));
  return {
    eventLoop: {
      p50: Math.max(0, ...parts.map((part) => part.eventLoop.p50)),
      p99: Math.max(0, ...parts.map((part) => part.eventLoop.p99)),
      max: Math.max(0, ...parts.map((part) => part.eventLoop.max)),
      held: Math.max(0, ...parts.map((part) => part.eventLoop.held)),
    },
    rssMb: primary.rssMb + sum(parts.map((part) => part.rssMb)),
    busyMs: { mainThread: sum(parts.map((part) => part.busyMs.mainThread)), process: sum([primary.cpuMs, ...parts.map((part) => part.busyMs.process)]) },
    reads:
      reads.length === 0
        ? undefined
        : {
            answered: sum(reads.map((part) => part.answered)),
            demoted: sum(reads.map((part) => part.demoted)),
            pooled: sum(reads.map((part) => part.pooled)),
            messages: sum(reads.map((part) => part.messages)),
            syncs: sum(reads.map((part) => part.syncs)),
            checkpoints: sum(reads.map((part) => part.checkpoints)),
          },
    statements:
      statements.length === 0
        ? undefined
        : { pipelined: sum(statements.map((part) => part.pipelined)), pooled: sum(statements.map((part) => part.pooled)) },
  };
}

/** The primary of several API processes: at each SIGUSR2, asks every process and prints their figures as one. */
export function installCombinedBenchMetrics(processes: () => readonly Worker[]): void {
  let cpuSince = process.cpuUsage();
  process.on('SIGUSR2', () => {
    const asked = processes();
    const answers = asked.map(
      (child) =>
        new Promise<BenchMetrics>((resolve) => {
          const listener = (message: unknown): void => {
            const answer = message as { type?: unknown; metrics?: BenchMetrics } | null;
            if (answer?.type !== BENCH_METRICS_MESSAGE || !answer.metrics) return;
            child.off('message', listener);
            resolve(answer.metrics);
          };
          child.on('message', listener);
          child.send({ type: BENCH_METRICS_MESSAGE });
        }),
    );
    void Promise.all(answers).then((parts) => {
      const cpu = process.cpuUsage(cpuSince);
      cpuSince = process.cpuUsage();
      print(combineBenchMetrics(parts, { rssMb: Math.round(process.memoryUsage().rss / 1_048_576), cpuMs: (cpu.user + cpu.system) / 1000 }));
    });
  });
}
