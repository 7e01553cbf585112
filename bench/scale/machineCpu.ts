// The machine's whole CPU bill for a measured window, beside the API server's own (server/benchMetrics.ts):
// PostgreSQL's processes when the database runs on this machine, and the benchmark's own process,
// whose ten clients share the cores with both. Their sum per request bounds the requests per second
// the machine's cores allow for a call, whatever the server does with its share (bench/README.md
// "The cores' bound"). Linux only (/proc); elsewhere the database's share is unknown.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** CPU time in ms of each PostgreSQL process on this machine so far, by process id (its scheduler's own count, in ns). */
function postgresCpuByProcess(): Map<string, number> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const byProcess = new Map<string, number>();
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      byProcess.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // the process ended while it was read
    }
  }
  return byProcess;
}

const LOCAL_HOSTS = new Set(['', 'localhost', '127.0.0.1', '[::1]']);

/** Whether a database URL names a PostgreSQL server on this machine (a socket directory or a loopback host). */
export function isLocalPostgres(databaseUrl: string): boolean {
  // Not WHATWG's URL: libpq's form allows no host at all (`postgres://user@/db?host=/run/postgresql`).
  const authority = /^postgres(?:ql)?:\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^/:?]*)/.exec(databaseUrl);
  if (!authority) return false;
  const hostParameter = /[?&]host=([^&]*)/.exec(databaseUrl)?.[1];
  const host = hostParameter === undefined ? authority[1] : decodeURIComponent(hostParameter);
  return host.startsWith('/') || LOCAL_HOSTS.has(host);
}

/** CPU time in ms over a window: the database's processes (undefined: not measured here) and the load generator's. */
export interface MachineCpu {
  databaseMs?: number;
  loadMs: number;
}

/** Starts a window; the function it returns ends it. `database`: whether PostgreSQL's processes here are counted. */
export function startCpuWindow(database: boolean): () => MachineCpu {
  const databaseBefore = database ? postgresCpuByProcess() : undefined;
  const loadBefore = process.cpuUsage();
  return () => {
    const load = process.cpuUsage(loadBefore);
    const after = databaseBefore ? postgresCpuByProcess() : undefined;
    // A process that started in the window counts from zero; one that ended in it is lost (the
    // pool keeps its connections open, so that is rare).
    const databaseMs = after && databaseBefore ? [...after].reduce((sum, [pid, ms]) => sum + ms - (databaseBefore.get(pid) ?? 0), 0) : undefined;
    return { databaseMs, loadMs: (load.user + load.system) / 1000 };
  };
}

/** Requests per second the machine's cores could give a call that costs `msPerRequest` of CPU in all. */
export function coresBound(msPerRequest: number): number {
  return (availableParallelism() * 1000) / msPerRequest;
}
