// Runs one call with 1 or 10 concurrent clients for a few seconds (each client a loop: send, wait
// for the answer, send again) and collects the latencies, the answer codes, the rate and the
// server's event-loop delay over exactly that window.
import type { BenchMetrics } from '../../server/benchMetrics';
import type { CallSpec } from './calls';
import type { HttpClient, Json } from './http';
import type { MachineCpu } from './machineCpu';

export interface Measurement {
  clients: number;
  latencies: number[];
  statuses: Map<number, number>;
  seconds: number;
  metrics: BenchMetrics;
  /** What PostgreSQL on this machine and the benchmark's own process used in the same window. */
  machine: MachineCpu;
}

/** A draft per client for the save call; versions follow the answers (a conflict re-reads it). */
export interface SaveState {
  drafts: string[];
  values: Map<string, Json>;
  versions: Map<string, number>;
}

export interface DriveContext {
  http: HttpClient;
  token: () => string;
  metrics: () => Promise<BenchMetrics>;
  /** Starts a window of the machine's CPU beside the server's (machineCpu.ts); its result ends it. */
  cpuWindow: () => () => MachineCpu;
  save: SaveState;
}

async function readDraft(context: DriveContext, id: string): Promise<void> {
  const answer = await context.http.call('GET', `/forms/${id}`, context.token());
  if (answer.status !== 200) throw new Error(`GET /forms/${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  context.save.values.set(id, answer.body.results[0].values);
  context.save.versions.set(id, Number(answer.body.results[0].version));
}

export async function prepareSaves(context: DriveContext): Promise<void> {
  for (const id of context.save.drafts) await readDraft(context, id);
}

/** The answer's status; 0 when the connection failed (the server reset it), which the report shows. */
async function once(context: DriveContext, call: CallSpec, client: number): Promise<number> {
  try {
    return await sendOnce(context, call, client);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || (error as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    throw error;
  }
}

async function sendOnce(context: DriveContext, call: CallSpec, client: number): Promise<number> {
  if (call.kind !== 'save') return await context.http.status(call.path, context.token());
  const { drafts, values, versions } = context.save;
  if (drafts.length === 0) return 0;
  const id = drafts[client % drafts.length];
  const answer = await context.http.call('PUT', `/forms/${id}`, context.token(), { values: values.get(id), submit: false }, { 'x-form-version': String(versions.get(id)) });
  if (answer.status === 200) versions.set(id, Number(answer.body.results[0].version));
  // Two clients on one draft (a small database has few): the loser re-reads the version, unmeasured.
  else if (answer.status === 409) await readDraft(context, id);
  return answer.status;
}

/**
 * Requests each client sends before the window opens, unmeasured: a server that runs for days has
 * its code compiled and each pooled PostgreSQL connection holds the call's named statements with
 * their plans (PostgreSQL settles on a generic plan after five runs per connection), so the window
 * measures that steady state rather than the first minutes after a start.
 */
const WARM_UP_PER_CLIENT = 5;

export async function measure(context: DriveContext, call: CallSpec, clients: number, seconds: number): Promise<Measurement> {
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let round = 0; round < WARM_UP_PER_CLIENT; round += 1) await once(context, call, client);
    }),
  );
  await context.metrics();
  const endCpuWindow = context.cpuWindow();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async (client: number): Promise<void> => {
    do {
      const sent = performance.now();
      const status = await once(context, call, client);
      latencies.push(performance.now() - sent);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    } while (performance.now() < deadline);
  };
  await Promise.all(Array.from({ length: clients }, (_, client) => loop(client)));
  const elapsed = (performance.now() - started) / 1000;
  const machine = endCpuWindow();
  const metrics = await context.metrics();
  return { clients, latencies: latencies.sort((a, b) => a - b), statuses, seconds: elapsed, metrics, machine };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
