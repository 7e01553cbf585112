// The scale benchmark's event-loop figures (server/benchMetrics.ts): a stall of the server's own
// work counts as held in full; held never exceeds the stall itself.
import { startMeasuring } from '../../../server/benchMetrics';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the loop, as a slow request would, until it has had `ms` of CPU time (however loaded the machine). */
function busyFor(ms: number): void {
  const start = process.cpuUsage();
  const spent = () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  while (spent() < ms) {
    // Busy on purpose.
  }
}

test('a stall of the server’s own work is reported in full, as held', async () => {
  const measuring = startMeasuring();
  await sleep(30);
  measuring.take();
  busyFor(120);
  await sleep(30);
  const { eventLoop } = measuring.take();
  expect(eventLoop.max).toBeGreaterThanOrEqual(100);
  // Only the time the thread waited for a core is left out: its 120 ms on a core stay.
  expect(eventLoop.held).toBeGreaterThanOrEqual(100);
  expect(eventLoop.held).toBeLessThanOrEqual(eventLoop.max);
});
