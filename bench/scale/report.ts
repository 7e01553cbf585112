// The figures as markdown tables (one row per role and call, the databases side by side) and the
// targets of issue 17 checked on the largest database. Never fails: it prints what is met and what
// is not.
import type { CallKind } from './calls';
import { percentile, type Measurement } from './drive';
import type { CallResult, LoadRun } from './loadRun';
import { coresBound } from './machineCpu';

export const TARGETS = { p95Ms: 25, deepP95Ms: 100, reqPerSec: 500, eventLoopMs: 50 };

const f = (ms: number): string => (Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const rate = (m: Measurement): number => m.latencies.length / m.seconds;

function codes(m: Measurement): string {
  return [...m.statuses].map(([status, n]) => (status === 200 ? '' : `${status}×${n}`)).filter(Boolean).join(' ');
}

/** The server's busy time per request with ten clients: its main thread, and the whole process. */
function busyPerRequest(m: Measurement): string {
  const requests = m.latencies.length;
  if (requests === 0) return '-';
  return `${(m.metrics.busyMs.mainThread / requests).toFixed(2)} / ${(m.metrics.busyMs.process / requests).toFixed(2)}`;
}

/**
 * The machine's CPU per request with ten clients beyond the server (PostgreSQL here, the benchmark's
 * own process), and the req/s the cores allow at the whole of it (machineCpu.ts); undefined when
 * the database's share is unknown while its processes are apart from the server's (a remote
 * PostgreSQL). SQLite's work is the server process's own.
 */
function machinePerRequest(m: Measurement, databaseInServer: boolean): { databaseMs?: number; loadMs: number; bound?: number } | undefined {
  const requests = m.latencies.length;
  if (requests === 0) return undefined;
  const databaseMs = m.machine.databaseMs === undefined ? undefined : m.machine.databaseMs / requests;
  const loadMs = m.machine.loadMs / requests;
  const known = databaseInServer ? 0 : databaseMs;
  const bound = known === undefined ? undefined : coresBound(m.metrics.busyMs.process / requests + known + loadMs);
  return { databaseMs, loadMs, bound };
}

function machineCell(m: Measurement, databaseInServer: boolean): string {
  const machine = machinePerRequest(m, databaseInServer);
  if (!machine) return '-';
  const database = databaseInServer ? 'in the server' : machine.databaseMs === undefined ? '?' : machine.databaseMs.toFixed(2);
  return `${database} / ${machine.loadMs.toFixed(2)}, ${machine.bound === undefined ? '?' : `${machine.bound.toFixed(0)}/s`}`;
}

function cells(result: CallResult | undefined, databaseInServer: boolean): string[] {
  if (!result) return ['-', '-', '-', '-', '-', '-', '-'];
  const { one, ten } = result;
  const odd = [codes(one), codes(ten)].filter(Boolean).join(' ');
  return [
    `${f(percentile(one.latencies, 50))} / ${f(percentile(one.latencies, 95))} / ${f(percentile(one.latencies, 99))}`,
    `${f(percentile(ten.latencies, 50))} / ${f(percentile(ten.latencies, 95))}, ${rate(ten).toFixed(0)}/s`,
    `${f(one.metrics.eventLoop.max)} / ${f(ten.metrics.eventLoop.max)}`,
    `${f(one.metrics.eventLoop.held)} / ${f(ten.metrics.eventLoop.held)}`,
    busyPerRequest(ten),
    machineCell(ten, databaseInServer),
    odd,
  ];
}

export function formatRuns(runs: readonly LoadRun[]): string[] {
  const lines: string[] = [];
  const header = ['role', 'call', ...runs.flatMap((run) => [`${run.label}: 1 client p50 / p95 / p99 ms`, '10 clients p50 / p95 ms, req/s', 'event loop max ms (1 / 10)', 'of it held, without waits for a core (1 / 10)', 'server ms per request at 10 clients (main thread / process)', 'database / load generator ms per request at 10 clients, req/s the cores allow at the whole', 'not 200'])];
  lines.push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  const keys = runs[runs.length - 1].results.map((r) => `${r.role}\n${r.call.name}`);
  for (const key of keys) {
    const [role, name] = key.split('\n');
    const row = [role, name, ...runs.flatMap((run) => cells(run.results.find((r) => r.role === role && r.call.name === name), run.databaseInServer))];
    lines.push(`| ${row.join(' | ')} |`);
  }
  for (const run of runs) {
    const reads = run.reads;
    const quick = reads
      ? ` Quick reads on the main thread: ${reads.answered}, statements sent back to the read workers: ${reads.demoted}; reads in the workers: ${reads.pooled}, in ${reads.messages} messages; syncs of the log off the main thread: ${reads.syncs}, checkpoints in the worker: ${reads.checkpoints}.`
      : '';
    const statements = run.statements;
    const shared = statements
      ? ` Statements on the shared pipelined connections: ${statements.pipelined}, leases that took a pooled connection beside them (a transaction counts once): ${statements.pooled}.`
      : '';
    lines.push(`${run.label}: server RSS ${run.rssStart} MB after start, ${run.rssEnd} MB at the end.${quick}${shared}`);
  }
  return lines;
}

const TIMED: readonly CallKind[] = ['list', 'count', 'dashboard'];

export function formatTargets(run: LoadRun): string[] {
  const misses: string[] = [];
  let checked = 0;
  let met = 0;
  let worstLoop = 0;
  let worstHeld = 0;
  for (const { role, call, one, ten } of run.results) {
    const missed: string[] = [];
    const check = (ok: boolean, text: string): void => {
      checked += 1;
      if (ok) met += 1;
      else missed.push(text);
    };
    const p95 = percentile(one.latencies, 95);
    if (TIMED.includes(call.kind)) check(p95 <= TARGETS.p95Ms, `p95 ${f(p95)} ms`);
    if (call.kind === 'deep') check(p95 <= TARGETS.deepP95Ms, `p95 ${f(p95)} ms`);
    if (call.kind !== 'save' && call.kind !== 'deep') {
      // A miss says what the cores allow at the call's CPU per request: at or under the target, no server on this machine meets it.
      const bound = machinePerRequest(ten, run.databaseInServer)?.bound;
      check(rate(ten) >= TARGETS.reqPerSec, `${rate(ten).toFixed(0)} req/s${bound === undefined ? '' : ` (the cores allow ${bound.toFixed(0)} at its CPU per request)`}`);
    }
    worstLoop = Math.max(worstLoop, one.metrics.eventLoop.max, ten.metrics.eventLoop.max);
    // The target is about requests holding the loop: a stall while the main thread waited for a
    // core that PostgreSQL or the benchmark's own clients held is printed, not counted.
    const held = Math.max(one.metrics.eventLoop.held, ten.metrics.eventLoop.held);
    worstHeld = Math.max(worstHeld, held);
    check(held <= TARGETS.eventLoopMs, `event loop held ${f(held)} ms`);
    if (missed.length > 0) misses.push(`  missed: ${role}, ${call.name}: ${missed.join(', ')}`);
  }
  return [
    `Targets on ${run.label} (p95 ≤ ${TARGETS.p95Ms} ms for lists, counts, dashboard; offset=50000 ≤ ${TARGETS.deepP95Ms} ms; ≥ ${TARGETS.reqPerSec} req/s at 10 clients; event loop held ≤ ${TARGETS.eventLoopMs} ms):`,
    `  ${met} of ${checked} checks met; longest event-loop stall ${f(worstLoop)} ms, longest held by the server ${f(worstHeld)} ms (the rest of a stall the main thread waited for a core).`,
    // A --calls or --roles that matches nothing checks nothing, which is not a pass.
    ...(checked === 0 ? ['  NO CALL MEASURED (see --calls and --roles)'] : misses.length === 0 ? ['  ALL TARGETS MET'] : misses),
  ];
}
