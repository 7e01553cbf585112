// For the scale benchmark only (BENCH_METRICS=1, never in production): the event-loop delay since
// the last report and the resident memory, written to stderr as one `BENCH_METRICS {json}` line
// whenever the process gets SIGUSR2, then the histogram starts over. A signal rather than a route:
// nothing is exposed over HTTP, and only the benchmark that started the server can send it.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const BENCH_METRICS_PREFIX = 'BENCH_METRICS ';

export interface BenchMetrics {
  /** Event-loop delay in ms since the last report: median, p99 and the longest stall. */
  eventLoop: { p50: number; p99: number; max: number };
  rssMb: number;
}

const ms = (nanoseconds: number): number => Math.round(nanoseconds / 10_000) / 100;

export function installBenchMetrics(): void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const metrics: BenchMetrics = {
      eventLoop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) },
      rssMb: Math.round(process.memoryUsage().rss / 1_048_576),
    };
    histogram.reset();
    process.stderr.write(`${BENCH_METRICS_PREFIX}${JSON.stringify(metrics)}\n`);
  });
}
